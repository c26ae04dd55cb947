#include "report/redaction.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/printer_registry.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

// sample_report()'s hidden case made to fail with everything a student must not see of it: a name that
// spells its size, the size, a mismatch, a picture, a timing.
GradeReport report_with_secret_case() {
  GradeReport report = testing::sample_report();
  CaseResult& hidden = report.cases[2];
  hidden.name = "hidden-97x203x61";
  hidden.size = {97, 203, 61};
  hidden.status = CaseStatus::kWrongAnswer;
  hidden.points = 0;
  hidden.message = "C[96][60]: expected 4711, got 0";
  hidden.details = "tile <6,3> never written\n  |..?|\n";
  hidden.elapsed_ms = 123.25;
  hidden.speed = testing::sample_speed(9.75);
  total_up(report);
  return report;
}

TEST_CASE("a hidden case shows only its result and points in every format", "[redaction]") {
  const GradeReport redacted = redacted_for_students(report_with_secret_case());
  const CaseResult& shown = redacted.cases[2];
  CHECK(shown.name == "hidden case 1");
  CHECK(shown.size.empty());
  CHECK(shown.status == CaseStatus::kWrongAnswer);
  CHECK(shown.points == 0);
  CHECK(shown.max_points == 1);
  CHECK(shown.message == "wrong_answer (a hidden case: only its result is shown)");
  CHECK(shown.details.empty());
  CHECK_FALSE(shown.speed);
  CHECK(redacted.score == report_with_secret_case().score);
  CHECK(redacted.cases[1].message == report_with_secret_case().cases[1].message);  // visible cases untouched
  for (const std::string& format : printer_formats()) {
    std::ostringstream out;
    make_printer(format, out, false)->print(redacted);
    INFO(format << ":\n" << out.str());
    // The size as a printer would write it, not its digits alone: the GitHub printer's random stop-commands
    // token is hex, and "97" turned up in one.
    for (const char* secret : {"97x203", "203x61", "97, 203", "[97", "4711", "never written", "9.75", "123.2"}) {
      INFO(secret);
      CHECK(out.str().find(secret) == std::string::npos);
    }
  }
}

TEST_CASE("a hidden case with reveal: true shows everything, as a visible one does", "[redaction]") {
  GradeReport report = report_with_secret_case();
  report.cases[2].reveal = true;
  const GradeReport redacted = redacted_for_students(report);
  CHECK(redacted.cases[2].name == "hidden-97x203x61");
  CHECK(redacted.cases[2].details == report.cases[2].details);
}

}  // namespace
}  // namespace cudagrade
