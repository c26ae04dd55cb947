// GitHub Actions: annotations on the submission's lines and on failed cases, a Markdown job summary, and the
// result that GitHub Classroom's autograding reporter reads from a step output.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/printer.h"

namespace cudagrade {

// Prints the annotations, then the job summary with workflow commands switched off around it (it quotes what
// the submission printed); inside GitHub Actions it also writes the job summary and the result GitHub
// Classroom's reporter reads (publish_github_files).
class GithubPrinter : public Printer {
 public:
  explicit GithubPrinter(std::ostream& out) : out_(out) {}
  void print(const GradeReport& report) override;

 private:
  std::ostream& out_;
};

struct CompilerDiagnostic {
  std::string file;  // as the compiler names it: "<lab>.cu" for the submission, a full path for a header
  int line = 0;
  bool error = true;  // else a warning
  std::string message;
};

// nvcc's "<lab>.cu(13): error: ..." and the host compiler's "<lab>.cu:13:5: error: ...", each with the
// source excerpt that follows it.
std::vector<CompilerDiagnostic> parse_compiler_diagnostics(const std::string& log);

// GitHub's escaping for workflow commands, which keeps each command on one line and its properties apart.
std::string escape_workflow_data(std::string_view text);
std::string escape_workflow_property(std::string_view text);

// "::error file=...,line=...,title=...::message" lines: one per compiler diagnostic, one per failure.
std::string github_annotations(const GradeReport& report);

// Markdown for $GITHUB_STEP_SUMMARY.
std::string github_step_summary(const GradeReport& report);

// The autograding reporter's runner result: {version, status, max_score, tests: [{name, status, score, ...}]}.
nlohmann::json github_classroom_result(const GradeReport& report);
// "result=<base64 of that JSON>", the line a runner step appends to $GITHUB_OUTPUT.
std::string github_classroom_output_line(const GradeReport& report);

std::string base64_encode(std::string_view bytes);

// Appends the job summary to $GITHUB_STEP_SUMMARY and the result line to $GITHUB_OUTPUT, each only when its
// variable is set (outside Actions, nothing happens). Throws std::runtime_error when a file cannot be written.
void publish_github_files(const GradeReport& report);

}  // namespace cudagrade
