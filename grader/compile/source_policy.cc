#include "compile/source_policy.h"

#include <cctype>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

namespace cudagrade {
namespace {

// A logical line as the preprocessor sees it: line splices undone, comments replaced by one space (a block
// comment's newlines vanish with it), literals left alone. first_line is where it starts in the file.
struct LogicalLine {
  int first_line;
  std::string text;
};

// How many characters a line splice at text[i] takes: a backslash, then (as GCC allows, with a warning) spaces
// or tabs, then the line's end; 0 when there is none.
size_t splice_at(const std::string& text, size_t i) {
  if (text[i] != '\\') return 0;
  size_t end = i + 1;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t' || text[end] == '\f' || text[end] == '\v')) ++end;
  return end < text.size() && text[end] == '\n' ? end - i + 1 : 0;
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A C++14 digit separator (1'000, 0x1'F): a quote inside a number, which starts no character literal.
bool digit_separator_at(std::string_view text, size_t i) {
  if (text[i] != '\'' || i == 0 || i + 1 >= text.size() || !std::isalnum(static_cast<unsigned char>(text[i + 1]))) {
    return false;
  }
  size_t start = i;
  while (start > 0 && (identifier_char(text[start - 1]) || text[start - 1] == '.' || text[start - 1] == '\'')) --start;
  return start < i && (std::isdigit(static_cast<unsigned char>(text[start])) ||
                       (text[start] == '.' && start + 1 < i && std::isdigit(static_cast<unsigned char>(text[start + 1]))));
}

// The end of a raw string literal R"delim(...)delim" whose R is at text[i], or npos when none starts there.
// Prefixes (u8R, uR, UR, LR) need no care: the R is found after them, and they are identifier characters.
size_t raw_string_end(const std::string& text, size_t i) {
  if (text.compare(i, 2, "R\"") != 0) return std::string::npos;
  if (i > 0 && identifier_char(text[i - 1])) {
    const std::string_view before = std::string_view(text).substr(0, i);
    const bool prefix = before.ends_with("u8") || before.ends_with("u") || before.ends_with("U") || before.ends_with("L");
    const size_t prefix_length = before.ends_with("u8") ? 2 : 1;
    if (!prefix || (i > prefix_length && identifier_char(text[i - prefix_length - 1]))) return std::string::npos;
  }
  const size_t open = text.find('(', i + 2);
  if (open == std::string::npos || open - (i + 2) > 16) return std::string::npos;
  const std::string close = ")" + text.substr(i + 2, open - (i + 2)) + "\"";
  const size_t end = text.find(close, open);
  return end == std::string::npos ? text.size() : end + close.size();
}

}  // namespace

std::string with_plain_line_ends(const std::string& text) {
  std::string_view rest(text);
  if (rest.substr(0, 3) == "\xEF\xBB\xBF") rest.remove_prefix(3);
  std::string out;
  out.reserve(rest.size());
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '\r') {
      out += rest[i];
    } else {
      out += '\n';
      if (i + 1 < rest.size() && rest[i + 1] == '\n') ++i;
    }
  }
  return out;
}

namespace {

std::vector<LogicalLine> logical_lines(const std::string& text) {
  std::vector<LogicalLine> lines;
  LogicalLine current{1, ""};
  int line = 1;
  enum class State { kCode, kString, kBlockComment, kLineComment } state = State::kCode;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (const size_t splice = splice_at(text, i)) {
      i += splice - 1;
      ++line;
      continue;
    }
    const char c = text[i];
    if (c == '\n') {
      ++line;
      if (state == State::kBlockComment) continue;
      // A literal ends at the line's end even when unterminated: the preprocessor reads the next line's
      // directives regardless.
      if (state == State::kLineComment || state == State::kString) state = State::kCode;
      lines.push_back(current);
      current = {line, ""};
      continue;
    }
    switch (state) {
      case State::kBlockComment:
        if (text.compare(i, 2, "*/") == 0) {
          state = State::kCode;
          current.text += ' ';
          ++i;
        }
        break;
      case State::kLineComment: break;
      case State::kString:
        current.text += c;
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n')
          current.text += text[++i];
        else if (c == quote)
          state = State::kCode;
        break;
      case State::kCode:
        if (text.compare(i, 2, "//") == 0) {
          state = State::kLineComment;
          ++i;
        } else if (text.compare(i, 2, "/*") == 0) {
          state = State::kBlockComment;
          ++i;
        } else if (const size_t end = raw_string_end(text, i); end != std::string::npos) {
          // The literal is kept out of the line (it may hold "/*", quotes or line ends) and its lines counted.
          for (size_t j = i; j < end; ++j) line += text[j] == '\n';
          current.text += "R\"\"";
          i = end - 1;
        } else {
          if ((c == '"' || c == '\'') && !digit_separator_at(text, i)) {
            state = State::kString;
            quote = c;
          }
          current.text += c;
        }
        break;
    }
  }
  lines.push_back(current);
  return lines;
}

