# Tests of grader/similarity/, added to the test binary.
target_sources(cudagrade_tests PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/similarity/class_similarity_test.cc
  ${CMAKE_SOURCE_DIR}/grader/similarity/cuda_tokens_test.cc
  ${CMAKE_SOURCE_DIR}/grader/similarity/winnowing_test.cc
)
