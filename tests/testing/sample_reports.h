// Grade reports for the printers' tests, as grading a matmul submission produces them. Each test starts from
// these and changes only what it is about, so a change to GradeReport is made here once.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "model/report.h"

namespace cudagrade::testing {

// The submission every sample report grades.
extern const char* const kSubmission;  // "submissions/matmul/student.cu"

// What nvcc printed for a file with an unused variable and an undeclared one, with a host compiler error and
// an error in the grader's own header after them: a warning and three errors, each with its source excerpt.
extern const char* const kNvccLog;

// nvcc's words for one error, with nothing between the error and the tally.
extern const char* const kNvccOneErrorLog;

// A case at 128x128x128 that took 2.5 ms, with all of its points when it passed and none otherwise.
CaseResult sample_case(std::string name, CaseKind kind, CaseStatus status, double max_points = 1);

// A timed run of median_ms (20 samples, 0.4% spread) against the reference tiled_boundary at 3 ms and cuBLAS
// at 1 ms, 91625 GFLOP/s, 4 speed points.
SpeedResult sample_speed(double median_ms);

// Every kind of case a printer shows, in this order: square-128 passed; non-multiple-100 a wrong answer with
// details (a mismatch with markup in it, and a picture); rectangular-hidden, hidden and passed;
// performance-4096 passed in 1.5 s, timed at 1.5 ms (sample_speed). Verdict wrong_answer, 7 of 8 points.
// Graded by cudagrade 9.8.7, commit abc123def456, on test cases 0123456789abcdef.
GradeReport sample_report();

// `report` as a run without a GPU gives it: backend sim, and every timed case's speed unmeasured under
// `policy` (its speed points out of max_points for kExclude, at 0 for kZero), with the note in its message.
GradeReport simulated_report(GradeReport report, SpeedWithoutGpu policy = SpeedWithoutGpu::kExclude);
// `report` with one more case, "efficiency-global-traffic" (kind efficiency, 64x64x64): the simulator counted
// global_traffic_ratio 21.67 against full 4 and zero 48, 0.5 of its 1 point.
GradeReport with_efficiency_case(GradeReport report);

// The report failing to compile with build_log, as the grader writes it: every case a compile error whose
// message is the build summary (the log's first error), no points, nothing timed.
GradeReport compile_error_report(GradeReport report, const std::string& build_log);
// sample_report() failing to compile with kNvccLog.
GradeReport compile_error_report();

// The element of what a printer wrote (JUnit's testcases read back, Gradescope's tests) whose "name" is name;
// fails the test when there is none.
const nlohmann::json& element_named(const nlohmann::json& elements, const std::string& name);

}  // namespace cudagrade::testing
