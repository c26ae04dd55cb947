#include "report/github_printer.h"
#include "report/report_text.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/files.h"
#include "core/temp_dir.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

using testing::compile_error_report;
using testing::kNvccLog;
using testing::kSubmission;
using testing::sample_report;

std::string base64_decode(const std::string& text) {
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    if (c == '=') break;
    bits = bits << 6 | static_cast<uint32_t>(alphabet.find(c));
    if ((count += 6) >= 8) bytes += static_cast<char>((bits >> (count -= 8)) & 0xFF);
  }
  return bytes;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_CASE("workflow command data and properties are escaped as GitHub's toolkit does", "[github]") {
  CHECK(escape_workflow_data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b");
  CHECK(escape_workflow_property("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext%3A a%2Cb");
}

TEST_CASE("compiler diagnostics are read from an nvcc log with their file, line and source excerpt", "[github]") {
  const std::vector<CompilerDiagnostic> diagnostics = parse_compiler_diagnostics(kNvccLog);
  REQUIRE(diagnostics.size() == 4);
  CHECK(diagnostics[0].file == "matmul.cu");
  CHECK(diagnostics[0].line == 7);
  CHECK_FALSE(diagnostics[0].error);
  CHECK(diagnostics[0].message == "variable \"unused\" was declared but never referenced\n      int unused;");
  CHECK(diagnostics[1].line == 13);
  CHECK(diagnostics[1].error);
  CHECK(diagnostics[1].message == "identifier \"acc\" is undefined\n        acc += A[row * K + k] * B[k * N + col];");
  CHECK(diagnostics[2].file == "matmul.cu");
  CHECK(diagnostics[2].line == 21);
  CHECK(diagnostics[2].message == "'launch' was not declared in this scope");
  CHECK(diagnostics[3].file == "/opt/cudagrade/skeleton/matmul/matmul.cuh");
  CHECK(diagnostics[3].line == 4);
}

TEST_CASE("a very long source line in the log is cut, not allowed to crash the parser", "[github]") {
  const std::string long_line(200000, 'x');
  const std::string log = "matmul.cu(2): error: expression too long\n" + long_line + "\n" + long_line + ": error: no\n";
  const std::vector<CompilerDiagnostic> diagnostics = parse_compiler_diagnostics(log);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].message.size() < 1000);
  CHECK_THAT(diagnostics[0].message, Catch::EndsWith("xxx..."));
}

TEST_CASE("a compile error is annotated on the submission's lines, not once per case", "[github]") {
  const std::vector<std::string> annotations = lines_of(github_annotations(compile_error_report()));
  REQUIRE(annotations.size() == 3);  // the header's error is the grader's, not a line of the student's
  CHECK(annotations[0] ==
        "::warning file=submissions/matmul/student.cu,line=7,title=compiler warning::variable \"unused\" was "
        "declared but never referenced%0A      int unused;");
  CHECK(annotations[1] ==
        "::error file=submissions/matmul/student.cu,line=13,title=compile error::identifier \"acc\" is "
        "undefined%0A        acc += A[row * K + k] * B[k * N + col];");
  CHECK(annotations[2] ==
        "::error file=submissions/matmul/student.cu,line=21,title=compile error::'launch' was not declared in "
        "this scope");
}

TEST_CASE("a compile error without a line (a link error) still gets one annotation", "[github]") {
  GradeReport report = compile_error_report();
  report.build_log = "/usr/bin/ld: object.o: in function `main':\nmultiple definition of `main'\n";
  report.build_summary = "link error: multiple definition of `main'";
  CHECK(github_annotations(report) ==
        "::error file=submissions/matmul/student.cu,title=compile error::link error: multiple definition of `main'\n");
}

TEST_CASE("failed cases are annotated without a location, alike failures once", "[github]") {
  GradeReport report = sample_report();
  CaseResult no_gpu = testing::sample_case("square-256", CaseKind::kSquare, CaseStatus::kInfraError);
  no_gpu.message = "no usable GPU: 100% busy\nretry later";
  report.cases.push_back(no_gpu);
  no_gpu.name = "square-512";
  report.cases.push_back(no_gpu);
  total_up(report);
  const std::vector<std::string> annotations = lines_of(github_annotations(report));
  REQUIRE(annotations.size() == 2);
  CHECK(annotations[0] ==
        "::error title=non-multiple-100%3A wrong_answer::37 of 10000 checked elements of C are wrong");
  CHECK(annotations[1] ==
        "::error title=square-256%2C square-512%3A infra_error::no usable GPU: 100%25 busy%0Aretry later");
}

constexpr const char* kRaceMessage =
    "read-after-write data race on shared array 'Bs' (declared at line 13) in kernel matmul_kernel, block (0,0,0): "
    "thread (0,0,0) writes it at line 20 and thread (0,2,0) reads it at line 22 with no barrier between. Add "
    "__syncthreads() between the write at line 20 and the read at line 22.";

