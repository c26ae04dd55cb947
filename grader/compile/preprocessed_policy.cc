#include "compile/preprocessed_policy.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>
#include <tuple>
#include <utility>

#include "compile/source_policy.h"

namespace cudagrade {
namespace {

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// Whether `path` lies inside `folder`, component by component (so /usr/include2 is not in /usr/include).
bool inside(const std::filesystem::path& path, const std::filesystem::path& folder) {
  auto at = path.begin();
  for (const auto& part : folder) {
    if (part.empty()) continue;  // a trailing separator
    if (at == path.end() || *at != part) return false;
    ++at;
  }
  return true;
}

// A path with its symbolic links resolved, as far as it exists: a toolkit's headers are opened through
// /usr/local/cuda-13.0/include while -v lists /usr/local/cuda/targets/x86_64-linux/include, one folder by two
// names. Where nothing can be resolved the lexical form stands.
std::filesystem::path real_path(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
  return error ? path.lexically_normal() : resolved;
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Skips a string or character literal starting at `at` (its opening quote); returns the index past it.
size_t past_literal(const std::string& line, size_t at) {
  const char quote = line[at];
  for (size_t i = at + 1; i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
    } else if (line[i] == quote) {
      return i + 1;
    }
  }
  return line.size();
}

// The next identifier of `line` at or after `at`, outside string and character literals, as [begin, end); an
// empty span at the line's end when there is none.
std::pair<size_t, size_t> next_word(const std::string& line, size_t at) {
  while (at < line.size()) {
    const char c = line[at];
    if (c == '"' || c == '\'') {
      at = past_literal(line, at);
    } else if (identifier_char(c)) {
      size_t end = at;
      while (end < line.size() && identifier_char(line[end])) ++end;
      return {at, end};
    } else {
      ++at;
    }
  }
  return {line.size(), line.size()};
}

// Whether the word at [begin, end) of a line is one the simulator's rewriter writes into the file's own lines
// (sim/rewriter.cc, sim/arch_passes.cc): `::cusim::` before a launch, a shared array's registration, a kernel's
// entry, the dynamic shared buffer or device code's clock; a launch's forwarded arguments; a shared array's
// registration; a marker of an unsupported construct; the unnamed namespace's reserved name. A file that spells
// one of these through its macros reaches nothing the rewriter does not reach for it.
bool written_by_simulator(const std::string& line, size_t begin, size_t end) {
  static const std::regex own_words(R"(cusim_a|cusim_shared_\w+|cusim_unsupported_\w+|__cusim_unnamed)");
  static const std::regex member(
      R"(\s*::\s*(launch|LaunchConfig|SharedArray|enter_kernel|enter_kernel_reading|g_dynamic_shared|in_device_code)\b)");
  const std::string word = line.substr(begin, end - begin);
  if (std::regex_match(word, own_words)) return true;
  return word == "cusim" && std::regex_search(line.begin() + static_cast<std::ptrdiff_t>(end), line.end(), member,
                                              std::regex_constants::match_continuous);
}

// What a line of the file's own, macros expanded, holds that the policy refuses.
PreprocessedVerdict::Outcome refused_in(const std::string& line) {
  for (auto [begin, end] = next_word(line, 0); begin < end; std::tie(begin, end) = next_word(line, end)) {
    const std::string word = line.substr(begin, end - begin);
    if (word == "asm" || word == "__asm" || word == "__asm__") return PreprocessedVerdict::Outcome::kAssembly;
    if (disables_instrumentation(word)) return PreprocessedVerdict::Outcome::kNoInstrumentation;
    if (names_simulator_internals(word) && !written_by_simulator(line, begin, end)) {
      return PreprocessedVerdict::Outcome::kSimulatorInternals;
    }
  }
  return PreprocessedVerdict::Outcome::kAllowed;
}

// Whether the string literals of the parenthesised arguments after `at` name the thread sanitizer:
// no_sanitize("address", "thread") or ("address,thread").
bool names_thread_sanitizer(const std::string& line, size_t at) {
  int depth = 0;
  for (; at < line.size(); ++at) {
    if (line[at] == '(') ++depth;
    if (line[at] == ')' && --depth <= 0) return false;
    if (line[at] == '"') {
      const size_t past = past_literal(line, at);
      if (line.substr(at, past - at).find("thread") != std::string::npos) return true;
      at = past - 1;
    }
  }
  return false;
}

// Whether a header's line, as the compiler reads it, turns -fsanitize=thread off for what it declares: GCC
// instruments every function of a translation unit but those that carry such an attribute, and the file's own
// lines are refused any (refused_in). Only the thread sanitizer's: CUDA's own headers carry clang's
// `__no_sanitize__("cfi")` and `("unsigned-integer-overflow")`, which change nothing the simulator checks.
bool turns_thread_instrumentation_off(const std::string& line) {
  for (auto [begin, end] = next_word(line, 0); begin < end; std::tie(begin, end) = next_word(line, end)) {
    const std::string word = line.substr(begin, end - begin);
    if (word == "no_sanitize_thread" || word == "__no_sanitize_thread__" ||
        word == "disable_sanitizer_instrumentation" || word == "__disable_sanitizer_instrumentation__") {
      return true;
    }
    if ((word == "no_sanitize" || word == "__no_sanitize__") && names_thread_sanitizer(line, end)) return true;
  }
  return false;
}

}  // namespace

std::vector<std::filesystem::path> include_search_folders(const std::string& log) {
  std::istringstream lines(log);
  std::vector<std::filesystem::path> folders;
  bool listing = false;
  for (std::string line; std::getline(lines, line);) {
    if (starts_with(line, "#include \"...\" search starts here:") || starts_with(line, "#include <...> search starts here:")) {
      listing = true;
    } else if (starts_with(line, "End of search list.")) {
      listing = false;
    } else if (listing && starts_with(line, " ")) {
      std::string folder = line.substr(1);
      const size_t framework = folder.find(" (framework directory)");
      if (framework != std::string::npos) folder.erase(framework);
      folders.push_back(std::filesystem::path(folder).lexically_normal());
    }
  }
  return folders;
}

std::vector<std::filesystem::path> opened_headers(const std::string& log, const std::filesystem::path& source) {
  static const std::regex trace_line(R"(^\.+ (.+)$)");
  std::istringstream lines(log);
  std::vector<std::filesystem::path> headers;
  std::smatch found;
  for (std::string line; std::getline(lines, line);) {
    if (!std::regex_match(line, found, trace_line)) continue;
    std::filesystem::path header(found[1].str());
    if (header.is_relative()) header = source.parent_path() / header;
    headers.push_back(header.lexically_normal());
  }
  return headers;
}

PreprocessedVerdict judge_include_trace(const std::string& log, const std::filesystem::path& source) {
  std::vector<std::filesystem::path> folders;
  for (const std::filesystem::path& folder : include_search_folders(log)) folders.push_back(real_path(folder));
  const std::filesystem::path itself = real_path(source);
  for (const std::filesystem::path& opened : opened_headers(log, source)) {
    // Resolved on the grader's side, /proc/self and /dev/fd would name the grader's own files: never headers.
    if (inside(opened, "/proc") || inside(opened, "/dev")) return {PreprocessedVerdict::Outcome::kOutsideIncludeFolders, 0};
    const std::filesystem::path header = real_path(opened);
    if (header == itself) continue;
    bool allowed = false;
    for (const std::filesystem::path& folder : folders) allowed = allowed || inside(header, folder);
    if (!allowed) return {PreprocessedVerdict::Outcome::kOutsideIncludeFolders, 0};
  }
  return {};
}

PreprocessedVerdict judge_preprocessed_lines(const std::string& preprocessed) {
  // "# 12 \"/path/stdio.h\" 1 3 4": the next line is line 12 of that file. Flag 1 enters an included file and
  // flag 2 returns from one, so the file's own lines are those at depth 0 (a #line in the file renames them
  // but keeps the depth; the source policy refuses a line marker with flags in the file itself).
  static const std::regex marker(R"(^#\s*(\d+)\s+\"(.*)\"((?:\s+\d+)*)\s*$)");
  std::istringstream lines(preprocessed);
  int depth = 0;
  int line_number = 0;
  std::string file;
  std::smatch found;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] == '#' && std::regex_match(line, found, marker)) {
      std::istringstream flags(found[3].str());
      for (int flag; flags >> flag;) {
        if (flag == 1) ++depth;
        if (flag == 2) depth = std::max(0, depth - 1);
      }
      line_number = std::stoi(found[1].str());
      file = found[2].str();
      continue;
    }
    if (depth == 0) {
      const PreprocessedVerdict::Outcome refused = refused_in(line);
      if (refused != PreprocessedVerdict::Outcome::kAllowed) return {refused, line_number};
    } else if (turns_thread_instrumentation_off(line)) {
      return {PreprocessedVerdict::Outcome::kUninstrumentedHeader, line_number, file};
    }
    ++line_number;
  }
  return {};
}

