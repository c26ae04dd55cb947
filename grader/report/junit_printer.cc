#include "report/junit_printer.h"

#include <fmt/format.h>

#include "report/escape.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

enum class Outcome { kPassed, kFailure, kError, kSkipped };

// Infrastructure trouble is not the student's failure, and JUnit has <error> for exactly that.
Outcome outcome_of(CaseStatus status) {
  if (status == CaseStatus::kPassed) return Outcome::kPassed;
  if (status == CaseStatus::kSkipped) return Outcome::kSkipped;
  if (status == CaseStatus::kInfraError) return Outcome::kError;
  return Outcome::kFailure;
}

struct Counts {
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
};

Counts count(const GradeReport& report) {
  Counts counts;
  for (const CaseResult& result : report.cases) {
    ++counts.tests;
    const Outcome outcome = outcome_of(result.status);
    counts.failures += outcome == Outcome::kFailure;
    counts.errors += outcome == Outcome::kError;
    counts.skipped += outcome == Outcome::kSkipped;
    counts.seconds += result.elapsed_ms / 1000;
  }
  return counts;
}

// Jenkins' junit-10.xsd, which GitLab and most readers follow, allows `skipped` on <testsuite> only: on
// <testsuites> it makes the file invalid.
enum class Level { kSuites, kSuite };
std::string counts_attributes(const Counts& counts, Level level) {
  const std::string skipped = level == Level::kSuite ? fmt::format(R"( skipped="{}")", counts.skipped) : "";
  return fmt::format(R"(tests="{}" failures="{}" errors="{}"{} time="{:.3f}")", counts.tests, counts.failures,
                     counts.errors, skipped, counts.seconds);
}

std::string property(std::string_view name, std::string_view value) {
  return fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", name, xml_attribute(value));
}

std::string properties(const GradeReport& report) {
  return "    <properties>\n" + property("score", points_text(report.score)) +
         property("max_score", points_text(report.max_score)) + property("verdict", to_string(report.verdict)) +
         property("submission", report.submission) + property("device", report.device) +
         property("backend", report.backend) + property("build", report.build_summary) +
         property("grader_version", report.graded_by.version) + property("grader_commit", report.graded_by.commit) +
         property("cases_hash", report.graded_by.cases_hash) + "    </properties>\n";
}

// The whole story of a failure in its element's text; a compile error carries the compiler's own words,
// because a CI page shows the failing case, not the suite's output.
std::string failure_text(const CaseResult& result, const GradeReport& report) {
  std::string text = result.message;
  if (!result.details.empty()) text += "\n\n" + result.details;
  if (result.status == CaseStatus::kCompileError && !report.build_log.empty()) {
    text += "\n\ncompiler output:\n" + report.build_log;
  }
  return text;
}

std::string outcome_element(const CaseResult& result, const GradeReport& report) {
  const Outcome outcome = outcome_of(result.status);
  if (outcome == Outcome::kPassed) return "";
  if (outcome == Outcome::kSkipped)
    return fmt::format("      <skipped message=\"{}\"/>\n", xml_attribute(result.message));
  const char* element = outcome == Outcome::kError ? "error" : "failure";
  return fmt::format("      <{0} message=\"{1}\" type=\"{2}\">{3}</{0}>\n", element, xml_attribute(result.message),
                     to_string(result.status), xml_text(failure_text(result, report)));
}

// Machine-readable lines, one fact each, for whoever reads the CI log rather than the grade.
std::string speed_facts(const SpeedResult& speed) {
  const SpeedWords words = speed_words(speed);
  std::string facts = fmt::format("median_ms: {}\nsamples: {}\nspread_percent: {}\ngflops: {}\ngbps: {}\n",
                                  words.median_ms, words.samples, words.spread_percent, words.gflops, words.gbps);
  if (!words.reference.empty()) facts += "reference: " + words.reference + "\n";
  if (!words.ratio.empty()) facts += "ratio_to_reference: " + words.ratio + "\n";
  for (const auto& [name, median_ms] : words.baselines) facts += fmt::format("baseline {}: {} ms\n", name, median_ms);
  if (!words.percent_of_baseline.empty()) facts += "percent_of_baseline: " + words.percent_of_baseline + "\n";
  if (!words.percent_of_bandwidth.empty()) facts += "percent_of_bandwidth: " + words.percent_of_bandwidth + "\n";
  facts += "speed_points: " + words.points + "\n";
  if (!words.note.empty()) facts += "note: " + words.note + "\n";
  return facts;
}

std::string efficiency_facts(const EfficiencyResult& efficiency) {
  std::string facts = fmt::format("efficiency_metric: {}\n", to_string(efficiency.metric));
  if (efficiency.value) facts += fmt::format("efficiency_value: {:.2f}\n", *efficiency.value);
  facts += fmt::format("efficiency_full: {:g}\nefficiency_zero: {:g}\nefficiency_points: {} / {}\n", efficiency.full,
                       efficiency.zero, points_text(efficiency.points), points_text(efficiency.max_points));
  facts += fmt::format("efficiency_grades: {}\n", efficiency.grades_speed ? "speed" : "case");
  if (!efficiency.counted_by.empty()) facts += "counted_by: " + efficiency.counted_by + "\n";
  if (efficiency.recount_value) {
    facts += fmt::format("recounted_at: {}\nrecount_value: {:g}\n", size_text(efficiency.recount_size),
                         *efficiency.recount_value);
  }
  if (!efficiency.note.empty()) facts += "efficiency_note: " + efficiency.note + "\n";
  return facts;
}

std::string testcase(const CaseResult& result, const GradeReport& report) {
  std::string out = fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\">\n",
                                xml_attribute(report.lab), xml_attribute(result.name), result.elapsed_ms / 1000);
  out += outcome_element(result, report);
  std::string system_out = fmt::format("points: {} / {}\n", points_text(result.points), points_text(result.max_points));
  if (result.speed) system_out += speed_facts(*result.speed);
  if (result.efficiency) system_out += efficiency_facts(*result.efficiency);
  out += "      <system-out>" + xml_text(system_out) + "</system-out>\n";
  return out + "    </testcase>\n";
}

}  // namespace

void JunitPrinter::print(const GradeReport& report) {
  const Counts counts = count(report);
  out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out_ << fmt::format("<testsuites name=\"cudagrade\" {}>\n", counts_attributes(counts, Level::kSuites));
  out_ << fmt::format("  <testsuite name=\"{}\" {}>\n", xml_attribute(report.lab),
                      counts_attributes(counts, Level::kSuite));
  out_ << properties(report);
  for (const CaseResult& result : report.cases) out_ << testcase(result, report);
  if (!report.build_log.empty()) out_ << "    <system-out>" << xml_text(report.build_log) << "</system-out>\n";
  out_ << "  </testsuite>\n</testsuites>\n";
}

}  // namespace cudagrade
