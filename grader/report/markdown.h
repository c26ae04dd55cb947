// The one Markdown writer: every Markdown document cudagrade writes (GitHub's job summary, a student's
// report.md) is built from these, so escaping, tables and folded blocks are spelled once.
//
// Markdown passes HTML through, so every text is first made inert as HTML (escape.h's html_text); then the
// Markdown punctuation that could start a table cell, a heading or emphasis is escaped as well.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cudagrade {

// Inline prose: markup as references, Markdown's punctuation backslash-escaped, line breaks as spaces, so that
// a value cannot end a table row or start a heading.
std::string markdown_inline(std::string_view text);

// One table cell of a message: its first line cut to `width`, markup as references, and no '|' that ends the
// cell.
std::string markdown_cell(std::string_view text, size_t width);

// A fenced code block shows its text literally; its fence is longer than any run of backticks in the text.
std::string markdown_fence(std::string_view text);

// A table: the header row (an empty label is a column without one), the alignment row ("---" or "---:" a
// column) and the rows, whose cells are already escaped.
std::string markdown_table(const std::vector<std::string>& header, const std::vector<bool>& right_aligned,
                           const std::vector<std::vector<std::string>>& rows);

// A block GitHub and most viewers fold, open or closed; `summary` is escaped here, `block` is Markdown or
// HTML written by the caller (a fence, a <pre>).
std::string markdown_details(std::string_view summary, std::string_view block, bool open);

}  // namespace cudagrade
