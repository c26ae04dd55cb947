#include "sim/kernel_parameters.h"

#include <cctype>
#include <set>
#include <string_view>

namespace cudagrade {
namespace {

// Words that qualify a type without naming anything, and the builtin types' words: a parameter whose last word
// is either has no name, and neither has one whose words before the last are only qualifiers.
bool is_qualifier(std::string_view word) {
  static const std::set<std::string_view> qualifiers = {
      "const", "volatile", "__restrict__", "__restrict", "restrict", "struct",
      "class", "union",    "enum",         "typename",   "register", "__grid_constant__"};
  return qualifiers.count(word) != 0;
}
bool is_type_word(std::string_view word) {
  static const std::set<std::string_view> builtin = {"signed", "unsigned", "short",   "long",     "int",
                                                     "char",   "float",    "double",  "bool",     "void",
                                                     "auto",   "wchar_t",  "char8_t", "char16_t", "char32_t"};
  return is_qualifier(word) || builtin.count(word) != 0;
}

// The names the file #defines.
std::set<std::string> defined_names(const SourceScan& scan) {
  std::set<std::string> names;
  const std::string& text = scan.text();
  for (size_t at : scan.find_tokens("define")) {
    if (!scan.on_directive_line(at)) continue;
    size_t begin = at + 6;
    while (begin < text.size() && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
    size_t end = begin;
    while (end < text.size() && identifier_char(text[end])) ++end;
    if (end > begin) names.insert(text.substr(begin, end - begin));
  }
  return names;
}

// The tokens of [begin, end) that are code: identifiers and numbers whole, "::" and "..." as one, any other
// character alone; empty with `unreadable` set where a preprocessor line lies inside.
std::vector<std::string> code_tokens(const SourceScan& scan, size_t begin, size_t end, bool& unreadable) {
  const std::string& text = scan.text();
  std::vector<std::string> tokens;
  for (size_t at = begin; at < end;) {
    if (!scan.is_code(at) || std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
      continue;
    }
    if (scan.on_directive_line(at)) {
      unreadable = true;
      return {};
    }
    size_t next = at + 1;
    if (identifier_char(text[at])) {
      while (next < end && identifier_char(text[next])) ++next;
    } else if (text.compare(at, 3, "...") == 0) {
      next = at + 3;
    } else if (text.compare(at, 2, "::") == 0) {
      next = at + 2;
    }
    tokens.push_back(text.substr(at, next - at));
    at = next;
  }
  return tokens;
}

bool is_word(const std::string& token) {
  return !token.empty() && identifier_char(token[0]) && !std::isdigit(static_cast<unsigned char>(token[0]));
}

// One parameter's tokens, its default and trailing array bounds dropped, to its name; "" when it has none
// for certain.
std::string parameter_name(std::vector<std::string> tokens, const std::set<std::string>& macros) {
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == "=") tokens.resize(i);
  }
  while (!tokens.empty() && tokens.back() == "]") {
    int depth = 0;
    size_t i = tokens.size();
    while (i > 0) {
      const std::string& token = tokens[--i];
      if (token == "]") ++depth;
      if (token == "[" && --depth == 0) break;
    }
    if (depth != 0) return "";
    tokens.resize(i);
  }
  if (tokens.size() < 2 || !is_word(tokens.back()) || is_type_word(tokens.back())) return "";
  if (tokens[tokens.size() - 2] == "::") return "";
  bool names_a_type = false;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const std::string& token = tokens[i];
    if (token == "(" || token == ")" || token == "...") return "";  // a function pointer or a pack
    if (macros.count(token) != 0) return "";
    if (is_word(token) && !is_qualifier(token)) names_a_type = true;
  }
  return names_a_type ? tokens.back() : "";
}

}  // namespace

KernelParameterNames::KernelParameterNames(const SourceScan& scan) : scan_(scan), macros_(defined_names(scan)) {}

std::optional<std::vector<std::string>> KernelParameterNames::of(const KernelDeclaration& kernel) const {
  const size_t open = parameter_list_open(scan_, kernel);
  if (open == std::string::npos) return std::nullopt;
  const size_t close = scan_.group_end(open);
  if (close == std::string::npos || close > kernel.head_end) return std::nullopt;
  bool unreadable = false;
  const std::vector<std::string> tokens = code_tokens(scan_, open + 1, close, unreadable);
  if (unreadable) return std::nullopt;
  if (tokens.empty() || (tokens.size() == 1 && tokens[0] == "void")) return std::vector<std::string>{};
  std::vector<std::string> names;
  std::vector<std::string> parameter;
  int depth = 0;  // (), [], {} and <>: a comma inside a template argument list splits nothing
  bool in_default = false;
  for (size_t i = 0; i <= tokens.size(); ++i) {
    if (i == tokens.size() || (depth == 0 && tokens[i] == ",")) {
      std::string name = parameter_name(parameter, macros_);
      if (name.empty()) return std::nullopt;
      names.push_back(std::move(name));
      parameter.clear();
      in_default = false;
      continue;
    }
    const std::string& token = tokens[i];
    if (token == "=" && depth == 0) in_default = true;
    // In a default argument '<' and '>' may be comparisons, which would leave the depth wrong.
    if (in_default && (token == "<" || token == ">")) return std::nullopt;
    if (token == "(" || token == "[" || token == "{" || token == "<") ++depth;
    if (token == ")" || token == "]" || token == "}" || token == ">") --depth;
    if (depth < 0) return std::nullopt;
    parameter.push_back(token);
  }
  if (depth != 0) return std::nullopt;
  return names;
}

}  // namespace cudagrade
