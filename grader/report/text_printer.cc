#include <fmt/format.h>

#include <algorithm>

#include "check/access_profile.h"
#include "report/escape.h"
#include "report/printer.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

std::string time_text(double ms) {
  if (ms >= 1000) return fmt::format("{:.1f} s", ms / 1000);
  if (ms >= 1) return fmt::format("{:.0f} ms", ms);
  return fmt::format("{:.2f} ms", ms);
}

// Every text that can carry what a submission or its runner printed goes through terminal_text: a message
// with ESC or CR in it must not clear the reader's screen or draw a grade of its own.
std::string indent(const std::string& raw, const std::string& prefix) {
  const std::string text = terminal_text(raw);
  std::string result;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    result += prefix + text.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return result;
}

// The simulator's memory-access profile, worst line first (check --profile).
std::string profile_text(const std::vector<AccessProfileLine>& profile) {
  if (profile.empty()) return "";
  std::string text = "\nmemory accesses, per line (the simulator's count over the first blocks of each launch):\n";
  for (const AccessProfileLine& line : profile) {
    text += fmt::format("  line {:<4} {} {} {}: {}\n", line.line, line.space == MemorySpace::kGlobal ? "global" : "shared",
                        line.store ? "store" : "load ", headline(line.source, 48), describe_cost(line));
    if (!line.advice.empty()) text += indent(line.advice, "             ");
  }
  return text;
}

}  // namespace

std::string TextPrinter::paint(const std::string& text, CaseStatus status) const {
  if (!colour_) return text;
  const char* code = status == CaseStatus::kPassed       ? "32"
                     : status == CaseStatus::kSkipped    ? "33"
                     : status == CaseStatus::kInfraError ? "35"
                                                         : "31";
  return fmt::format("\033[{}m{}\033[0m", code, text);
}

void TextPrinter::print(const GradeReport& report) {
  out_ << fmt::format("{} lab: {}\n", report.lab, terminal_text(report.submission));
  out_ << fmt::format("backend {} on {}; race check: {}; build: {}\n", report.backend,
                      terminal_text(report.device), terminal_text(report.race_check),
                      terminal_text(report.build_summary));
  out_ << graded_by_text(report.graded_by) << "\n\n";
  out_ << fmt::format("  {:<28} {:<13} {:<14} {:>9} {:>8}  {}\n", "case", "kind", "status", "points", "time",
                      "message");
  for (const CaseResult& result : report.cases) {
    std::string status = fmt::format("{:<14}", to_string(result.status));
    out_ << fmt::format("  {:<28} {:<13} {} {:>9} {:>8}  {}\n", terminal_text(result.name), to_string(result.kind),
                        paint(status, result.status), points_text(result.points) + "/" + points_text(result.max_points),
                        time_text(result.elapsed_ms), terminal_text(headline(result.message, 90)));
  }
  // A build failure or a missing GPU fails every case the same way: say it once.
  const bool all_alike =
      report.cases.size() > 1 && std::all_of(report.cases.begin(), report.cases.end(), [&](const CaseResult& result) {
        return result.status == report.cases[0].status && result.message == report.cases[0].message;
      });
  if (all_alike && report.cases[0].status != CaseStatus::kPassed) {
    out_ << fmt::format("\nevery case: {}\n",
                        paint(std::string(to_string(report.cases[0].status)), report.cases[0].status))
         << indent(report.cases[0].message, "  ");
  }
  for (const CaseResult& result : report.cases) {
    const bool failed = result.status != CaseStatus::kPassed && result.status != CaseStatus::kSkipped;
    if (all_alike || (!failed && !result.speed && !result.efficiency)) continue;
    out_ << fmt::format("\n{} ({} {}): {}\n", terminal_text(result.name), to_string(result.kind), size_text(result.size),
                        paint(std::string(to_string(result.status)), result.status));
    if (failed) out_ << indent(result.message, "  ");
    if (failed && !result.details.empty()) out_ << indent(result.details, "  ");
    if (result.speed) out_ << indent(speed_line(*result.speed), "  speed: ");
    if (result.efficiency) out_ << indent(efficiency_line(*result.efficiency), "  efficiency: ");
  }
  if (report.verdict == CaseStatus::kCompileError && !report.build_log.empty()) {
    out_ << "\ncompiler output:\n" << indent(report.build_log, "  ");
  }
  out_ << terminal_text(profile_text(report.profile));
  out_ << fmt::format("\nscore {} / {}, verdict {}\n", points_text(report.score), points_text(report.max_score),
                      paint(std::string(to_string(report.verdict)), report.verdict));
}

}  // namespace cudagrade