std::string_view trim_left(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  return text;
}

// The target of an #include or #include_next on this line, or nullopt when the line is no such directive.
std::optional<std::string_view> include_target(std::string_view line) {
  line = trim_left(line);
  if (line.substr(0, 1) == "#") {
    line.remove_prefix(1);
  } else if (line.substr(0, 2) == "%:") {  // the digraph for #
    line.remove_prefix(2);
  } else {
    return std::nullopt;
  }
  line = trim_left(line);
  if (line.substr(0, 6) == "import") {  // GCC's #import: an #include that happens once
    line.remove_prefix(6);
    return trim_left(line);
  }
  if (line.substr(0, 7) != "include") return std::nullopt;
  line.remove_prefix(line.substr(0, 12) == "include_next" ? 12 : 7);
  return trim_left(line);
}

std::optional<std::string> refusal(std::string_view target) {
  if (target.empty() || (target.front() != '"' && target.front() != '<')) {
    return std::string("an #include must name its header in quotes or angle brackets, not through a macro");
  }
  const char close = target.front() == '"' ? '"' : '>';
  const size_t end = target.find(close, 1);
  const std::string_view path = target.substr(1, end == std::string_view::npos ? std::string_view::npos : end - 1);
  if (!path.empty() && path.front() == '/') return std::string("absolute paths may not be included");
  if (path.find("..") != std::string_view::npos) return std::string("paths that climb with \"..\" may not be included");
  // Libraries that would do the lab's work are refused at the include, on every backend alike (the symbol
  // check catches any call that reaches them another way).
  for (std::string_view library : {"cublas", "cudnn", "cub/", "thrust/", "cutlass/", "cufft", "cusparse", "cusolver"}) {
    if (path.substr(0, library.size()) == library) {
      return "a library that would do the lab's work (" + std::string(library) + "); write the kernel yourself";
    }
  }
  return std::nullopt;
}

// The first identifier outside string and character literals for which `matches` holds, or "".
template <typename Predicate>
std::string_view first_word_where(std::string_view line, Predicate matches) {
  char quote = 0;
  for (size_t i = 0; i < line.size();) {
    const char c = line[i];
    if (quote != 0) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      ++i;
      continue;
    }
    if ((c == '"' || c == '\'') && !digit_separator_at(line, i)) {
      quote = c;
      ++i;
      continue;
    }
    if (!identifier_char(c)) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < line.size() && identifier_char(line[end])) ++end;
    const std::string_view word = line.substr(i, end - i);
    if (matches(word)) return word;
    i = end;
  }
  return {};
}

// Whether `word` occurs in the line as a whole token outside string and character literals.
bool has_token(std::string_view line, std::string_view word) {
  return !first_word_where(line, [word](std::string_view each) { return each == word; }).empty();
}

struct ForbiddenWord {
  std::string_view word;
  std::string_view reason;
};

constexpr std::string_view kFeatureQueryReason =
    "preprocessor queries (__has_include, __has_builtin, __has_attribute) are not allowed: nvcc and the "
    "simulator's compiler answer them differently, so a file could run other code on each; include what the "
    "file needs unconditionally";

// Constructs that are not the lab's CUDA, refused before anything compiles, on every backend alike.
constexpr ForbiddenWord kForbiddenWords[] = {
    {"asm", "inline assembly is not allowed: write the kernel in CUDA C++"},
    {"__asm__", "inline assembly is not allowed: write the kernel in CUDA C++"},
    {"__asm", "inline assembly is not allowed: write the kernel in CUDA C++"},
    {"constructor", "code that runs before the harness (__attribute__((constructor))) is not allowed"},
    {"__constructor__", "code that runs before the harness (__attribute__((constructor))) is not allowed"},
    {"destructor", "code that runs after the harness (__attribute__((destructor))) is not allowed"},
    {"__destructor__", "code that runs after the harness (__attribute__((destructor))) is not allowed"},
    // nvcc and the simulator's g++ answer them differently (preprocessed_policy.h, which finds them pasted).
    {"__has_include", kFeatureQueryReason},
    {"__has_include_next", kFeatureQueryReason},
    {"__has_builtin", kFeatureQueryReason},
    {"__has_attribute", kFeatureQueryReason},
    {"__has_cpp_attribute", kFeatureQueryReason},
};

