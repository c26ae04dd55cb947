#include "sim/host_calls.h"

#include <fmt/format.h>

#include <cctype>
#include <deque>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

namespace cudagrade {
namespace {

// Where device code may be: what a function is, as nvcc would compile it.
enum class Space {
  kKernel,
  kDevice,      // __device__
  kHostDevice,  // __host__ __device__: nvcc only warns about its calls to host functions
  kHost,        // the file's, without __device__: nvcc refuses device code's calls to it
  kUnjudged,    // the file's, with a head this check cannot read (a macro's word, `= default`)
  kElsewhere,   // a library's, a lambda, or made by the compiler: device code when device code calls it
};

// C++'s own words and CUDA's, which a function's head may hold besides the file's type names.
bool known_word(const std::string& word) {
  static const std::set<std::string> words = {
      "static", "inline", "constexpr", "consteval", "extern", "virtual", "explicit", "friend", "const",
      "volatile", "unsigned", "signed", "short", "long", "int", "char", "float", "double", "bool", "void",
      "auto", "template", "typename", "class", "struct", "enum", "union", "public", "private", "protected",
      "noexcept", "std", "size_t", "ptrdiff_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
      "uint16_t", "uint32_t", "uint64_t", "__inline__", "__forceinline__", "__noinline__", "__host__",
      "__device__", "__global__", "dim3", "cudaError_t", "__restrict__"};
  if (words.count(word) != 0) return true;
  // CUDA's vector types: float4, uint2, longlong4, ...
  static const std::set<std::string> vector_bases = {"char", "uchar", "short", "ushort", "int", "uint", "long",
                                                     "ulong", "longlong", "ulonglong", "float", "double"};
  return word.size() > 1 && word.back() >= '1' && word.back() <= '4' &&
         vector_bases.count(word.substr(0, word.size() - 1)) != 0;
}

// The identifiers starting at each code position of `text`, in order.
struct Word {
  size_t at;
  std::string text;
};

std::vector<Word> code_words(const SourceScan& scan, size_t from, size_t to) {
  std::vector<Word> words;
  const std::string& text = scan.text();
  for (size_t i = from; i < to;) {
    if (!scan.is_code(i) || !identifier_char(text[i]) || (i > from && identifier_char(text[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < to && identifier_char(text[end])) ++end;
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) words.push_back({i, text.substr(i, end - i)});
    i = end;
  }
  return words;
}

// The names the file declares as types: after struct, class, union, enum, typename; `using X =`; a typedef's
// last name. More than its types (an elaborated type's use), never fewer.
std::set<std::string> file_type_names(const SourceScan& scan) {
  std::set<std::string> names;
  const std::vector<Word> words = code_words(scan, 0, scan.text().size());
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& word = words[i].text;
    if (word == "struct" || word == "class" || word == "union" || word == "enum" || word == "typename" ||
        word == "using") {
      names.insert(words[i + 1].text);
    }
    if (word == "typedef") {
      const size_t end = scan.first_at_depth(words[i].at, ";");
      for (size_t j = i + 1; j < words.size() && (end == std::string::npos || words[j].at < end); ++j) {
        names.insert(words[j].text);
      }
    }
  }
  return names;
}

class HostCallFinder {
 public:
  HostCallFinder(const DebugInfo& info, const SourceScan& compiled, const DeviceNames& names,
                 const std::string& file_name)
      : info_(info), compiled_(compiled), names_(names), file_name_(file_name), types_(file_type_names(compiled)) {
    const std::string& text = compiled.text();
    line_starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  HostCallVerdict find();

 private:
  struct Edge {
    uint64_t callee;
    int line;
  };
  struct Reached {
    uint64_t function;
    uint64_t file_function;  // the nearest of the file's kernels and __device__ functions on the way
  };

  const DebugEntry* declaration(uint64_t offset) const;
  bool in_lambda(const DebugEntry& entry) const;
  Space space(uint64_t function);
  Space judge_head(const DebugEntry& function) const;
  size_t past_angle_brackets(size_t from, size_t limit) const;
  size_t name_position(const DebugEntry& function) const;
  std::map<uint64_t, std::vector<Edge>> calls() const;

  const DebugInfo& info_;
  const SourceScan& compiled_;
  const DeviceNames& names_;
  const std::string& file_name_;
  const std::set<std::string> types_;
  std::vector<size_t> line_starts_;
  std::unordered_map<uint64_t, Space> spaces_;
};

// The entry that declares what `offset` is an instance of: its abstract origin's, its specification's.
const DebugEntry* HostCallFinder::declaration(uint64_t offset) const {
  const DebugEntry* entry = info_.at(offset);
  for (int hop = 0; entry != nullptr && hop < 16; ++hop) {
    const std::optional<uint64_t> next = entry->abstract_origin ? entry->abstract_origin : entry->specification;
    if (!next || (!entry->name.empty() && entry->decl_line > 0)) return entry;
    const DebugEntry* further = info_.at(*next);
    if (further == nullptr) return entry;
    entry = further;
  }
  return entry;
}

bool HostCallFinder::in_lambda(const DebugEntry& entry) const {
  for (const DebugEntry* parent = entry.parent ? info_.at(*entry.parent) : nullptr; parent != nullptr;
       parent = parent->parent ? info_.at(*parent->parent) : nullptr) {
    if (parent->name.rfind("<lambda", 0) == 0) return true;
  }
  return false;
}

Space HostCallFinder::space(uint64_t function) {
  if (auto found = spaces_.find(function); found != spaces_.end()) return found->second;
  const DebugEntry* entry = info_.at(function);
  Space result = Space::kElsewhere;
  if (entry != nullptr && info_.is_file(entry->decl_file, file_name_) && !entry->artificial && !in_lambda(*entry)) {
    result = judge_head(*entry);
  }
  return spaces_.emplace(function, result).first->second;
}

// Where the function's name is in the compiled text: at DWARF's line and column when the name is there, else
// its first whole-token occurrence on that line before a '(' or '<'; npos when neither.
size_t HostCallFinder::name_position(const DebugEntry& function) const {
  std::string base = function.name.substr(0, function.name.find('<'));
  if (base.rfind("operator", 0) == 0) base = "operator";
  if (!base.empty() && base.front() == '~') base.erase(0, 1);
  const size_t line = static_cast<size_t>(function.decl_line);  // line N of the file is line N + 1 here
  if (base.empty() || line + 1 > line_starts_.size()) return std::string::npos;
  const size_t start = line_starts_[line];
  const size_t end = line + 1 < line_starts_.size() ? line_starts_[line + 1] : compiled_.text().size();
  const std::string& text = compiled_.text();
  auto token_at = [&](size_t at) {
    return at + base.size() <= end && text.compare(at, base.size(), base) == 0 && compiled_.is_code(at) &&
           (at == 0 || !identifier_char(text[at - 1])) &&
           (at + base.size() >= text.size() || !identifier_char(text[at + base.size()]));
  };
  const size_t column = start + static_cast<size_t>(std::max(function.decl_column, 1)) - 1;
  if (function.decl_column > 0 && column < end && token_at(column)) return column;
  for (size_t at = text.find(base, start); at != std::string::npos && at < end; at = text.find(base, at + 1)) {
    if (!token_at(at)) continue;
    size_t after = at + base.size();
    while (after < end && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if (after < end && (text[after] == '(' || text[after] == '<')) return at;
  }
  return std::string::npos;
}

// Past the '>' that closes the '<' after `from`, or `limit` when there is none before it.
size_t HostCallFinder::past_angle_brackets(size_t from, size_t limit) const {
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

Space HostCallFinder::judge_head(const DebugEntry& function) const {
  const size_t name = name_position(function);
  if (name == std::string::npos || compiled_.on_directive_line(name)) return Space::kUnjudged;
  const std::string& text = compiled_.text();
  size_t begin = name;
  while (begin > 0 && !(compiled_.is_code(begin - 1) && (text[begin - 1] == ';' || text[begin - 1] == '{' ||
                                                         text[begin - 1] == '}')) &&
         !compiled_.on_directive_line(begin - 1)) {
    --begin;
  }
  // `= default` and `= delete` after the parameters: nvcc gives a defaulted function the space of its caller.
  const size_t open = text.find('(', name);
  const size_t close = open == std::string::npos ? open : compiled_.group_end(open);
  if (close != std::string::npos) {
    const size_t stop = compiled_.first_at_depth(close + 1, ";{");
    const std::string after = text.substr(close + 1, stop == std::string::npos ? 0 : stop - close - 1);
    if (after.find('=') != std::string::npos) return Space::kUnjudged;
  }
  bool device = false, host = false, global = false, unknown = false;
  size_t skip_until = begin;
  for (const Word& word : code_words(compiled_, begin, name)) {
    if (word.at < skip_until) continue;
    if (word.text == "__device__") device = true;
    if (word.text == "__host__") host = true;
    if (word.text == "__global__") global = true;
    if (word.text == "template") {  // its parameter list declares names; the file's types are known already
      skip_until = past_angle_brackets(word.at + word.text.size(), name);
      continue;
    }
    if (word.text == "__attribute__" || word.text == "alignas" || word.text == "__launch_bounds__" ||
        word.text == "__align__" || word.text == "decltype" || word.text == "__declspec") {
      const size_t open = compiled_.first_at_depth(word.at, "(");
      const size_t close = open == std::string::npos || open > name ? open : compiled_.group_end(open);
      skip_until = close == std::string::npos ? name : close + 1;
      continue;
    }
    if (!known_word(word.text) && types_.count(word.text) == 0) unknown = true;
  }
  if (global) return Space::kKernel;
  if (device) return host ? Space::kHostDevice : Space::kDevice;
  return unknown ? Space::kUnjudged : Space::kHost;
}

// Each function's calls, inlined or not, keyed by the declaration of the function that makes them.
std::map<uint64_t, std::vector<HostCallFinder::Edge>> HostCallFinder::calls() const {
  std::map<uint64_t, std::vector<Edge>> edges;
  for (const DebugEntry& entry : info_.entries) {
    const bool inlined = entry.tag == "DW_TAG_inlined_subroutine";
    if (!inlined && entry.tag != "DW_TAG_GNU_call_site" && entry.tag != "DW_TAG_call_site") continue;
    if (!entry.abstract_origin) continue;
    const DebugEntry* callee = declaration(*entry.abstract_origin);
    const DebugEntry* caller = nullptr;
    for (const DebugEntry* up = entry.parent ? info_.at(*entry.parent) : nullptr; up != nullptr;
         up = up->parent ? info_.at(*up->parent) : nullptr) {
      if (up->tag == "DW_TAG_inlined_subroutine" && up->abstract_origin) {
        caller = declaration(*up->abstract_origin);
        break;
      }
      if (up->tag == "DW_TAG_subprogram") {
        caller = declaration(up->offset);
        break;
      }
    }
    if (callee == nullptr || caller == nullptr) continue;
    edges[caller->offset].push_back({callee->offset, inlined ? entry.call_line : 0});
  }
  return edges;
}

HostCallVerdict HostCallFinder::find() {
  const std::map<uint64_t, std::vector<Edge>> edges = calls();
  std::deque<Reached> queue;
  std::set<uint64_t> seen;
  for (const auto& [function, unused] : edges) {
    const DebugEntry* entry = info_.at(function);
    if (entry == nullptr || names_.kernels.count(entry->name.substr(0, entry->name.find('<'))) == 0) continue;
    if (space(function) != Space::kKernel) continue;
    queue.push_back({function, function});
    seen.insert(function);
  }
  while (!queue.empty()) {
    const Reached reached = queue.front();
    queue.pop_front();
    const auto found = edges.find(reached.function);
    if (found == edges.end()) continue;
    for (const Edge& edge : found->second) {
      const Space callee = space(edge.callee);
      if (callee == Space::kHost) {
        const DebugEntry& caller = *info_.at(reached.file_function);
        const DebugEntry& host = *info_.at(edge.callee);
        return {HostCallVerdict::Outcome::kHostFunction, caller.name, space(reached.file_function) == Space::kKernel,
                host.name, edge.line, host.decl_line};
      }
      if ((callee != Space::kDevice && callee != Space::kElsewhere) || !seen.insert(edge.callee).second) continue;
      queue.push_back({edge.callee, callee == Space::kDevice ? edge.callee : reached.file_function});
    }
  }
  return {};
}

}  // namespace

HostCallVerdict find_host_call(const DebugInfo& info, const SourceScan& compiled, const DeviceNames& names,
                               const std::string& file_name) {
  return HostCallFinder(info, compiled, names, file_name).find();
}

std::string describe_host_call(const HostCallVerdict& verdict, const std::string& file_name) {
  const std::string where = verdict.call_line > 0 ? fmt::format(" line {}", verdict.call_line) : "";
  const char* caller_kind = verdict.caller_is_kernel ? "__global__" : "__device__";
  return fmt::format(
      "compile error: {}{}: {} {} calls {} (declared at line {}), a host function, which nvcc refuses (calling a "
      "__host__ function(\"{}\") from a {} function(\"{}\") is not allowed): device code calls only __device__ "
      "functions. Declare {} __device__, or __host__ __device__ to call it from host code as well",
      file_name, where, verdict.caller_is_kernel ? "kernel" : "device function", verdict.caller, verdict.callee,
      verdict.declaration_line, verdict.callee, caller_kind, verdict.caller, verdict.callee);
}

}  // namespace cudagrade