TEST_CASE("the student's lines a message names: a race's two accesses, a rejection's line, not a declaration",
          "[github]") {
  CHECK(student_lines_in(kRaceMessage, "matmul.cu") == std::vector<int>{20, 22});
  CHECK(student_lines_in("rejected: matmul.cu line 6: #include \"/etc/passwd\": absolute paths may not be included",
                         "matmul.cu") == std::vector<int>{6});
  CHECK(student_lines_in("rejected: matmul.cuh line 6: a header", "matmul.cu").empty());
  CHECK(student_lines_in("37 of 10000 checked elements of C are wrong", "matmul.cu").empty());
}

TEST_CASE("a race is annotated on both of its lines, a rejection on its line", "[github]") {
  GradeReport report = sample_report();
  report.cases[1].status = CaseStatus::kRace;
  report.cases[1].message = kRaceMessage;
  total_up(report);
  const std::vector<std::string> annotations = lines_of(github_annotations(report));
  REQUIRE(annotations.size() == 2);
  CHECK_THAT(annotations[0], Catch::StartsWith("::error file=submissions/matmul/student.cu,line=20,"
                                               "title=non-multiple-100%3A race::read-after-write data race"));
  CHECK_THAT(annotations[1], Catch::StartsWith("::error file=submissions/matmul/student.cu,line=22,"));

  GradeReport rejected = sample_report();
  for (CaseResult& result : rejected.cases) {
    result.status = CaseStatus::kRejected;
    result.message = "rejected: matmul.cu line 5: #include <cublas_v2.h>: a library that would do the lab's work";
  }
  total_up(rejected);
  CHECK_THAT(github_annotations(rejected),
             Catch::StartsWith("::error file=submissions/matmul/student.cu,line=5,title=square-128%2C "));
}

TEST_CASE("past 10 errors the 10th annotation folds the rest in, since GitHub drops them", "[github]") {
  GradeReport report = sample_report();
  report.cases.clear();
  for (int i = 0; i < 14; ++i) {
    CaseResult result = testing::sample_case("case-" + std::to_string(i), CaseKind::kSquare, CaseStatus::kCrashed);
    result.message = "illegal address at line " + std::to_string(100 + i);
    report.cases.push_back(result);
  }
  total_up(report);
  const std::vector<std::string> annotations = lines_of(github_annotations(report));
  REQUIRE(annotations.size() == 10);
  CHECK_THAT(annotations[8], Catch::StartsWith("::error file=submissions/matmul/student.cu,line=108,"));
  CHECK_THAT(annotations[9], Catch::StartsWith("::error title=5 more errors (GitHub shows 10)::line 109: "
                                               "illegal address at line 109%0Aline 110: "));
  CHECK_THAT(annotations[9], Catch::Contains("line 113: illegal address at line 113"));
}

TEST_CASE("the job summary gives the verdict, a table of cases, the speed and each failure", "[github]") {
  const std::string summary = github_step_summary(sample_report());
  CHECK_THAT(summary, Catch::StartsWith("## ❌ matmul: wrong_answer, 7 / 8 points\n"));
  CHECK_THAT(summary, Catch::Contains("| square-128 | square | 128x128x128 | ✅ passed | 1 / 1 | 2.5 ms | all elements "
                                      "of C are right |"));
  CHECK_THAT(summary, Catch::Contains("| non-multiple-100 | non-multiple | 128x128x128 | ❌ wrong_answer | 0 / 1 |"));
  CHECK_THAT(summary, Catch::Contains("| performance-4096 | 1.5 | 20 | 0.40% | 91625 | 0 | tiled_boundary (3 ms) "
                                      "| 0.5x | cublas 1 ms | 4 |"));
  // Markup in a failure's text is shown, not rendered.
  CHECK_THAT(summary, Catch::Contains("<details><summary>non-multiple-100: wrong_answer</summary>"));
  CHECK_THAT(summary, Catch::Contains("C[99][0]: expected 12, got 0 | tile &lt;1,2&gt;"));
}

TEST_CASE("a compile error's summary opens the compiler output", "[github]") {
  const std::string summary = github_step_summary(compile_error_report());
  CHECK_THAT(summary, Catch::StartsWith("## ❌ matmul: compile_error, 0 / 8 points\n"));
  CHECK_THAT(summary, Catch::Contains("<details open><summary>compiler output</summary>"));
  CHECK_THAT(summary, Catch::Contains("-diag-suppress &lt;warning-number&gt;"));
}

TEST_CASE("the printer annotates, then quotes the summary with workflow commands switched off", "[github]") {
  GradeReport report = sample_report();
  report.cases[1].details = "the program printed:\n::error file=README.md::forged\n";
  std::ostringstream out;
  GithubPrinter(out).print(report);
  const std::vector<std::string> lines = lines_of(out.str());
  const auto stop = std::find_if(lines.begin(), lines.end(),
                                 [](const std::string& line) { return line.rfind("::stop-commands::", 0) == 0; });
  REQUIRE(stop != lines.end());
  const std::string token = stop->substr(std::string("::stop-commands::").size());
  CHECK(token.size() >= 32);
  CHECK(lines.back() == "::" + token + "::");
  CHECK(lines.front().rfind("::error title=non-multiple-100", 0) == 0);
  const auto forged = std::find(lines.begin(), lines.end(), "::error file=README.md::forged");
  CHECK(forged > stop);
  CHECK(forged < lines.end() - 1);
}

