# `cmake --install build --prefix P`: P/bin/cudagrade and its data in P/share/cudagrade, laid out as the
# source tree is, so the binary finds it relative to itself (core/paths.h) wherever P is. The data is what
# grading reads (the runner harness, cusim, each lab's entry and baselines, skeletons, references, test cases)
# and what `cudagrade package` copies to build a platform's grader from (the grader's sources, CMake files and
# scripts/install-deps.sh with its lists). A course's own labs (labs/<lab>/lab.yaml and its folders) and test cases live outside (--root, --cases).
# `cpack -G DEB` (in the build folder) makes the .deb: it depends on the shared libraries the binary links
# (dpkg-shlibdeps) and on what grading runs (scripts/deps/grade.txt), never on build or test tools.
set(cudagrade_data ${CMAKE_INSTALL_DATADIR}/cudagrade)
install(TARGETS cudagrade RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY grader/ DESTINATION ${cudagrade_data}/grader
  PATTERN "*_test.cc" EXCLUDE PATTERN "*_test.sh" EXCLUDE)
install(DIRECTORY skeleton reference testcases labs cmake DESTINATION ${cudagrade_data})
install(FILES CMakeLists.txt README.md DESTINATION ${cudagrade_data})
install(PROGRAMS scripts/install-deps.sh DESTINATION ${cudagrade_data}/scripts)
install(DIRECTORY scripts/deps DESTINATION ${cudagrade_data}/scripts)

file(STRINGS ${CMAKE_SOURCE_DIR}/scripts/deps/grade.txt grade_lines)
set(grade_packages "")
foreach(line IN LISTS grade_lines)
  string(REGEX REPLACE "#.*" "" line "${line}")
  string(STRIP "${line}" line)
  if(line)
    list(APPEND grade_packages ${line})
  endif()
endforeach()
list(JOIN grade_packages ", " grade_depends)

set(CPACK_PACKAGE_NAME cudagrade)
set(CPACK_PACKAGE_VENDOR "cudagrade")
set(CPACK_PACKAGE_CONTACT "cudagrade maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "CUDA lab autograder: grades a kernel on a GPU or in its CPU simulator")
set(CPACK_PACKAGE_INSTALL_DIRECTORY cudagrade)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # cudagrade_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)  # the debug info of a RelWithDebInfo build is most of the binary's size
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${grade_depends}")
set(CPACK_GENERATOR DEB)
include(CPack)
