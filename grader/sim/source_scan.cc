#include "sim/source_scan.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace cudagrade {
namespace {

std::vector<bool> code_mask(const std::string& text) {
  std::vector<bool> code(text.size(), true);
  enum class State { kCode, kLineComment, kBlockComment, kString, kChar } state = State::kCode;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (state) {
      case State::kCode:
        if (c == '/' && next == '/')
          state = State::kLineComment;
        else if (c == '/' && next == '*')
          state = State::kBlockComment;
        else if (c == '"')
          state = State::kString;
        else if (c == '\'')
          state = State::kChar;
        break;
      case State::kLineComment:
        if (c == '\n') state = State::kCode;
        break;
      case State::kBlockComment:
        if (c == '*' && next == '/') {
          code[i] = code[i + 1] = false;
          ++i;
          state = State::kCode;
          continue;
        }
        break;
      case State::kString:
      case State::kChar:
        if (c == '\\') {
          code[i] = false;
          if (i + 1 < text.size()) code[++i] = false;
          continue;
        }
        if ((state == State::kString && c == '"') || (state == State::kChar && c == '\'')) {
          code[i] = false;
          state = State::kCode;
          continue;
        }
        break;
    }
    if (state != State::kCode || (c == '/' && (next == '/' || next == '*')) || c == '"' || c == '\'') code[i] = false;
  }
  return code;
}

constexpr uint32_t kNoGroupEnd = UINT32_MAX;

bool whole_token_at(std::string_view text, size_t at, size_t length) {
  const bool starts = at == 0 || !identifier_char(text[at - 1]);
  const bool ends = at + length >= text.size() || !identifier_char(text[at + length]);
  return starts && ends;
}

}  // namespace

SourceScan::SourceScan(const std::string& text) : text_(text), code_(code_mask(text)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
  mark_directive_lines();
  match_groups();
}

// A line is a directive's when its first non-blank character is '#', or when the line before is a directive's
// and ends in a backslash (blanks after it allowed, as g++ allows them).
void SourceScan::mark_directive_lines() {
  directive_line_.assign(line_starts_.size(), false);
  bool continued = false;
  for (size_t line = 0; line < line_starts_.size(); ++line) {
    const size_t start = line_starts_[line];
    const size_t end = line + 1 < line_starts_.size() ? line_starts_[line + 1] - 1 : text_.size();
    size_t first = start;
    while (first < end && (text_[first] == ' ' || text_[first] == '\t')) ++first;
    directive_line_[line] = continued || (first < end && text_[first] == '#');
    size_t last = end;
    while (last > start && std::isspace(static_cast<unsigned char>(text_[last - 1]))) --last;
    continued = directive_line_[line] && last > start && text_[last - 1] == '\\';
  }
}

std::vector<size_t> SourceScan::find_tokens(std::string_view word) const {
  std::vector<size_t> found;
  for (size_t at = text_.find(word); at != std::string::npos; at = text_.find(word, at + 1)) {
    if (code_[at] && whole_token_at(text_, at, word.size())) found.push_back(at);
  }
  return found;
}

void SourceScan::match_groups() {
  if (text_.size() >= kNoGroupEnd) throw std::length_error("a source of 4 GiB or more reached the simulator's scanner");
  group_end_.assign(text_.size(), kNoGroupEnd);
  std::vector<size_t> open_groups;
  for (size_t i = 0; i < text_.size(); ++i) {
    if (!code_[i]) continue;
    const char c = text_[i];
    if (c == '(' || c == '[' || c == '{') open_groups.push_back(i);
    if ((c == ')' || c == ']' || c == '}') && !open_groups.empty()) {
      group_end_[open_groups.back()] = static_cast<uint32_t>(i);
      open_groups.pop_back();
    }
  }
}

size_t SourceScan::group_end(size_t open) const {
  return group_end_[open] == kNoGroupEnd ? std::string::npos : group_end_[open];
}

size_t SourceScan::first_at_depth(size_t at, std::string_view stops) const {
  const size_t stop = walk_at_depth(at, stops);
  return stop < text_.size() && stops.find(text_[stop]) != std::string_view::npos ? stop : std::string::npos;
}

size_t SourceScan::depth_end(size_t at) const {
  return walk_at_depth(at, "");
}

// The first stop at `at`'s depth, or the closer that ends the group, or the text's size.
size_t SourceScan::walk_at_depth(size_t at, std::string_view stops) const {
  for (size_t i = at; i < text_.size(); ++i) {
    if (!code_[i]) continue;
    const char c = text_[i];
    if (stops.find(c) != std::string_view::npos || c == ')' || c == ']' || c == '}') return i;
    if (c == '(' || c == '[' || c == '{') {
      i = group_end(i);
      if (i == std::string::npos) return text_.size();
    }
  }
  return text_.size();
}

std::vector<Identifier> SourceScan::identifiers(size_t from, size_t to, DirectiveLines directives) const {
  std::vector<Identifier> found;
  for (size_t i = from; i < to;) {
    if (!is_code(i) || !identifier_char(text_[i]) || (i > from && identifier_char(text_[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < to && identifier_char(text_[end])) ++end;
    const bool number = std::isdigit(static_cast<unsigned char>(text_[i])) != 0;
    if (!number && (directives == DirectiveLines::kRead || !on_directive_line(i))) {
      found.push_back({i, text_.substr(i, end - i)});
    }
    i = end;
  }
  return found;
}

int SourceScan::line_at(size_t position) const {
  return static_cast<int>(std::upper_bound(line_starts_.begin(), line_starts_.end(), position) - line_starts_.begin());
}

bool SourceScan::on_directive_line(size_t position) const {
  return directive_line_[static_cast<size_t>(line_at(position) - 1)];
}

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string without_words(std::string_view text, const std::vector<std::string_view>& words) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t alignment = text.substr(i, 9) == "__align__" ? 9 : text.substr(i, 7) == "alignas" ? 7 : 0;
    if (alignment > 0 && whole_token_at(text, i, alignment)) {
      size_t open = text.find('(', i);
      int depth = 0;
      size_t j = open == std::string_view::npos ? text.size() : open;
      for (; j < text.size(); ++j) {
        if (text[j] == '(') ++depth;
        if (text[j] == ')' && --depth == 0) break;
      }
      i = std::min(text.size(), j + 1);
      out += ' ';
      continue;
    }
    bool removed = false;
    for (std::string_view word : words) {
      if (text.substr(i, word.size()) == word && whole_token_at(text, i, word.size())) {
        i += word.size();
        out += ' ';
        removed = true;
        break;
      }
    }
    if (!removed) out += text[i++];
  }
  return out;
}

std::string last_identifier(std::string_view text) {
  size_t end = text.size();
  while (end > 0 && !identifier_char(text[end - 1])) --end;
  size_t begin = end;
  while (begin > 0 && identifier_char(text[begin - 1])) --begin;
  if (begin == end || std::isdigit(static_cast<unsigned char>(text[begin]))) return "";
  return std::string(text.substr(begin, end - begin));
}

}  // namespace cudagrade
