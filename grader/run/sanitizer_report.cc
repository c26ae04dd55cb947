#include "run/sanitizer_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <regex>
#include <vector>

namespace cudagrade {
namespace {

constexpr std::string_view kToolPrefix = "=========";

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

// What the tool wrote on each of its lines, after its prefix. A program's printf without a newline can sit in
// front of the prefix on the same line, so the prefix is looked for anywhere in the line.
std::vector<std::string> tool_lines(std::string_view output) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < output.size()) {
    size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    const std::string_view line = output.substr(start, end - start);
    if (const size_t at = line.find(kToolPrefix); at != std::string_view::npos) {
      lines.emplace_back(trimmed(line.substr(at + kToolPrefix.size())));
    }
    start = end + 1;
  }
  return lines;
}

bool output_dropped(std::string_view output) {
  static const std::regex kDropped(R"(\[\d+ more bytes of output dropped\])");
  return std::regex_search(output.begin(), output.end(), kDropped);
}

// "(596, 0, 0)" and "(596,0,0)" alike, as the simulator writes them: "(596,0,0)".
std::string triple(const std::string& inside) {
  std::string compact;
  for (char c : inside) {
    if (c != ' ') compact += c;
  }
  return "(" + compact + ")";
}

// "tiled(const float *, int)" -> "tiled"; "void ns::k<(int)4>(T1)" -> "ns::k<(int)4>".
std::string kernel_name(std::string signature) {
  if (signature.rfind("void ", 0) == 0) signature.erase(0, 5);
  int depth = 0;
  for (size_t i = 0; i < signature.size(); ++i) {
    if (signature[i] == '<') ++depth;
    if (signature[i] == '>') --depth;
    if (signature[i] == '(' && depth == 0 && i > 0) return signature.substr(0, i);
  }
  return signature;
}

// Where an access happened, as the simulator names it: "line 13" in the student's .cu file, "file.h:13" in
// another, and the kernel.
struct Place {
  std::string kernel = "an unknown kernel";
  std::string line = "an unknown line";
};

// "tiled(...)+0x2f0 in matmul.cu:13" (compute-sanitizer), "0x00001078 in kernel.cu:167:IMGVF_kernel(float**)"
// (cuda-memcheck), or "pre_block_prefix_sum+0x860" (a file built without line information).
Place place_of(const std::string& text) {
  Place place;
  const size_t in = text.find(" in ");
  const std::string code = text.substr(0, in);
  if (code.rfind("0x", 0) != 0) place.kernel = kernel_name(code.substr(0, code.rfind("+0x")));
  if (in == std::string::npos) return place;
  static const std::regex kFileLine(R"(^(.*?):(\d+)(?::(.*))?$)");
  std::smatch match;
  const std::string where = text.substr(in + 4);
  if (!std::regex_match(where, match, kFileLine)) return place;
  const std::filesystem::path file(match[1].str());
  place.line = file.extension() == ".cu" ? "line " + match[2].str() : file.filename().string() + ":" + match[2].str();
  if (match[3].matched && !match[3].str().empty()) place.kernel = kernel_name(match[3].str());
  return place;
}

struct Access {
  bool writes = false;
  std::string thread;  // "(1,0,0)"; empty in an analysis record
  Place place;
};

const char* verb(bool writes) {
  return writes ? "writes" : "reads";
}
const char* noun(bool writes) {
  return writes ? "write" : "read";
}

std::string race_kind(const Access& earlier, const Access& later) {
  if (earlier.writes && later.writes) return "WAW";
  return earlier.writes ? "RAW" : "WAR";
}

std::string advice(const Access& earlier, const Access& later) {
  return fmt::format("Add __syncthreads() between the {} at {} and the {} at {}.", noun(earlier.writes),
                     earlier.place.line, noun(later.writes), later.place.line);
}

std::optional<int64_t> number_in(const std::string& line, const std::regex& pattern) {
  std::smatch match;
  if (!std::regex_search(line, match, pattern)) return std::nullopt;
  return std::stoll(match[1].str());
}

