#include "sim/arch_passes.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cudagrade {
namespace {

// How far a declaration's specifiers are looked for around a device keyword: a declaration head is a line or
// two, and the bound keeps the scan linear on a file of nothing but keywords.
constexpr size_t kLongestHead = 4096;

// What a '{' opens, read from the code between the last ; { } before it and the brace.
struct BraceHead {
  bool namespace_like = false;  // a namespace's or an extern "C" block's: declarations in it are at namespace scope
  size_t unnamed_after = std::string::npos;  // an unnamed namespace: where its `namespace` keyword ends
};

BraceHead read_head(const SourceScan& scan, size_t from, size_t brace) {
  const std::string& text = scan.text();
  std::vector<std::pair<size_t, std::string>> words;
  bool literal = false, parenthesis = false;
  for (size_t i = from; i < brace;) {
    if (scan.on_directive_line(i)) {
      const size_t line_end = text.find('\n', i);
      i = line_end == std::string::npos || line_end > brace ? brace : line_end + 1;
      continue;
    }
    if (!scan.is_code(i)) {
      literal = literal || text[i] == '"';
      ++i;
      continue;
    }
    if (text[i] == '(') parenthesis = true;
    if (identifier_char(text[i]) && (i == 0 || !identifier_char(text[i - 1]))) {
      size_t end = i;
      while (end < brace && identifier_char(text[end])) ++end;
      words.emplace_back(end, text.substr(i, end - i));
      i = end;
      continue;
    }
    ++i;
  }
  BraceHead head;
  if (words.empty() || parenthesis) return head;
  if (words[0].second == "namespace") {
    head.namespace_like = true;
    if (words.size() == 1) head.unnamed_after = words[0].first;
  }
  if (words.size() >= 2 && words[0].second == "inline" && words[1].second == "namespace") head.namespace_like = true;
  if (words[0].second == "extern" && literal) head.namespace_like = true;
  return head;
}

// The declaration keywords whose `static` is dropped, each position with whether it lies at namespace scope;
// an unnamed namespace's naming edits are added on the way.
std::vector<std::pair<size_t, bool>> keywords_by_scope(const SourceScan& scan, std::vector<LinkageEdit>& edits) {
  std::vector<size_t> keywords;
  for (const char* word : {"__global__", "__device__", "__constant__"}) {
    for (size_t at : scan.find_tokens(word)) {
      if (!scan.on_directive_line(at)) keywords.push_back(at);
    }
  }
  std::sort(keywords.begin(), keywords.end());
  std::vector<std::pair<size_t, bool>> scoped;
  const std::string& text = scan.text();
  std::vector<bool> opened;  // per open brace: namespace-like
  int enclosing = 0;         // open braces that are not namespace-like
  size_t head_start = 0, next = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    while (next < keywords.size() && keywords[next] == i) scoped.emplace_back(keywords[next++], enclosing == 0);
    const char c = text[i];
    if (!scan.is_code(i) || (c != '{' && c != '}' && c != ';') || scan.on_directive_line(i)) continue;
    if (c == '{') {
      const BraceHead head = read_head(scan, head_start, i);
      if (head.unnamed_after != std::string::npos) {
        edits.push_back({head.unnamed_after, head.unnamed_after,
                         fmt::format(" {0} {{}} using namespace {0}; namespace {0}", kUnnamedNamespace)});
      }
      opened.push_back(head.namespace_like);
      if (!head.namespace_like) ++enclosing;
    } else if (c == '}' && !opened.empty()) {
      if (!opened.back()) --enclosing;
      opened.pop_back();
    }
    head_start = i + 1;
  }
  return scoped;
}

// Each `static` of the declaration around the keyword at `at`: from the last ; { } before it to the first of
// ( ; = { [ after it.
void drop_static(const SourceScan& scan, size_t at, std::set<size_t>& statics) {
  const std::string& text = scan.text();
  const size_t lowest = at > kLongestHead ? at - kLongestHead : 0;
  size_t begin = at;
  while (begin > lowest &&
         !(scan.is_code(begin - 1) && (text[begin - 1] == ';' || text[begin - 1] == '{' || text[begin - 1] == '}'))) {
    --begin;
  }
  size_t end = at;
  const size_t highest = std::min(text.size(), at + kLongestHead);
  while (end < highest && !(scan.is_code(end) && std::string_view("(;={[").find(text[end]) != std::string_view::npos)) {
    ++end;
  }
  constexpr std::string_view kStatic = "static";
  for (size_t i = begin; i + kStatic.size() <= end; ++i) {
    if (!scan.is_code(i) || text.compare(i, kStatic.size(), kStatic) != 0) continue;
    const bool starts = i == 0 || !identifier_char(text[i - 1]);
    const bool ends = i + kStatic.size() >= text.size() || !identifier_char(text[i + kStatic.size()]);
    if (starts && ends) statics.insert(i);
  }
}

}  // namespace

std::vector<LinkageEdit> external_linkage_edits(const SourceScan& scan) {
  std::vector<LinkageEdit> edits;
  std::set<size_t> statics;
  for (const auto& [at, namespace_scope] : keywords_by_scope(scan, edits)) {
    if (namespace_scope) drop_static(scan, at, statics);
  }
  for (size_t at : statics) edits.push_back({at, at + std::string_view("static").size(), ""});
  return edits;
}

}  // namespace cudagrade
