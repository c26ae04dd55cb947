#include "sim/device_names.h"

#include <cctype>
#include <string_view>

namespace cudagrade {
namespace {

// The first code position from `at` that ends a declaration's head at bracket depth 0 (one of `stops`), or npos.
size_t first_stop(const SourceScan& scan, size_t at, std::string_view stops) {
  const std::string& text = scan.text();
  int depth = 0;
  for (size_t i = at; i < text.size(); ++i) {
    if (!scan.is_code(i)) continue;
    const char c = text[i];
    if (depth == 0 && stops.find(c) != std::string_view::npos) return i;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth < 0) return std::string::npos;
  }
  return std::string::npos;
}

bool is_attribute(const std::string& word) {
  return word == "__align__" || word == "__attribute__" || word == "alignas" || word == "__launch_bounds__" ||
         word == "__declspec";
}

// Every identifier in code between `from` and `to`.
void add_identifiers(const SourceScan& scan, size_t from, size_t to, std::set<std::string>& names) {
  const std::string& text = scan.text();
  for (size_t i = from; i < to;) {
    if (!scan.is_code(i) || !identifier_char(text[i]) || (i > from && identifier_char(text[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < to && identifier_char(text[end])) ++end;
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) names.insert(text.substr(i, end - i));
    i = end;
  }
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

std::string kernel_name(const SourceScan& scan, size_t from, size_t end) {
  const std::string& text = scan.text();
  for (size_t paren = text.find('(', from); paren != std::string::npos && paren < end;) {
    const std::string name = declared_name(std::string_view(text).substr(from, paren - from));
    if (name != "__launch_bounds__" && name != "__align__" && name != "__attribute__") return name;
    const size_t close = scan.matching(paren, '(', ')');
    if (close == std::string::npos) break;
    from = close + 1;
    paren = text.find('(', from);
  }
  return "";
}

DeviceNames device_names(const SourceScan& scan) {
  DeviceNames names;
  for (size_t at : scan.find_tokens("__global__")) {
    if (scan.on_directive_line(at)) continue;
    const size_t end = first_stop(scan, at, ";{");
    if (end == std::string::npos) continue;
    if (std::string name = kernel_name(scan, at, end); !name.empty()) names.kernels.insert(name);
  }
  for (const char* word : {"__device__", "__constant__", "__managed__"}) {
    for (size_t at : scan.find_tokens(word)) {
      if (scan.on_directive_line(at)) continue;
      size_t head_end = first_stop(scan, at, "(;={[");
      // Past __align__(16), __attribute__((...)) and alignas(16): what they hold is no declarator.
      while (head_end != std::string::npos && scan.text()[head_end] == '(' &&
             is_attribute(last_identifier(std::string_view(scan.text()).substr(at, head_end - at)))) {
        const size_t close = scan.matching(head_end, '(', ')');
        head_end = close == std::string::npos ? close : first_stop(scan, close + 1, "(;={[");
      }
      if (head_end == std::string::npos) continue;
      if (scan.text()[head_end] == '(') {
        // A function, or a variable built by a constructor (`__device__ Table t(3);`): its name either way.
        names.device_variables.insert(last_identifier(std::string_view(scan.text()).substr(at, head_end - at)));
        continue;
      }
      const size_t end = first_stop(scan, at, ";");
      add_identifiers(scan, at, end == std::string::npos ? scan.text().size() : end, names.device_variables);
    }
  }
  return names;
}

}  // namespace cudagrade
