#include "cli/lab_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "cli/lab_command.h"
#include "core/files.h"
#include "core/temp_dir.h"
#include "labdef/check_self_test.h"
#include "labdef/prototype.h"
#include "pipeline/grader.h"

namespace cudagrade {
namespace {

std::vector<std::filesystem::path> cu_files(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".cu") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The case the self-test uses: the suite's smallest correctness case that moves at least 4 KiB, so that "the
// last row" and "past the end" are not its first element, and the test stays quick.
const TestCase& smallest_case(const DeclaredLab& lab, const TestSuite& suite) {
  auto bytes_of = [&](const TestCase& test_case) {
    const WorkCount work = lab.work(test_case);
    return work.bytes;
  };
  const TestCase* best = &suite.cases.front();
  for (const TestCase& test_case : suite.cases) {
    if (test_case.kind == CaseKind::kPerformance) continue;
    if (bytes_of(test_case) >= 4096 && (bytes_of(*best) < 4096 || bytes_of(test_case) < bytes_of(*best))) best = &test_case;
  }
  return *best;
}

}  // namespace

LabChecker::LabChecker(const DeclaredLab& lab, PreparedRun& run, std::string sandbox)
    : lab_(lab), run_(run), sandbox_(std::move(sandbox)) {}

std::vector<LabCheckLine> LabChecker::header_matches() const {
  const LabDeclaration& declaration = lab_.declaration();
  const std::filesystem::path header = run_.paths.skeleton_dir(declaration.name) / declaration.header;
  const std::optional<std::string> text = try_read_file(header);
  if (!text) return {{false, fmt::format("{}: cannot read the lab's header", header.string())}};
  const std::regex prototype("void\\s+" + declaration.function + "\\s*\\([^)]*\\)");
  std::smatch found;
  if (!std::regex_search(*text, found, prototype)) {
    return {{false, fmt::format("{} does not declare void {}(...)", header.string(), declaration.function)}};
  }
  const PrototypeParse in_header = parse_prototype(found.str());
  const std::string declared = canonical_prototype(parse_prototype(declaration.prototype));
  if (!in_header.problem.empty() || canonical_prototype(in_header) != declared) {
    return {{false, fmt::format("{} declares `{}`, but {} says `{}`", header.string(), found.str(), declaration.file, declared)}};
  }
  return {{true, fmt::format("{} declares {}", header.string(), declared)}};
}

std::vector<LabCheckLine> LabChecker::check_rejects_wrong_answers(const TestSuite& suite) const {
  const TestCase& test_case = smallest_case(lab_, suite);
  TempDir scratch(TempDir::Medium::kDisk);
  std::vector<LabCheckLine> lines;
  for (const SelfTestFinding& finding : self_test_check(lab_, test_case, scratch.path())) {
    const std::string judged = finding.status == CaseStatus::kPassed ? "passes" : fmt::format("is {}", to_string(finding.status));
    lines.push_back({finding.as_it_should(),
                     fmt::format("case {}: {} {}{}", test_case.name, finding.answer, judged,
                                 finding.as_it_should() ? "" : fmt::format(" (it should {}): {}", finding.should_pass ? "pass" : "fail", finding.message))});
  }
  return lines;
}

LabCheckLine LabChecker::grade_file(const std::filesystem::path& file, const TestSuite& suite, const std::string& expected) const {
  GradeOptions options;
  options.include_hidden = true;
  options.confinement = confinement_named(sandbox_, run_.command_runner);
  const GradeReport report =
      grade_with_race_option(lab_, run_, options, race_check_for("sim", *run_.backend.backend), file, suite);
  const std::string verdict(to_string(report.verdict));
  std::vector<std::string> allowed;
  for (size_t at = 0; at <= expected.size();) {
    const size_t bar = std::min(expected.find('|', at), expected.size());
    allowed.push_back(expected.substr(at, bar - at));
    at = bar + 1;
  }
  const bool ok = std::find(allowed.begin(), allowed.end(), verdict) != allowed.end();
  return {ok, fmt::format("{}: {} ({} of {} points){}", file.string(), verdict, report.score, report.max_score,
                          ok ? "" : fmt::format(", expected {}", expected))};
}

std::vector<LabCheckLine> LabChecker::files_get_their_verdicts(const TestSuite& suite) const {
  const std::string& name = lab_.name();
  const std::string backend = run_.backend.backend->simulated() ? "sim" : "gpu";
  std::vector<LabCheckLine> lines;
  const std::vector<std::string>& light = lab_.declaration().speed_of_light;
  for (const std::filesystem::path& file : cu_files(run_.paths.reference_dir(name))) {
    // A speed-of-light reference moves the bytes without computing the answer: it is not meant to pass.
    if (std::find(light.begin(), light.end(), file.stem().string()) != light.end()) continue;
    lines.push_back(grade_file(file, suite, "passed"));
  }
  // As handed out, the skeleton builds and runs but does not pass.
  lines.push_back(grade_file(run_.paths.skeleton_dir(name) / lab_.submission_file(), suite, "wrong_answer"));
  for (const std::filesystem::path& file : cu_files(run_.paths.submissions_dir(name))) {
    lines.push_back(grade_file(file, suite, predicted_verdict(try_read_file(file).value_or(""), backend)));
  }
  return lines;
}

}  // namespace cudagrade