namespace {
// GCC 12's queries; clang's others (__has_feature) are not macros there, and a directive that uses one fails
// under either compiler.
constexpr const char* kFeatureQueries[] = {"__has_include", "__has_include_next", "__has_builtin", "__has_attribute",
                                           "__has_cpp_attribute"};
}  // namespace

// Each query becomes one name, __cudagrade_feature_query_refused_<include depth>_<line>, which -Wundef reports
// with the trap's own line as its place: a #pragma of the file's, which comes later, cannot silence it, and the
// file's own lines are those at depth 0 (a #line renames them but keeps the depth). The source policy refuses
// the file any __cudagrade name, so it cannot #undef the helpers (#undef takes no macro's expansion).
std::string feature_query_trap() {
  std::string text =
      "// Written by the grader's screen (compile/preprocessed_policy.h); never compiled.\n"
      "#define __cudagrade_glue2(a, b) a##b\n"
      "#define __cudagrade_glue(a, b) __cudagrade_glue2(a, b)\n";
  for (const char* query : kFeatureQueries) {
    text += fmt::format(
        "#undef {0}\n#define {0}(...) __cudagrade_glue(__cudagrade_glue(__cudagrade_glue("
        "__cudagrade_feature_query_refused_, __INCLUDE_LEVEL__), _), __LINE__)\n",
        query);
  }
  return text;
}

