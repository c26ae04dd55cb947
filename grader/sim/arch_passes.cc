#include "sim/arch_passes.h"

#include <fmt/format.h>

#include <algorithm>

namespace cudagrade {
namespace {

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

struct DeviceKeyword {
  size_t at;                 // __global__, __device__ or __constant__
  bool namespace_scope;      // inside no braces but a namespace's or an extern "C" block's
  size_t declaration_begin;  // after the last ; { } before it
};

// The declaration keywords whose `static` is dropped, in order; an unnamed namespace's naming edits are added on
// the way.
std::vector<DeviceKeyword> keywords_by_scope(const SourceScan& scan, std::vector<LinkageEdit>& edits) {
  std::vector<size_t> keywords;
  for (const char* word : {"__global__", "__device__", "__constant__"}) {
    for (size_t at : scan.find_tokens(word)) {
      if (!scan.on_directive_line(at)) keywords.push_back(at);
    }
  }
  std::sort(keywords.begin(), keywords.end());
  std::vector<DeviceKeyword> scoped;
  const std::string& text = scan.text();
  std::vector<bool> opened;  // per open brace: namespace-like
  int enclosing = 0;         // open braces that are not namespace-like
  size_t head_start = 0, next = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    while (next < keywords.size() && keywords[next] == i)
      scoped.push_back({keywords[next++], enclosing == 0, head_start});
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

// Each whole-token `static` in code between `begin` and `end`.
void find_statics(const SourceScan& scan, size_t begin, size_t end, std::vector<size_t>& statics) {
  const std::string& text = scan.text();
  constexpr std::string_view kStatic = "static";
  for (size_t i = begin; i + kStatic.size() <= end; ++i) {
    if (!scan.is_code(i) || text.compare(i, kStatic.size(), kStatic) != 0) continue;
    const bool starts = i == 0 || !identifier_char(text[i - 1]);
    const bool ends = i + kStatic.size() >= text.size() || !identifier_char(text[i + kStatic.size()]);
    if (starts && ends) statics.push_back(i);
  }
}

}  // namespace

// A declaration's `static` lies between the last ; { } before its keyword and the first of ( ; = { [ after
// it. Keywords come in order, and what was searched is not searched again, so the reads are linear however
// many keywords a hostile file holds.
std::vector<LinkageEdit> external_linkage_edits(const SourceScan& scan) {
  std::vector<LinkageEdit> edits;
  std::vector<size_t> statics;
  const std::string& text = scan.text();
  size_t searched_to = 0;
  for (const DeviceKeyword& keyword : keywords_by_scope(scan, edits)) {
    if (!keyword.namespace_scope || keyword.at < searched_to) continue;
    size_t end = keyword.at;
    while (end < text.size() &&
           !(scan.is_code(end) && std::string_view("(;={[").find(text[end]) != std::string_view::npos)) {
      ++end;
    }
    find_statics(scan, std::max(keyword.declaration_begin, searched_to), end, statics);
    searched_to = end;
  }
  for (size_t at : statics) edits.push_back({at, at + std::string_view("static").size(), ""});
  return edits;
}

}  // namespace cudagrade
