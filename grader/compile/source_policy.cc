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

bool splice_at(const std::string& text, size_t i) {
  return text[i] == '\\' && ((i + 1 < text.size() && text[i + 1] == '\n') ||
                             (i + 2 < text.size() && text[i + 1] == '\r' && text[i + 2] == '\n'));
}

std::vector<LogicalLine> logical_lines(const std::string& text) {
  std::vector<LogicalLine> lines;
  LogicalLine current{1, ""};
  int line = 1;
  enum class State { kCode, kString, kBlockComment, kLineComment } state = State::kCode;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (splice_at(text, i)) {
      i += text[i + 1] == '\r' ? 2 : 1;
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
        } else {
          if (c == '"' || c == '\'') {
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

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `word` occurs in the line as a whole token outside string and character literals.
bool has_token(std::string_view line, std::string_view word) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      continue;
    }
    if (line.substr(i, word.size()) == word && (i == 0 || !identifier_char(line[i - 1])) &&
        (i + word.size() >= line.size() || !identifier_char(line[i + word.size()]))) {
      return true;
    }
  }
  return false;
}

struct ForbiddenWord {
  std::string_view word;
  std::string_view reason;
};

// Constructs that are not the lab's CUDA, refused before anything compiles, on every backend alike.
constexpr ForbiddenWord kForbiddenWords[] = {
    {"no_sanitize", "no_sanitize attributes are not allowed: they would hide races from the simulator's checker"},
    {"asm", "inline assembly is not allowed: write the kernel in CUDA C++"},
    {"__asm__", "inline assembly is not allowed: write the kernel in CUDA C++"},
    {"__asm", "inline assembly is not allowed: write the kernel in CUDA C++"},
    {"constructor", "code that runs before the harness (__attribute__((constructor))) is not allowed"},
    {"destructor", "code that runs after the harness (__attribute__((destructor))) is not allowed"},
};

}  // namespace

SourceVerdict judge_source(const std::string& text) {
  for (const LogicalLine& line : logical_lines(text)) {
    for (const ForbiddenWord& forbidden : kForbiddenWords) {
      if (has_token(line.text, forbidden.word)) {
        return {SourceVerdict::Outcome::kRejected, line.first_line, "", std::string(forbidden.reason)};
      }
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
