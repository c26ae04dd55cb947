# Sources of grader/gradebook/, added to the core library: the instructor's outputs of `cudagrade grade`.
target_sources(cudagrade_core PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/gradebook/class_stats.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/gradebook_files.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/grade_export.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/speed_merge.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/grades_csv.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/html_page.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/late_policy.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/layout.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/roster.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/similarity_json.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/similarity_report.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/similarity_section.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/source_view.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/student_report.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/summary_charts.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/summary_page.cc
)
