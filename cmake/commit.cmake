# cudagrade_commit(OUT): the commit these sources are, for core/version.h. -DCUDAGRADE_COMMIT wins (a copy
# without .git); else git's HEAD, with "-dirty" when tracked files differ from it; else "unknown". The
# configure step reruns when HEAD moves, so a new commit is never reported under the old one's name.
function(cudagrade_commit out)
  if(CUDAGRADE_COMMIT)
    set(${out} "${CUDAGRADE_COMMIT}" PARENT_SCOPE)
    return()
  endif()
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse HEAD
      WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE commit RESULT_VARIABLE failed
      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(NOT GIT_FOUND OR failed)
    set(${out} "unknown" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND ${GIT_EXECUTABLE} status --porcelain --untracked-files=no
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE changes ERROR_QUIET)
  if(NOT changes STREQUAL "")
    string(APPEND commit "-dirty")
  endif()
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --absolute-git-dir
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE git_dir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(EXISTS "${git_dir}/logs/HEAD")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${git_dir}/logs/HEAD")
  endif()
  set(${out} "${commit}" PARENT_SCOPE)
endfunction()
