#include "sim/function_heads.h"

#include <cctype>
#include <string_view>

namespace cudagrade {
namespace {

// C++'s own words and CUDA's, which a function's head may hold besides the file's type names.
bool known_word(const std::string& word) {
  static const std::set<std::string> words = {
      "static", "inline", "constexpr", "consteval", "extern", "virtual", "explicit", "friend", "const",
      "volatile", "unsigned", "signed", "short", "long", "int", "char", "float", "double", "bool", "void",
      "auto", "template", "typename", "class", "struct", "enum", "union", "public", "private", "protected",
      "noexcept", "std", "size_t", "ptrdiff_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
      "uint16_t", "uint32_t", "uint64_t", "__inline__", "__forceinline__", "__noinline__", "__host__",
      "__device__", "__global__", "dim3", "cudaError_t", "__restrict__", "nodiscard", "maybe_unused",
      "noreturn", "deprecated"};
  if (words.count(word) != 0) return true;
  // CUDA's vector types: float4, uint2, longlong4, ...
  static const std::set<std::string> vector_bases = {"char", "uchar", "short", "ushort", "int", "uint", "long",
                                                     "ulong", "longlong", "ulonglong", "float", "double"};
  return word.size() > 1 && word.back() >= '1' && word.back() <= '4' &&
         vector_bases.count(word.substr(0, word.size() - 1)) != 0;
}

bool groups_an_attribute(const std::string& word) {
  return word == "__attribute__" || word == "alignas" || word == "__launch_bounds__" || word == "__align__" ||
         word == "decltype" || word == "__declspec";
}

using Word = Identifier;

// Every identifier in code between `from` and `to`, off preprocessor lines.
std::vector<Word> code_words(const SourceScan& scan, size_t from, size_t to) {
  return scan.identifiers(from, to, SourceScan::DirectiveLines::kSkipped);
}

// The names the file declares as types: after struct, class, union, enum, typename and using, and a typedef's
// declarator (its last name, or the one in `(*name)`). More than its types, never fewer. Each typedef is read
// once, to its ';', and the reading goes on past it.
std::set<std::string> file_type_names(const SourceScan& scan, const std::vector<Word>& words) {
  std::set<std::string> names;
  const std::string& text = scan.text();
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& word = words[i].text;
    if (word == "struct" || word == "class" || word == "union" || word == "enum" || word == "typename" ||
        word == "using") {
      names.insert(words[i + 1].text);
    }
    if (word != "typedef") continue;
    const size_t end = scan.first_at_depth(words[i].at, ";");
    if (end == std::string::npos) continue;
    size_t j = i + 1;
    for (; j < words.size() && words[j].at < end; ++j) {
      const size_t at = words[j].at;
      if (at >= 2 && text[at - 1] == '*' && text[at - 2] == '(') names.insert(words[j].text);
    }
    if (j > i + 1) names.insert(words[j - 1].text);
    i = j - 1;
  }
  return names;
}

}  // namespace

FunctionHeads::FunctionHeads(const SourceScan& compiled) : compiled_(compiled) {
  const std::string& text = compiled.text();
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') line_starts_.push_back(i + 1);
  }
  const std::vector<Word> words = code_words(compiled, 0, text.size());
  types_ = file_type_names(compiled, words);
  for (const Word& word : words) occurrences_[word.text].push_back(word.at);
  // The file's #define and #line directives, from its second line on (its first is the rewriter's #line).
  for (size_t line = 1; line < line_starts_.size(); ++line) {
    size_t at = line_starts_[line];
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    if (at >= text.size() || text[at] != '#' || !compiled.is_code(at) || !compiled.on_directive_line(at)) continue;
    ++at;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    if (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) renumbered_ = true;
    size_t end = at;
    while (end < text.size() && identifier_char(text[end])) ++end;
    const std::string_view directive(text.data() + at, end - at);
    if (directive == "line") renumbered_ = true;
    if (directive != "define") continue;
    at = end;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    end = at;
    while (end < text.size() && identifier_char(text[end])) ++end;
    if (end > at) macros_.insert(text.substr(at, end - at));
  }
}

