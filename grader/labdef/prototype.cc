#include "labdef/prototype.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <set>


namespace cudagrade {
namespace {

std::vector<std::string> tokens_of(const std::string& text) {
  std::vector<std::string> tokens;
  size_t at = 0;
  while (at < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if (std::isspace(c)) {
      ++at;
    } else if (std::isalnum(c) || c == '_') {
      const size_t begin = at;
      while (at < text.size() && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '_')) ++at;
      tokens.push_back(text.substr(begin, at - begin));
    } else {
      tokens.push_back(std::string(1, text[at++]));
    }
  }
  return tokens;
}

// The element types the arena carries, by every spelling a header may use ("unsigned int" and "unsigned
// char" are joined into one word first). "long long" is not one of them: on Linux int64_t is long, and the
// generated entry's int64_t* would not convert to a header's long long*.
const std::map<std::string, ScalarType> kTypes = {
    {"float", ScalarType::kFloat},       {"int", ScalarType::kInt},           {"int32_t", ScalarType::kInt},
    {"unsigned", ScalarType::kUnsigned}, {"uint32_t", ScalarType::kUnsigned}, {"double", ScalarType::kDouble},
    {"int64_t", ScalarType::kInt64},     {"uint8_t", ScalarType::kUint8},     {"unsigned char", ScalarType::kUint8}};
const std::set<std::string> kNotYet = {"long",    "char",     "short", "size_t", "uint64_t",     "int8_t",
                                       "int16_t", "uint16_t", "half",  "__half", "__nv_bfloat16"};
constexpr const char* kTypeList = "float, double, int, unsigned, int64_t, uint8_t";

// "unsigned int" is unsigned and "unsigned char" is uint8_t: one word each.
void join_type_words(std::vector<std::string>& words) {
  if (words.size() >= 2 && words[0] == "unsigned" && (words[1] == "int" || words[1] == "char")) {
    words[0] = words[1] == "int" ? "unsigned" : "unsigned char";
    words.erase(words.begin() + 1);
  }
}

// One parameter: [const] TYPE [*] NAME.
std::string parse_parameter(std::vector<std::string> words, PrototypeParameter& parameter) {
  if (!words.empty() && words.front() == "const") {
    parameter.is_const = true;
    words.erase(words.begin());
  }
  join_type_words(words);
  if (words.size() < 2) return "a parameter is TYPE NAME or TYPE* NAME";
  const std::string type = words[0];
  if (kNotYet.count(type)) {
    return fmt::format("'{}' is not carried yet: the grader's buffers hold {}{}", type, kTypeList,
                       type == "long" ? " (write int64_t for a 64-bit integer)" : "");
  }
  const auto found = kTypes.find(type);
  if (found == kTypes.end()) return fmt::format("unknown type '{}' ({}, int32_t, uint32_t)", type, kTypeList);
  parameter.type = found->second;
  size_t at = 1;
  if (words[at] == "*") {
    parameter.is_pointer = true;
    ++at;
  }
  if (at + 1 != words.size()) return fmt::format("cannot read the parameter '{}'", fmt::join(words, " "));
  parameter.name = words[at];
  if (parameter.is_const && !parameter.is_pointer) parameter.is_const = false;  // a const scalar is still a scalar
  return "";
}

}  // namespace

PrototypeParse parse_prototype(const std::string& text) {
  PrototypeParse parsed;
  std::vector<std::string> tokens = tokens_of(text);
  if (!tokens.empty() && tokens.back() == ";") tokens.pop_back();
  if (tokens.size() < 4 || tokens[0] != "void" || tokens[2] != "(" || tokens.back() != ")") {
    parsed.problem = "expected 'void NAME(PARAMETERS)', e.g. void vector_add(const float* A, const float* B, float* C, int n)";
    return parsed;
  }
  parsed.name = tokens[1];
  std::vector<std::string> words;
  for (size_t i = 3; i < tokens.size(); ++i) {
    const bool end = i + 1 == tokens.size();
    if (tokens[i] == "," || end) {
      if (words.empty() && end && parsed.parameters.empty()) break;  // void f()
      PrototypeParameter parameter;
      const std::string problem = parse_parameter(words, parameter);
      if (!problem.empty()) {
        parsed.problem = problem;
        return parsed;
      }
      for (const PrototypeParameter& earlier : parsed.parameters) {
        if (earlier.name == parameter.name) parsed.problem = fmt::format("two parameters are named '{}'", parameter.name);
      }
      parsed.parameters.push_back(parameter);
      words.clear();
      continue;
    }
    words.push_back(tokens[i]);
  }
  if (parsed.parameters.empty() && parsed.problem.empty()) parsed.problem = "the function takes no parameters";
  return parsed;
}

std::string canonical_prototype(const PrototypeParse& parsed) {
  std::vector<std::string> parameters;
  for (const PrototypeParameter& parameter : parsed.parameters) {
    parameters.push_back(fmt::format("{}{}{} {}", parameter.is_const ? "const " : "", to_string(parameter.type),
                                     parameter.is_pointer ? "*" : "", parameter.name));
  }
  return fmt::format("void {}({})", parsed.name, fmt::join(parameters, ", "));
}

}  // namespace cudagrade
