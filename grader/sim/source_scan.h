// Reading C++ source the way the rewriter needs: which characters are code (not comments or literals),
// whole-token search, bracket matching and line numbers. Hand-written scanners, linear in the file: a
// student's file is hostile input, and std::regex recurses per character.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"

namespace cudagrade {

// An identifier in code, and where it starts.
struct Identifier {
  size_t at;
  std::string text;
};

class SourceScan {
 public:
  enum class DirectiveLines { kRead, kSkipped };
  explicit SourceScan(const std::string& text);

  const std::string& text() const { return text_; }
  bool is_code(size_t position) const { return code_[position]; }
  // Code positions where `word` occurs as a whole token, in order.
  std::vector<size_t> find_tokens(std::string_view word) const;
  // The closer that ends the bracket group opened at `open` ('(', '[' or '{'), non-code skipped; npos when
  // the group never closes. Brackets of the three kinds nest as one depth, as a reader of C++ counts them.
  size_t group_end(size_t open) const;
  // The first code position from `at`, at `at`'s bracket depth, that holds one of `stops`; npos when the group
  // around `at` closes first or the text ends. Nested groups are skipped whole, each in constant time.
  size_t first_at_depth(size_t at, std::string_view stops) const;
  // Where the group around `at` closes: its closer's position, or the text's size at depth 0.
  size_t depth_end(size_t at) const;
  // Every identifier that starts in code in [from, to), in order; numbers are not identifiers. A preprocessor
  // line's are left out when `directives` is kSkipped.
  std::vector<Identifier> identifiers(size_t from, size_t to, DirectiveLines directives) const;
  int line_at(size_t position) const;  // 1-based
  // Whether `position` lies on a preprocessor directive line, or on a line spliced onto one.
  bool on_directive_line(size_t position) const;

 private:
  void mark_directive_lines();
  void match_groups();
  size_t walk_at_depth(size_t at, std::string_view stops) const;

  std::string text_;
  std::vector<bool> code_;
  std::vector<size_t> line_starts_;
  std::vector<bool> directive_line_;  // per line
  // Per position: where the group opened there ends. 32 bits: a source is capped far below 4 GiB
  // (compile/source_policy.h), and a hostile 4 MiB file of brackets should cost 16 MiB here, not 32.
  std::vector<uint32_t> group_end_;
};

bool identifier_char(char c);
// `text` without whole-token occurrences of `words`, and without __align__(...) and alignas(...) groups.
std::string without_words(std::string_view text, const std::vector<std::string_view>& words);
// The last identifier in `text`, or "" when it has none.
std::string last_identifier(std::string_view text);

}  // namespace cudagrade
