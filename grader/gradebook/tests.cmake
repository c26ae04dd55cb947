# Tests of grader/gradebook/, added to the test binary; sample_class.cc is their shared fixture.
target_sources(cudagrade_tests PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/gradebook/class_stats_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/speed_merge_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/grade_export_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/grades_csv_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/late_policy_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/roster_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/similarity_report_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/similarity_section_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/source_view_test.cc
  ${CMAKE_SOURCE_DIR}/tests/testing/sample_class.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/student_report_test.cc
  ${CMAKE_SOURCE_DIR}/grader/gradebook/summary_page_test.cc
)
