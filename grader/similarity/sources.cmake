# Sources of grader/similarity/, added to the core library: the class's similarity check (tokens, winnowing,
# the pairs), which the gradebook reports.
target_sources(cudagrade_core PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/similarity/class_similarity.cc
  ${CMAKE_SOURCE_DIR}/grader/similarity/cuda_tokens.cc
  ${CMAKE_SOURCE_DIR}/grader/similarity/winnowing.cc
)
