# Sources of grader/intake/, added to the core library: a class's uploads, from what the LMS delivered to
# one gradable file per student. libarchive (Debian: libarchive-dev) opens the students' archives.
target_sources(cudagrade_core PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/intake/identity.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/intake.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/lab_file_search.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/safe_extract.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/safe_name.cc
)
find_package(LibArchive REQUIRED)
target_link_libraries(cudagrade_core PUBLIC LibArchive::LibArchive)
