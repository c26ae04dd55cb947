// Reading C++ source the way the rewriter needs: which characters are code (not comments or literals),
// whole-token search, bracket matching and line numbers. Hand-written scanners, linear in the file: a
// student's file is hostile input, and std::regex recurses per character.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"

namespace cudagrade {

class SourceScan {
 public:
  explicit SourceScan(const std::string& text);

  const std::string& text() const { return text_; }
  bool is_code(size_t position) const { return code_[position]; }
  // Code positions where `word` occurs as a whole token, in order.
  std::vector<size_t> find_tokens(std::string_view word) const;
  // The matching closer of the bracket at `open`, skipping non-code; npos when there is none.
  size_t matching(size_t open, char opener, char closer) const;
  int line_at(size_t position) const;  // 1-based
  // Whether `position` lies on a preprocessor directive line, or on a line spliced onto one.
  bool on_directive_line(size_t position) const;

 private:
  void mark_directive_lines();

  std::string text_;
  std::vector<bool> code_;
  std::vector<size_t> line_starts_;
  std::vector<bool> directive_line_;  // per line
};

bool identifier_char(char c);
// `text` without whole-token occurrences of `words`, and without __align__(...) groups.
std::string without_words(std::string_view text, const std::vector<std::string_view>& words);
// The last identifier in `text`, or "" when it has none.
std::string last_identifier(std::string_view text);

}  // namespace cudagrade