// Where the name is in the compiled text: at DWARF's line and column; without a column, its first whole-token
// occurrence on that line before a '(' or '<'; npos when neither.
size_t FunctionHeads::name_position(const std::string& base, int line, int column) const {
  if (base.empty() || line < 1 || static_cast<size_t>(line) >= line_starts_.size()) return std::string::npos;
  const std::string& text = compiled_.text();
  const size_t start = line_starts_[static_cast<size_t>(line)];
  const size_t end = static_cast<size_t>(line) + 1 < line_starts_.size() ? line_starts_[static_cast<size_t>(line) + 1]
                                                                          : text.size();
  auto token_at = [&](size_t at) {
    return at + base.size() <= end && text.compare(at, base.size(), base) == 0 && compiled_.is_code(at) &&
           (at == 0 || !identifier_char(text[at - 1])) &&
           (at + base.size() >= text.size() || !identifier_char(text[at + base.size()]));
  };
  if (column > 0) {
    const size_t at = start + static_cast<size_t>(column) - 1;
    return at < end && token_at(at) ? at : std::string::npos;
  }
  const std::string_view line_text(text.data() + start, end - start);
  for (size_t found = line_text.find(base); found != std::string_view::npos; found = line_text.find(base, found + 1)) {
    const size_t at = start + found;
    if (!token_at(at)) continue;
    size_t after = at + base.size();
    while (after < end && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if (after < end && (text[after] == '(' || text[after] == '<')) return at;
  }
  return std::string::npos;
}

// From the ';', '{' or '}' before the name, or the preprocessor line above it. A head cut by a preprocessor
// line (`__device__` inside an #ifdef above the name) or by a brace inside a template argument
// (`std::enable_if_t<std::is_integral<T>{}, T> f(T)`) is not all there.
FunctionHeads::Head FunctionHeads::head_before(size_t name) const {
  const std::string& text = compiled_.text();
  Head head{name, false};
  bool at_directive = false;
  while (head.begin > 0) {
    const size_t before = head.begin - 1;
    if (compiled_.on_directive_line(before)) {
      at_directive = true;
      break;
    }
    if (compiled_.is_code(before) && (text[before] == ';' || text[before] == '{' || text[before] == '}')) break;
    --head.begin;
  }
  if (at_directive) {
    size_t above = head.begin;
    while (above > 0 && (compiled_.on_directive_line(above - 1) || !compiled_.is_code(above - 1) ||
                         std::isspace(static_cast<unsigned char>(text[above - 1])))) {
      --above;
    }
    head.cut = above > 0 && text[above - 1] != ';' && text[above - 1] != '{' && text[above - 1] != '}';
  }
  int angles = 0;
  for (size_t at = head.begin; at < name; ++at) {
    if (!compiled_.is_code(at)) continue;
    if (text[at] == '<') ++angles;
    if (text[at] == '>') --angles;
  }
  head.cut = head.cut || angles < 0;
  return head;
}

// Past the '>' that closes the '<' after `from`, or `limit` when there is none before it.
size_t FunctionHeads::past_angle_brackets(size_t from, size_t limit) const {
  const std::string& text = compiled_.text();
  int depth = 0;
  for (size_t at = from; at < limit; ++at) {
    if (!compiled_.is_code(at)) continue;
    if (text[at] == '(' || text[at] == '[') {
      const size_t close = compiled_.group_end(at);
      if (close == std::string::npos || close >= limit) return limit;
      at = close;
    } else if (text[at] == '<') {
      ++depth;
    } else if (text[at] == '>' && --depth == 0) {
      return at + 1;
    }
  }
  return limit;
}

FunctionHeads::Words FunctionHeads::words_of(size_t begin, size_t name) const {
  Words words;
  size_t skip_until = begin;
  for (const Word& word : code_words(compiled_, begin, name)) {
    if (word.at < skip_until) continue;
    if (word.text == "template") {  // its parameter list declares names; the file's types are known already
      skip_until = past_angle_brackets(word.at + word.text.size(), name);
      continue;
    }
    if (groups_an_attribute(word.text)) {
      const size_t open = compiled_.first_at_depth(word.at, "(");
      const size_t close = open == std::string::npos || open > name ? open : compiled_.group_end(open);
      skip_until = close == std::string::npos ? name : close + 1;
      continue;
    }
    words.none = false;
    if (word.text == "__device__") words.device = true;
    if (word.text == "__host__") words.host = true;
    if (word.text == "__global__") words.global = true;
    if (word.text == "constexpr" || word.text == "consteval") words.constant = true;
    if (macros_.count(word.text) != 0 || (!known_word(word.text) && types_.count(word.text) == 0)) {
      words.unknown = true;
    }
  }
  return words;
}

// `= default` or `= delete` after the parameters: nvcc gives a defaulted function the space of its caller.
bool FunctionHeads::defaulted(size_t name) const {
  const std::string& text = compiled_.text();
  const size_t open = compiled_.first_at_depth(name, "(");
  const size_t close = open == std::string::npos ? open : compiled_.group_end(open);
  if (close == std::string::npos) return false;
  const size_t stop = compiled_.first_at_depth(close + 1, ";{");
  return stop != std::string::npos && text.find('=', close + 1) < stop;
}

// Whether another declaration of `base` (a prototype, an out-of-class definition `S::base`) says __device__:
// nvcc takes a function whose declarations disagree as __host__ __device__.
bool FunctionHeads::declared_device_elsewhere(const std::string& base, size_t here) const {
  const std::string& text = compiled_.text();
  const auto found = occurrences_.find(base);
  if (found == occurrences_.end()) return false;
  for (size_t at : found->second) {
    if (at == here) continue;
    // A declaration's name follows a word, a '*', '&', '>' or '::', never a '(' or an operator as a call does.
    size_t before = at;
    while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
    if (before > 0 && !identifier_char(text[before - 1]) && text[before - 1] != '*' && text[before - 1] != '&' &&
        text[before - 1] != '>' && text[before - 1] != ':') {
      continue;
    }
    size_t after = at + base.size();
    while (after < text.size() && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if (after >= text.size() || text[after] != '(') continue;
    const Head head = head_before(at);
    if (words_of(head.begin, at).device) return true;
  }
  return false;
}

ExecutionSpace FunctionHeads::judge(const std::string& name, int line, int column, bool special_member) const {
  std::string base = name.substr(0, name.find('<'));
  if (base.rfind("operator", 0) == 0) base = "operator";
  if (!base.empty() && base.front() == '~') base.erase(0, 1);
  // By the name without template arguments: every instance of a template is one head, read once.
  const auto key = std::make_tuple(base, line, column, special_member);
  if (auto found = judged_.find(key); found != judged_.end()) return found->second;
  ExecutionSpace space = ExecutionSpace::kUnjudged;
  const size_t at = renumbered_ ? std::string::npos : name_position(base, line, column);
  if (at != std::string::npos && !compiled_.on_directive_line(at)) {
    const Head head = head_before(at);
    const Words words = head.cut || defaulted(at) ? Words{} : words_of(head.begin, at);
    if (head.cut || defaulted(at)) {
      space = ExecutionSpace::kUnjudged;
    } else if (words.global) {
      space = ExecutionSpace::kKernel;
    } else if (words.device) {
      space = words.host ? ExecutionSpace::kHostDevice : ExecutionSpace::kDevice;
    } else if (words.constant) {
      space = ExecutionSpace::kHostDevice;  // nvcc's --expt-relaxed-constexpr
    } else if (!words.unknown && (!words.none || special_member) && !declared_device_elsewhere(base, at)) {
      space = ExecutionSpace::kHost;
    }
  }
  return judged_.emplace(key, space).first->second;
}

}  // namespace cudagrade
