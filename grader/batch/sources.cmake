# Sources of grader/batch/ (the class grading run), added to the core library.
target_sources(cudagrade_core PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/batch/batch_grader.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/output_lock.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/progress.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/result_store.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/class_manifest.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/slurm_client.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/slurm_plan.cc
  ${CMAKE_SOURCE_DIR}/grader/batch/slurm_submit.cc
)