// Sections whose entries the loader calls before or after main: a function pointer placed there runs before
// the harness, with no forbidden word in sight. Matched anywhere on the line, literals included.
constexpr std::string_view kStartupSections[] = {"init_array", "fini_array", ".ctors", ".dtors"};

}  // namespace

// A GNU line marker ("# 12 \"stdio.h\" 1 3"), which GCC honours in any input: one that claims to enter a header
// would hide the lines after it from the check of the preprocessed text (preprocessed_policy.h). A lab's
// file never needs one; #line, which cannot claim a header, stays allowed.
bool line_marker(std::string_view line) {
  line = trim_left(line);
  if (line.substr(0, 1) == "#") {
    line.remove_prefix(1);
  } else if (line.substr(0, 2) == "%:") {
    line.remove_prefix(2);
  } else {
    return false;
  }
  line = trim_left(line);
  return !line.empty() && std::isdigit(static_cast<unsigned char>(line.front()));
}

bool disables_instrumentation(std::string_view word) {
  for (std::string_view prefix : {"no_sanitize", "__no_sanitize"}) {
    if (word.substr(0, prefix.size()) == prefix) return true;
  }
  return word == "no_address_safety_analysis" || word == "__no_address_safety_analysis__" ||
         word == "disable_sanitizer_instrumentation" || word == "__disable_sanitizer_instrumentation__";
}

bool names_simulator_internals(std::string_view word) {
  for (std::string_view prefix :
       {"cusim", "CUSIM", "__cusim", "__CUSIM", "__tsan_", "__ubsan_", "__sanitizer_", "_Z", "__cudagrade"}) {
    if (word.substr(0, prefix.size()) == prefix) return true;
  }
  return word == "weakref" || word == "__weakref__" || word == "_GLOBAL_OFFSET_TABLE_";
}

SourceVerdict judge_source(const std::string& file) {
  const std::string text = with_plain_line_ends(file);
  for (const LogicalLine& line : logical_lines(text)) {
    for (std::string_view section : kStartupSections) {
      if (line.text.find(section) != std::string::npos) {
        return {SourceVerdict::Outcome::kRejected, line.first_line, "",
                "placing code in a startup section (" + std::string(section) +
                    ") runs it before the harness, which is not allowed"};
      }
    }
    const std::string_view switch_off = first_word_where(line.text, disables_instrumentation);
    if (!switch_off.empty()) {
      return {SourceVerdict::Outcome::kRejected, line.first_line, "",
              std::string(switch_off) +
                  " is not allowed: an attribute that turns off instrumentation would hide "
                  "races and memory traffic from the simulator's checks"};
    }
    const std::string_view internal = first_word_where(line.text, names_simulator_internals);
    if (!internal.empty()) {
      return {SourceVerdict::Outcome::kRejected, line.first_line, "",
              std::string(internal) +
                  " is not allowed: it names the grader's simulator, its sanitizer hooks, the linker's tables or a "
                  "symbol by its mangled name, which nvcc's CUDA does not have; a lab's file uses CUDA's own names"};
    }
    for (const ForbiddenWord& forbidden : kForbiddenWords) {
      if (has_token(line.text, forbidden.word)) {
        return {SourceVerdict::Outcome::kRejected, line.first_line, "", std::string(forbidden.reason)};
      }
    }
    if (line_marker(line.text)) {
      return {SourceVerdict::Outcome::kRejected, line.first_line, "",
              "line markers (# <number> \"file\") are not allowed: they would misname the file's lines"};
    }
    std::optional<std::string_view> target = include_target(line.text);
    if (!target) continue;
    if (std::optional<std::string> reason = refusal(*target)) {
      return {SourceVerdict::Outcome::kRejected, line.first_line, std::string(*target), *reason};
    }
  }
  return {};
}

}  // namespace cudagrade
