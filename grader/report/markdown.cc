#include "report/markdown.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/escape.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

std::string table_row(const std::vector<std::string>& cells) {
  std::string row = "|";
  for (const std::string& cell : cells) row += " " + cell + " |";
  return row + "\n";
}

// A column without a label is written "| |", as a key-value table's header is.
std::string header_row(const std::vector<std::string>& labels) {
  std::string row = "|";
  for (const std::string& label : labels) row += label.empty() ? " |" : " " + label + " |";
  return row + "\n";
}

}  // namespace

std::string markdown_inline(std::string_view text) {
  std::string one_line(text);
  std::replace_if(
      one_line.begin(), one_line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  std::string out;
  for (char c : html_text(one_line)) {
    if (std::string_view("\\`*_[]|#!~").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string markdown_cell(std::string_view text, size_t width) {
  std::string out;
  for (char c : html_text(headline(text, width))) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string markdown_fence(std::string_view text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<size_t>(3, longest + 1), '`');
  std::string body(text);
  if (!body.empty() && body.back() != '\n') body += '\n';
  return fence + "\n" + body + fence + "\n";
}

std::string markdown_table(const std::vector<std::string>& header, const std::vector<bool>& right_aligned,
                           const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::string> alignment;
  for (bool right : right_aligned) alignment.push_back(right ? "---:" : "---");
  std::string table = header_row(header) + table_row(alignment);
  for (const std::vector<std::string>& row : rows) table += table_row(row);
  return table;
}

std::string markdown_details(std::string_view summary, std::string_view block, bool open) {
  return fmt::format("<details{}><summary>{}</summary>\n\n{}\n</details>\n", open ? " open" : "", html_text(summary),
                     block);
}

}  // namespace cudagrade
