# Tests of grader/intake/, added to the test binary. test_archives writes the archives they open.
target_sources(cudagrade_tests PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/intake/test_archives.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/identity_test.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/intake_test.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/lab_file_search_test.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/safe_extract_test.cc
  ${CMAKE_SOURCE_DIR}/grader/intake/safe_name_test.cc
)