TEST_CASE("GitHub Classroom gets the runner result it reads, base64-encoded for $GITHUB_OUTPUT", "[github]") {
  const nlohmann::json result = github_classroom_result(sample_report());
  CHECK(result["version"] == 1);
  CHECK(result["status"] == "fail");
  CHECK(result["max_score"] == 8.0);
  REQUIRE(result["tests"].size() == 4);
  const nlohmann::json& wrong = result["tests"][1];
  CHECK(wrong["name"] == "non-multiple-100");
  CHECK(wrong["status"] == "fail");
  CHECK(wrong["score"] == 0.0);
  CHECK_THAT(wrong["message"].get<std::string>(), Catch::Contains("37 of 10000"));
  CHECK(wrong["filename"] == kSubmission);
  CHECK(result["tests"][3]["status"] == "pass");
  CHECK(result["tests"][3]["score"] == 5.0);

  const std::string line = github_classroom_output_line(sample_report());
  REQUIRE(line.rfind("result=", 0) == 0);
  CHECK(line.find('\n') == std::string::npos);
  CHECK(nlohmann::json::parse(base64_decode(line.substr(7))) == result);

  CHECK(github_classroom_result(compile_error_report())["status"] == "fail");
  GradeReport all_passed = sample_report();
  all_passed.cases.erase(all_passed.cases.begin() + 1);
  total_up(all_passed);
  CHECK(github_classroom_result(all_passed)["status"] == "pass");
}

TEST_CASE("base64 pads as RFC 4648 says", "[github]") {
  CHECK(base64_encode("") == "");
  CHECK(base64_encode("f") == "Zg==");
  CHECK(base64_encode("fo") == "Zm8=");
  CHECK(base64_encode("foo") == "Zm9v");
  CHECK(base64_encode(std::string_view("\xff\xfe\x00x", 4)) == "//4AeA==");
}

// Sets (or, given nullopt, unsets) an environment variable for one test and puts back what was there.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::optional<std::string>& value) : name_(name) {
    const char* old = std::getenv(name);
    if (old != nullptr) old_ = old;
    value ? setenv(name, value->c_str(), 1) : unsetenv(name);
  }
  ~ScopedEnv() { old_ ? setenv(name_, old_->c_str(), 1) : unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST_CASE("the summary and the classroom result are appended where GitHub's variables point", "[github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const auto summary_file = dir.path() / "summary.md";
  const auto output_file = dir.path() / "output";
  std::ofstream(summary_file) << "# an earlier step\n";
  std::ofstream(output_file) << "earlier=1\n";
  {
    ScopedEnv summary("GITHUB_STEP_SUMMARY", summary_file.string());
    ScopedEnv output("GITHUB_OUTPUT", output_file.string());
    publish_github_files(sample_report());
  }
  CHECK(read_file(summary_file) == "# an earlier step\n" + github_step_summary(sample_report()));
  CHECK(read_file(output_file) == "earlier=1\n" + github_classroom_output_line(sample_report()) + "\n");
}

TEST_CASE("the github printer writes GitHub's files itself, so no caller special-cases the format", "[github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const auto summary_file = dir.path() / "summary.md";
  const auto output_file = dir.path() / "output";
  std::ostringstream printed;
  {
    ScopedEnv summary("GITHUB_STEP_SUMMARY", summary_file.string());
    ScopedEnv output("GITHUB_OUTPUT", output_file.string());
    GithubPrinter(printed).print(sample_report());
  }
  CHECK_THAT(printed.str(), Catch::Contains(github_step_summary(sample_report())));
  CHECK(read_file(summary_file) == github_step_summary(sample_report()));
  CHECK(read_file(output_file) == github_classroom_output_line(sample_report()) + "\n");
}

TEST_CASE("outside GitHub Actions nothing is written, and an unwritable file is an error", "[github]") {
  TempDir dir(TempDir::Medium::kDisk);
  {
    ScopedEnv summary("GITHUB_STEP_SUMMARY", "");
    ScopedEnv output("GITHUB_OUTPUT", std::nullopt);
    CHECK_NOTHROW(publish_github_files(sample_report()));
  }
  ScopedEnv summary("GITHUB_STEP_SUMMARY", (dir.path() / "missing" / "summary.md").string());
  CHECK_THROWS_AS(publish_github_files(sample_report()), std::runtime_error);
}

TEST_CASE("the summary has an efficiency table: the figure, its thresholds, what counted it", "[github][efficiency]") {
  std::ostringstream out;
  GithubPrinter(out).print(testing::with_efficiency_case(sample_report()));
  CHECK_THAT(out.str(), Catch::Contains("### Efficiency"));
  CHECK_THAT(out.str(),
             Catch::Contains("| efficiency-global-traffic | global_traffic_ratio | 21.67 | 4 | 48 | 0.5 / 1 | simulator |"));
}

}  // namespace
}  // namespace cudagrade