PreprocessedVerdict judge_feature_queries(const std::string& log) {
  static const std::regex report(R"re(warning: "__cudagrade_feature_query_refused_(\d+)_(\d+)")re");
  std::istringstream lines(log);
  std::smatch found;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_search(line, found, report) && found[1].str() == "0") {
      return {PreprocessedVerdict::Outcome::kFeatureQuery, std::stoi(found[2].str())};
    }
  }
  return {};
}

std::string describe_preprocessed_refusal(const PreprocessedVerdict& verdict, const std::string& file_name) {
  switch (verdict.outcome) {
    case PreprocessedVerdict::Outcome::kAllowed:
      return "";
    case PreprocessedVerdict::Outcome::kOutsideIncludeFolders:
      return fmt::format("rejected: {}: preprocessing it opens a file outside the lab's and the compiler's include "
                         "folders; include the lab's header and standard or CUDA headers, by name",
                         file_name);
    case PreprocessedVerdict::Outcome::kTooMuchToCheck:
      return fmt::format("rejected: {}: its preprocessing is too large to check (a lab's file and its headers "
                         "come to a few MiB)",
                         file_name);
    case PreprocessedVerdict::Outcome::kAssembly:
      return fmt::format("rejected: {} line {}: inline assembly, once the file's macros are expanded, is not allowed",
                         file_name, verdict.line);
    case PreprocessedVerdict::Outcome::kUninstrumentedHeader:
      return fmt::format(
          "rejected: {}: the header {} (line {}), which it includes, declares code with an attribute that turns "
          "off the simulator's instrumentation (no_sanitize thread): its functions would write memory where the "
          "race checker and the access counter do not look; a lab's file includes the lab's header and the "
          "standard and CUDA headers",
          file_name, verdict.header, verdict.line);
    case PreprocessedVerdict::Outcome::kFeatureQuery:
      return fmt::format(
          "rejected: {} line {}: a preprocessor query (__has_include, __has_builtin, __has_attribute, ...), "
          "however the file's macros spell it, is not allowed: nvcc and the simulator's compiler answer it "
          "differently, so a file could run other code on each; include what the file needs unconditionally",
          file_name, verdict.line);
    case PreprocessedVerdict::Outcome::kSimulatorInternals:
      return fmt::format(
          "rejected: {} line {}: once the file's macros are expanded, it names the grader's simulator, its "
          "sanitizer hooks, the linker's tables or a symbol by its mangled name, which nvcc's CUDA does not "
          "have; a lab's file uses CUDA's own names",
          file_name, verdict.line);
    case PreprocessedVerdict::Outcome::kNoInstrumentation:
      return fmt::format(
          "rejected: {} line {}: an attribute that turns off instrumentation (no_sanitize...), once the "
          "file's macros are expanded, is not allowed: it would hide races and memory traffic from "
          "the simulator's checks",
          file_name, verdict.line);
  }
  return "";
}

}  // namespace cudagrade