// The footers: racecheck's own ("RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)"), and the one
// every tool prints at the program's end, which counts whatever else went wrong too. Racecheck's total is its
// errors and warnings: it displays only as many as --print-limit lets it.
std::optional<int64_t> racecheck_summary(const std::string& line) {
  static const std::regex kRacecheckSummary(
      R"(^RACECHECK SUMMARY: (\d+) hazards? displayed(?: \((\d+) errors?, (\d+) warnings?\))?)");
  std::smatch match;
  if (!std::regex_search(line, match, kRacecheckSummary)) return std::nullopt;
  if (!match[2].matched) return std::stoll(match[1].str());
  return std::max(std::stoll(match[1].str()), std::stoll(match[2].str()) + std::stoll(match[3].str()));
}

std::optional<int64_t> error_summary(const std::string& line) {
  static const std::regex kErrorSummary(R"(^ERROR SUMMARY: (\d+) errors?$)");
  return number_in(line, kErrorSummary);
}

struct Racecheck {
  std::optional<std::pair<Access, Access>> first_hazard;  // with threads and block
  std::string hazard_memory;                              // "byte 0x40 of the block's __shared__ memory"
  std::string hazard_block;                               // "(0,0,0)"
  std::optional<std::pair<Access, Access>> first_analysis;
  int64_t hazard_records = 0;
  int64_t analysed_hazards = 0;
  std::optional<int64_t> hazards_summed_up;  // racecheck's own footer
  bool finished = false;                     // a footer of the tool's was seen
};

// "Write Thread (1,0,0) at ..." (a hazard record's line) or "Write access at ..." (an analysis record's): the
// verb is group 1, then the thread (a hazard's only), then the place.
enum class Record { kHazard, kAnalysis };

std::optional<Access> access_line(const std::string& line, const std::regex& pattern, Record record) {
  std::smatch match;
  if (!std::regex_match(line, match, pattern)) return std::nullopt;
  Access access;
  access.writes = match[1].str() == "Write";
  if (record == Record::kHazard) access.thread = triple(match[2].str());
  access.place = place_of(match[record == Record::kHazard ? 3 : 2].str());
  return access;
}

Racecheck scan_racecheck(const std::vector<std::string>& lines) {
  static const std::regex kHazard(
      R"(^\w+:?\s*(?:\([^)]*\)\s*)?Potential (?:RAW|WAR|WAW) hazard detected at __shared__ (0x[0-9a-fA-F]+) in block \(([^)]*)\).*$)");
  static const std::regex kThread(R"(^(Read|Write) Thread \(([^)]*)\) at (.*)$)");
  static const std::regex kAnalysis(R"(^\w+: Race reported between (Read|Write) access at (.*)$)");
  static const std::regex kOther(R"(^and (Read|Write) access at (.*?)(?:\s*\[(\d+) hazards?\])?$)");
  Racecheck scan;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::smatch match;
    if (std::regex_match(lines[i], match, kHazard)) {
      ++scan.hazard_records;
      if (scan.first_hazard || i + 2 >= lines.size()) continue;
      auto earlier = access_line(lines[i + 1], kThread, Record::kHazard),
           later = access_line(lines[i + 2], kThread, Record::kHazard);
      if (!earlier || !later) continue;
      scan.first_hazard = std::make_pair(*earlier, *later);
      scan.hazard_memory = fmt::format("byte {} of the block's __shared__ memory", match[1].str());
      scan.hazard_block = triple(match[2].str());
    } else if (auto first = access_line(lines[i], kAnalysis, Record::kAnalysis)) {
      for (size_t j = i + 1; j < lines.size() && std::regex_match(lines[j], match, kOther); ++j) {
        if (match[3].matched) scan.analysed_hazards += std::stoll(match[3].str());
        if (!scan.first_analysis)
          scan.first_analysis = std::make_pair(*first, *access_line(lines[j], kOther, Record::kAnalysis));
      }
    } else if (auto count = racecheck_summary(lines[i])) {
      scan.hazards_summed_up = std::max(scan.hazards_summed_up.value_or(0), *count);
      scan.finished = true;
    } else if (error_summary(lines[i])) {
      scan.finished = true;
    }
  }
  return scan;
}

std::string counted(int64_t count, const char* tool, const char* what) {
  return fmt::format(" compute-sanitizer's {} counted {} {}{} in all.", tool, count, what, count == 1 ? "" : "s");
}

