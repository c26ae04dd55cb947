// The simulator's memory-access profile of one submission (check --profile): each case's counts kept as
// its first order answers, and at the end placed on the lines of the student's file (check/access_profile.h).
#include "core/command_runner.h"
#include "core/files.h"
#include "pipeline/grader.h"
#include "run/source_lines.h"

namespace cudagrade {

void Grader::keep_access_counts(const RunnerReply& reply) {
  const auto field = reply.fields.find("profile");
  if (reply.outcome != RunnerReply::Outcome::kOk || field == reply.fields.end()) return;
  // A reply the runtime did not write is left out: the profile is advice, never a grade.
  if (std::optional<std::vector<AccessCount>> counts = parse_access_counts(field->second)) {
    add_access_counts(access_counts_, *counts);
  }
}

void Grader::put_profile(const std::filesystem::path& submission, GradeReport& report) {
  std::vector<uint64_t> offsets;
  for (const AccessCount& count : access_counts_) offsets.push_back(count.code_offset);
  SubprocessCommandRunner addr2line;
  const std::map<uint64_t, int> lines = student_lines(offsets, student_runner_, addr2line);
  report.profile = profile_lines(access_counts_, lines, try_read_file(submission).value_or(""));
  access_counts_.clear();
}

}  // namespace cudagrade
