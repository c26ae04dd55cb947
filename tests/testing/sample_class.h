// A class of graded uploads for the gradebook's tests (linked into the test binary only, tests.cmake), built
// from testing/sample_reports.h's reports so that they carry real cases, speeds and compile logs.
//
// Given in this order (not sorted, so that every output must sort):
//   s04 "<script>alert(1)</script>"  passed 8/8, performance ratio 3.0, a message with markup
//   s06 "Alan Turing"               wrong_answer 2/8, ratio 0.25, SUPERSEDED by the s06 upload at the end
//   s02 Doe, "Jane"                 wrong_answer 7/8 (the sample's mismatch and picture), ratio 1.2,
//                                   a message starting with "-"
//   s05 "Grace Hopper"              missing_file: no report, 0/0, a note
//   s01 "Ada Lovelace"              passed 8/8, ratio 0.5
//   s03 =HYPERLINK("http://evil.example","x") + "\nline two"
//                                   compile_error 0/8 with the sample nvcc log
//   s07 "Edsger Dijkstra"           timeout 2/8: rectangular-hidden skipped, performance-4096 timed out
//   s06 "Alan Turing"               passed 8/8, ratio 1.0 (the upload that counts)
// The suite: square-128 (1), non-multiple-100 (1), rectangular-hidden (1), performance-4096 (5).
#pragma once

#include <string>
#include <vector>

#include "model/student_result.h"

namespace cudagrade::testing {

// A StudentResult for a graded report: status, score and max_score from the report's verdict and totals.
StudentResult graded_student(std::string id, std::string name, GradeReport report);

// A sample report whose every case passed, its performance case at ratio times the reference's time.
GradeReport passing_report(double ratio);

std::vector<StudentResult> sample_class();

// How many times needle occurs in text (tag balance, one row a student).
size_t occurrences(const std::string& text, const std::string& needle);

// Checks that an HTML page is self-contained and well formed enough to trust: every <table>, <svg>,
// <details>, <pre>, <ul> and <a> closed, no script, no stylesheet or image fetched, links only to reports and
// to anchors in the page (#case-<n>, #L<line>, #pair-<n>).
void check_html_page(const std::string& html);

}  // namespace cudagrade::testing