SanitizerFinding racecheck_finding(const std::vector<std::string>& lines, bool dropped) {
  const Racecheck scan = scan_racecheck(lines);
  SanitizerFinding finding;
  finding.count = std::max({scan.hazard_records, scan.analysed_hazards, scan.hazards_summed_up.value_or(0)});
  if (scan.first_hazard) {
    const auto& [earlier, later] = *scan.first_hazard;
    finding.message = fmt::format(
        "{} data race on {} in kernel {}, block {}: thread {} {} it at {} and thread {} {} it at {} with no barrier "
        "between. {}{}",
        race_kind(earlier, later), scan.hazard_memory, earlier.place.kernel, scan.hazard_block, earlier.thread,
        verb(earlier.writes), earlier.place.line, later.thread, verb(later.writes), later.place.line,
        advice(earlier, later), counted(finding.count, "racecheck", "hazard"));
  } else if (scan.first_analysis) {
    const auto& [one, other] = *scan.first_analysis;
    finding.message = fmt::format(
        "{} data race on shared memory in kernel {}: a thread {} it at {} and another {} it at {} with no barrier "
        "between. {}{}",
        race_kind(one, other), one.place.kernel, verb(one.writes), one.place.line, verb(other.writes), other.place.line,
        advice(one, other), counted(finding.count, "racecheck", "hazard"));
  } else if (scan.hazards_summed_up.value_or(0) > 0) {
    // The tool's own count, though no record of it could be read (a program printing such a footer would only
    // accuse itself).
    finding.message = "data race on shared memory:" + counted(finding.count, "racecheck", "hazard") +
                      " Its records could not be read; run compute-sanitizer --tool racecheck to see them.";
  } else {
    finding.outcome =
        scan.finished && !dropped ? SanitizerFinding::Outcome::kClean : SanitizerFinding::Outcome::kUnreadable;
    return finding;
  }
  finding.outcome = SanitizerFinding::Outcome::kRace;
  return finding;
}

SanitizerFinding synccheck_finding(const std::vector<std::string>& lines, bool dropped) {
  static const std::regex kBarrier(R"(^Barrier error detected\.?\s*(.*?)\.?$)");
  static const std::regex kAt(R"(^at (.*)$)");
  static const std::regex kBy(R"(^by thread \(([^)]*)\) in block \(([^)]*)\)$)");
  SanitizerFinding finding;
  std::optional<int64_t> summary;
  int64_t errors = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::smatch match, at, by;
    if (auto count = error_summary(lines[i])) summary = std::max(summary.value_or(0), *count);
    if (!std::regex_match(lines[i], match, kBarrier)) continue;
    ++errors;
    if (!finding.message.empty() || i + 2 >= lines.size()) continue;
    if (!std::regex_match(lines[i + 1], at, kAt) || !std::regex_match(lines[i + 2], by, kBy)) continue;
    const Place place = place_of(at[1].str());
    const std::string what = match[1].str();
    const bool in_warp = what.find("warp") != std::string::npos;
    finding.message = fmt::format(
        "divergent __syncthreads() in kernel {}: thread {} of block {} waits at the barrier at {} while other "
        "threads of its {} never reach it (compute-sanitizer's synccheck: {}); every thread of a block must reach "
        "the same barrier (on a GPU this hangs or corrupts results).",
        place.kernel, triple(by[1].str()), triple(by[2].str()), place.line, in_warp ? "warp" : "block",
        what.empty() ? "barrier error" : what);
  }
  // The error summary counts every error of the run, so it is the total only beside a barrier error's record;
  // a count with no record is no verdict either way.
  finding.count = std::max(errors, summary.value_or(0));
  if (errors > 0) {
    if (finding.message.empty()) finding.message = "a barrier error in a kernel.";
    finding.message += counted(finding.count, "synccheck", "barrier error");
    finding.outcome = SanitizerFinding::Outcome::kBarrierError;
  } else {
    const bool clean = summary == 0 && !dropped;
    finding.outcome = clean ? SanitizerFinding::Outcome::kClean : SanitizerFinding::Outcome::kUnreadable;
  }
  return finding;
}

}  // namespace

const char* tool_name(SanitizerTool tool) {
  return tool == SanitizerTool::kRacecheck ? "racecheck" : "synccheck";
}

SanitizerFinding read_sanitizer_output(SanitizerTool tool, std::string_view output) {
  const std::vector<std::string> lines = tool_lines(output);
  const bool dropped = output_dropped(output);
  return tool == SanitizerTool::kRacecheck ? racecheck_finding(lines, dropped) : synccheck_finding(lines, dropped);
}

}  // namespace cudagrade
