#include "sim/device_names.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

namespace cudagrade {
namespace {

bool is_attribute(const std::string& word) {
  return word == "__align__" || word == "__attribute__" || word == "alignas" || word == "__launch_bounds__" ||
         word == "__declspec";
}

}  // namespace

// The declarator before a parameter list, an explicit specialisation's template arguments dropped:
// "void k<16>" names k, as the runtime's demangled name does (model/launch_account.h's kernel_identifier).
static std::string declared_name(std::string_view head) {
  while (!head.empty() && std::isspace(static_cast<unsigned char>(head.back()))) head.remove_suffix(1);
  if (!head.empty() && head.back() == '>') {
    int depth = 0;
    size_t at = head.size();
    while (at > 0) {
      const char c = head[--at];
      if (c == '>') ++depth;
      if (c == '<' && --depth == 0) break;
    }
    if (depth == 0) head = head.substr(0, at);
  }
  return last_identifier(head);
}

// The parameter list's '(' and the name before it: the first '(' whose declarator is no attribute's.
static std::pair<size_t, std::string> named_parameter_list(const SourceScan& scan, size_t from, size_t end) {
  const std::string_view head = std::string_view(scan.text()).substr(0, end);
  for (size_t paren = head.find('(', from); paren != std::string_view::npos;) {
    std::string name = declared_name(head.substr(from, paren - from));
    if (name != "__launch_bounds__" && name != "__align__" && name != "__attribute__" && name != "alignas") {
      return {paren, std::move(name)};
    }
    const size_t close = scan.group_end(paren);
    if (close == std::string::npos || close >= end) break;
    from = close + 1;
    paren = head.find('(', from);
  }
  return {std::string::npos, ""};
}

std::string kernel_name(const SourceScan& scan, size_t from, size_t end) {
  return named_parameter_list(scan, from, end).second;
}

size_t parameter_list_open(const SourceScan& scan, const KernelDeclaration& kernel) {
  return named_parameter_list(scan, kernel.keyword, kernel.head_end).first;
}

// Each declaration is read from its first keyword to where its head ends. A keyword inside a stretch already
// read belongs to that declaration (`__device__ __device__`), or lies in a group the read skipped whole, so it
// is not read again: each character is read once per keyword, and a file of nothing but keywords costs one
// pass, not one pass per keyword.
std::vector<KernelDeclaration> kernel_declarations(const SourceScan& scan) {
  std::vector<KernelDeclaration> kernels;
  size_t read_until = 0;
  for (size_t at : scan.find_tokens("__global__")) {
    if (at < read_until || scan.on_directive_line(at)) continue;
    const size_t end = scan.first_at_depth(at, ";{");
    read_until = end == std::string::npos ? scan.depth_end(at) : end;
    if (end == std::string::npos) continue;
    kernels.push_back({at, end, kernel_name(scan, at, end), scan.text()[end] == '{'});
  }
  return kernels;
}

namespace {

// Where a __device__, __constant__ or __managed__ declaration's head ends: at the '(' of a function, or of a
// variable built by a constructor, else at the ';' that ends a variable's declaration. Past __align__(16),
// __attribute__((...)) and alignas(16): what they hold is no declarator.
size_t add_device_declaration(const SourceScan& scan, size_t at, std::set<std::string>& variables) {
  const std::string_view text = scan.text();
  size_t head_end = scan.first_at_depth(at, "(;={[");
  while (head_end != std::string::npos && text[head_end] == '(' &&
         is_attribute(last_identifier(text.substr(at, head_end - at)))) {
    const size_t close = scan.group_end(head_end);
    head_end = close == std::string::npos ? close : scan.first_at_depth(close + 1, "(;={[");
  }
  if (head_end == std::string::npos) return scan.depth_end(at);
  if (text[head_end] == '(') {
    // A function, or a variable built by a constructor (`__device__ Table t(3);`): its name either way.
    variables.insert(last_identifier(text.substr(at, head_end - at)));
    return head_end;
  }
  // Without a ';' every identifier to the end is taken: more names, never fewer.
  const size_t end = scan.first_at_depth(at, ";");
  for (Identifier& name : scan.identifiers(at, end == std::string::npos ? text.size() : end,
                                           SourceScan::DirectiveLines::kRead)) {
    variables.insert(std::move(name.text));
  }
  return end == std::string::npos ? text.size() : end;
}

}  // namespace

DeviceNames device_names(const SourceScan& scan, const std::vector<KernelDeclaration>& kernels) {
  DeviceNames names;
  for (const KernelDeclaration& kernel : kernels) {
    if (!kernel.name.empty()) names.kernels.insert(kernel.name);
  }
  for (const char* word : {"__device__", "__constant__", "__managed__"}) {
    size_t read_until = 0;
    for (size_t at : scan.find_tokens(word)) {
      if (at < read_until || scan.on_directive_line(at)) continue;
      read_until = add_device_declaration(scan, at, names.device_variables);
    }
  }
  return names;
}

// Where the declaration whose keyword is at `at` starts: after the last ';', '{' or '}' of code before it, or
// the preprocessor line above it, and never before `floor`, where the last declaration read ended, so that a
// file of keywords costs one pass.
static size_t declaration_start(const SourceScan& scan, size_t at, size_t floor) {
  const std::string& text = scan.text();
  while (at > floor && !scan.on_directive_line(at - 1) &&
         !(scan.is_code(at - 1) && (text[at - 1] == ';' || text[at - 1] == '{' || text[at - 1] == '}'))) {
    --at;
  }
  return at;
}

std::vector<FunctionBody> device_only_bodies(const SourceScan& scan) {
  std::vector<FunctionBody> bodies;
  const std::vector<size_t> host_keywords = scan.find_tokens("__host__");
  size_t read_until = 0;
  for (size_t at : scan.find_tokens("__device__")) {
    if (at < read_until || scan.on_directive_line(at)) continue;
    const size_t head_begin = declaration_start(scan, at, read_until);
    const size_t end = scan.first_at_depth(at, ";{=");
    read_until = end == std::string::npos ? scan.depth_end(at) : end;
    // A '{' with no parameter list before it opens a variable's initialiser (`__device__ int x{3};`).
    if (end == std::string::npos || scan.text()[end] != '{' || kernel_name(scan, at, end).empty()) continue;
    const auto host = std::lower_bound(host_keywords.begin(), host_keywords.end(), head_begin);
    if (host != host_keywords.end() && *host < end) continue;
    bodies.push_back({head_begin, end});
  }
  return bodies;
}

DeviceNames device_names(const SourceScan& scan) { return device_names(scan, kernel_declarations(scan)); }

}  // namespace cudagrade
