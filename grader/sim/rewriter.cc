#include "sim/rewriter.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "compile/source_policy.h"
#include "sim/source_scan.h"

namespace cudagrade {
namespace {

struct Edit {
  size_t begin, end;
  std::string replacement;
};

RewriteResult problem(RewriteResult::Outcome outcome, int line, std::string reason) {
  return RewriteResult{outcome, "", line, std::move(reason)};
}

constexpr UnsupportedConstruct kUnsupported[] = {
    {"asm", "inline PTX (asm)"},
    {"__asm__", "inline PTX (asm)"},
    {"__asm", "inline PTX (asm)"},
    {"texture", "textures"},
    {"cudaTextureObject_t", "texture objects"},
    {"tex1Dfetch", "textures"},
    {"tex2D", "textures"},
    {"surf2Dwrite", "surfaces"},
    {"wmma", "tensor cores (wmma)"},
    {"mma_sync", "tensor cores (mma)"},
    {"cuda_fp16", "half precision (cuda_fp16.h)"},
    {"cuda_bf16", "bfloat16 (cuda_bf16.h)"},
    {"__half", "half precision"},
    {"__nv_bfloat16", "bfloat16"},
    {"curand_kernel", "cuRAND device functions"},
    {"cuda_pipeline", "asynchronous copies (cuda_pipeline.h)"},
    {"cudaLaunchCooperativeKernel", "cooperative launches"},
    {"cudaMallocManaged", "managed memory"},
    {"__managed__", "managed memory"},
};

std::optional<RewriteResult> find_unsupported(const SourceScan& scan) {
  for (const UnsupportedConstruct& entry : kUnsupported) {
    std::vector<size_t> found = scan.find_tokens(entry.token);
    if (!found.empty()) return problem(RewriteResult::Outcome::kUnsupported, scan.line_at(found.front()), entry.construct);
  }
  return std::nullopt;
}

// Where the kernel expression before `<<<` starts: an identifier, with :: qualifiers and template arguments.
size_t kernel_start(const std::string& text, size_t launch) {
  size_t i = launch;
  while (i > 0 && std::isspace(static_cast<unsigned char>(text[i - 1]))) --i;
  for (;;) {
    if (i > 0 && text[i - 1] == '>') {  // template arguments: walk back to the matching '<'
      int depth = 0;
      size_t j = i;
      while (j > 0) {
        --j;
        if (text[j] == '>') ++depth;
        if (text[j] == '<' && --depth == 0) break;
      }
      i = j;
      continue;
    }
    if (i > 0 && identifier_char(text[i - 1])) {
      while (i > 0 && identifier_char(text[i - 1])) --i;
      if (i >= 2 && text[i - 1] == ':' && text[i - 2] == ':') {
        i -= 2;
        continue;
      }
    }
    return i;
  }
}

std::string newlines_in(std::string_view text) { return std::string(std::count(text.begin(), text.end(), '\n'), '\n'); }

// NULL is a long under g++, which the kernel's pointer parameter will not take once stored; nvcc converts it.
std::string null_to_nullptr(const std::string& arguments) {
  std::string out;
  for (size_t i = 0; i < arguments.size();) {
    const bool token = arguments.compare(i, 4, "NULL") == 0 && (i == 0 || !identifier_char(arguments[i - 1])) &&
                       (i + 4 >= arguments.size() || !identifier_char(arguments[i + 4]));
    out += token ? "nullptr" : std::string(1, arguments[i]);
    i += token ? 4 : 1;
  }
  return out;
}

std::optional<RewriteResult> rewrite_launches(const SourceScan& scan, std::vector<Edit>& edits) {
  const std::string& text = scan.text();
  for (size_t at = text.find("<<<"); at != std::string::npos; at = text.find("<<<", at + 3)) {
    if (!scan.is_code(at)) continue;
    const int line = scan.line_at(at);
    const size_t close = text.find(">>>", at + 3);
    if (close == std::string::npos) return problem(RewriteResult::Outcome::kMalformed, line, "a kernel launch with no closing >>>");
    size_t paren = close + 3;
    while (paren < text.size() && std::isspace(static_cast<unsigned char>(text[paren]))) ++paren;
    const size_t paren_close =
        paren < text.size() && text[paren] == '(' ? scan.matching(paren, '(', ')') : std::string::npos;
    const size_t start = kernel_start(text, at);
    if (paren_close == std::string::npos || start == at) {
      return problem(RewriteResult::Outcome::kMalformed, line, "a kernel launch must read kernel<<<grid, block>>>(arguments)");
    }
    const std::string kernel = trim(std::string_view(text).substr(start, at - start));
    const std::string config = text.substr(at + 3, close - at - 3);
    std::string arguments = null_to_nullptr(text.substr(paren + 1, paren_close - paren - 1));
    arguments.erase(0, arguments.find_first_not_of(" \t"));  // newlines stay: they keep the line numbers
    const bool no_arguments = arguments.find_first_not_of(" \t\r\n") == std::string::npos;
    std::string name = kernel;
    std::replace_if(name.begin(), name.end(), [](char c) { return c == '"' || c == '\\' || c == '\n'; }, ' ');
    // Line breaks between the kernel and <<<, and between >>> and (, are kept after the call.
    const std::string dropped = newlines_in(std::string_view(text).substr(start, at - start)) +
                                newlines_in(std::string_view(text).substr(close + 3, paren - close - 3));
    edits.push_back({start, paren_close + 1,
                     fmt::format("::cusim::launch(::cusim::LaunchConfig({}), \"{}\", [&](auto... cusim_a) {{ "
                                 "{}(cusim_a...); }}{}{}){}",
                                 config, name, kernel, no_arguments ? "" : ", ", arguments, dropped)});
    at = paren_close;
  }
  return std::nullopt;
}

// The statement around position `at`: from after the previous ; { } or preprocessor line, and any comments
// before it, to the next ; (exclusive).
std::pair<size_t, size_t> statement_around(const SourceScan& scan, size_t at) {
  const std::string& text = scan.text();
  size_t begin = at;
  auto boundary = [&](size_t i) { return scan.is_code(i) && (text[i] == ';' || text[i] == '{' || text[i] == '}'); };
  while (begin > 0 && !boundary(begin - 1)) --begin;
  for (;;) {
    while (begin < at && (!scan.is_code(begin) || std::isspace(static_cast<unsigned char>(text[begin])))) ++begin;
    if (begin < at && scan.on_directive_line(begin)) {
      begin = text.find('\n', begin);
      continue;
    }
    break;
  }
  size_t end = at;
  while (end < text.size() && !(scan.is_code(end) && text[end] == ';')) ++end;
  return {begin, end};
}

// Names declared by a declaration's text: the identifier before each top-level declarator's '[' or '='.
std::vector<std::string> declarator_names(std::string_view declaration) {
  std::vector<std::string> names;
  int depth = 0;
  size_t part_start = 0;
  auto take = [&](size_t end) {
    std::string_view part = declaration.substr(part_start, end - part_start);
    int nested = 0;
    size_t cut = part.size();
    for (size_t i = 0; i < part.size(); ++i) {
      if (part[i] == '(' || part[i] == '<') ++nested;
      if (part[i] == ')' || part[i] == '>') --nested;
      if (nested == 0 && (part[i] == '[' || part[i] == '=')) {
        cut = i;
        break;
      }
    }
    if (std::string name = last_identifier(part.substr(0, cut)); !name.empty()) names.push_back(name);
  };
  for (size_t i = 0; i < declaration.size(); ++i) {
    const char c = declaration[i];
    if (c == '(' || c == '[' || c == '<' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '>' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      take(i);
      part_start = i + 1;
    }
  }
  take(declaration.size());
  return names;
}

// extern __shared__ T name[];  ->  T* const name = reinterpret_cast<T*>(::cusim::g_dynamic_shared);
std::optional<Edit> dynamic_shared(const std::string& statement, size_t begin, size_t end) {
  const std::string declaration = trim(without_words(statement, {"extern", "__shared__", "static"}));
  if (declaration.size() < 2 || declaration.back() != ']') return std::nullopt;
  const size_t open = declaration.rfind('[');
  if (open == std::string::npos || !trim(std::string_view(declaration).substr(open + 1, declaration.size() - open - 2)).empty())
    return std::nullopt;
  const std::string name = last_identifier(std::string_view(declaration).substr(0, open));
  const size_t name_at = declaration.rfind(name, open);
  const std::string type = trim(std::string_view(declaration).substr(0, name_at));
  if (name.empty() || type.empty()) return std::nullopt;
  return Edit{begin, end,
              fmt::format("{}{}* const {} = reinterpret_cast<{}*>(::cusim::g_dynamic_shared)", newlines_in(statement),
                          type, name, type)};
}

std::optional<RewriteResult> rewrite_shared(const SourceScan& scan, std::vector<Edit>& edits) {
  const std::string& text = scan.text();
  for (size_t at : scan.find_tokens("__shared__")) {
    // A macro that declares shared memory still works; it is only left out of the garbage refill and race
    // checks, which would have to register it where the macro is used.
    if (scan.on_directive_line(at)) continue;
    const auto [begin, end] = statement_around(scan, at);
    const int line = scan.line_at(at);
    if (end >= text.size() || end < begin) {
      return problem(RewriteResult::Outcome::kMalformed, line, "a __shared__ declaration with no ';'");
    }
    const std::string statement = text.substr(begin, end - begin);
    const SourceScan statement_scan(statement);
    if (!statement_scan.find_tokens("extern").empty()) {
      std::optional<Edit> edit = dynamic_shared(statement, begin, end);
      if (!edit) {
        return problem(RewriteResult::Outcome::kMalformed, line,
                       "extern __shared__ must declare an array of unknown size, e.g. extern __shared__ float s[];");
      }
      edits.push_back(*edit);
      continue;
    }
    // `static __shared__` is common (NVIDIA's blockReduceSum); __shared__ already means static here.
    if (!statement_scan.find_tokens("static").empty()) edits.push_back({at, at + std::string("__shared__").size(), ""});
    std::string registrations;
    for (const std::string& name : declarator_names(without_words(statement, {"__shared__", "static", "volatile"}))) {
      registrations += fmt::format(" static ::cusim::SharedArray cusim_shared_{}_{}(&{}, sizeof({}), \"{}\", {});",
                                   name, line, name, name, name, line);
    }
    edits.push_back({end + 1, end + 1, registrations});
  }
  return std::nullopt;
}

// The kernel's name in a __global__ declaration: the identifier before its parameter list, past
// __launch_bounds__(...) and the like.
std::string kernel_name(const SourceScan& scan, size_t from, size_t body) {
  const std::string& text = scan.text();
  for (size_t paren = text.find('(', from); paren != std::string::npos && paren < body;) {
    const std::string name = last_identifier(std::string_view(text).substr(from, paren - from));
    if (name != "__launch_bounds__" && name != "__align__" && name != "__attribute__") return name;
    const size_t close = scan.matching(paren, '(', ')');
    if (close == std::string::npos) break;
    from = close + 1;
    paren = text.find('(', from);
  }
  return "";
}

// Every kernel body starts by checking it runs inside a launch: nvcc refuses a __global__ function called
// like a host one, and without this the simulator would run it once, as a grid of one thread.
void mark_kernel_entries(const SourceScan& scan, std::vector<Edit>& edits) {
  const std::string& text = scan.text();
  for (size_t at : scan.find_tokens("__global__")) {
    if (scan.on_directive_line(at)) continue;
    int depth = 0;
    size_t i = at;
    for (; i < text.size(); ++i) {
      if (!scan.is_code(i)) continue;
      if (text[i] == '(') ++depth;
      if (text[i] == ')') --depth;
      if (depth == 0 && (text[i] == '{' || text[i] == ';')) break;
    }
    if (i >= text.size() || text[i] != '{') continue;  // a declaration without a body
    const std::string name = kernel_name(scan, at, i);
    edits.push_back({i + 1, i + 1, fmt::format(" ::cusim::enter_kernel(\"{}\", {});", name, scan.line_at(at))});
  }
}

// How far back the rewriter looks from a body's '{' for its declaration: no honest signature comes near, and
// the bound keeps a hostile file's scans linear.
constexpr size_t kLongestDeclaration = 16 << 10;

size_t skip_blanks_back(const SourceScan& scan, size_t i) {
  const std::string& text = scan.text();
  while (i > 0 && (!scan.is_code(i - 1) || std::isspace(static_cast<unsigned char>(text[i - 1])))) --i;
  return i;
}

// The identifier that ends just before `end` (blanks skipped), or "".
std::string_view word_before(const SourceScan& scan, size_t end) {
  const std::string& text = scan.text();
  end = skip_blanks_back(scan, end);
  size_t start = end;
  while (start > 0 && identifier_char(text[start - 1])) --start;
  return std::string_view(text).substr(start, end - start);
}

// For every ')' in code, where its '(' is (npos when it has none): one pass, so that the walks back from a
// body's '{' jump over parentheses instead of reading them, and stay linear on a hostile file.
class Parentheses {
 public:
  explicit Parentheses(const SourceScan& scan) : opener_(scan.text().size(), std::string::npos) {
    std::vector<size_t> open;
    const std::string& text = scan.text();
    for (size_t i = 0; i < text.size(); ++i) {
      if (!scan.is_code(i)) continue;
      if (text[i] == '(') open.push_back(i);
      if (text[i] == ')' && !open.empty()) {
        opener_[i] = open.back();
        open.pop_back();
      }
    }
  }
  size_t opener(size_t close) const { return opener_[close]; }

 private:
  std::vector<size_t> opener_;
};

// Whether the ')' at `close` ends a control statement's condition (if, for, while, switch, catch): a block
// after it is a statement's, not a function's.
bool closes_condition(const SourceScan& scan, const Parentheses& parentheses, size_t close) {
  const size_t open = parentheses.opener(close);
  if (open == std::string::npos) return false;
  const std::string_view word = word_before(scan, open);
  return word == "if" || word == "for" || word == "while" || word == "switch" || word == "catch";
}

// Whether the '{' at `open` opens a function's (or a lambda's) body: a ')' comes before it, past the
// qualifiers a member function may carry and a trailing return type (-> T), and it closes no condition.
bool opens_function_body(const SourceScan& scan, const Parentheses& parentheses, size_t open) {
  const std::string& text = scan.text();
  size_t i = open;
  for (;;) {
    i = skip_blanks_back(scan, i);
    if (i == 0 || open - i > kLongestDeclaration) return false;
    const char c = text[i - 1];
    if (c == ')') return !closes_condition(scan, parentheses, i - 1);
    if (c == '&' || c == '*' || c == '>' || c == '<' || c == ',' || (c == ':' && i >= 2 && text[i - 2] == ':')) {
      i -= c == ':' ? 2 : 1;
      if (c == '>' && i > 0 && text[i - 1] == '-') --i;  // "-> T": the parameters come before it
      continue;
    }
    size_t start = i;
    while (start > 0 && identifier_char(text[start - 1])) --start;
    if (start == i) return false;
    const std::string_view word = std::string_view(text).substr(start, i - start);
    i = start;
    if (word == "const" || word == "noexcept" || word == "override" || word == "final" || word == "volatile" ||
        word == "mutable") {
      continue;
    }
    // A type name: part of a trailing return type only when "->" comes before it.
    const size_t before = skip_blanks_back(scan, i);
    const bool type_continues = before > 0 && (text[before - 1] == ':' || text[before - 1] == '<' ||
                                               text[before - 1] == ',' || text[before - 1] == '>' ||
                                               text[before - 1] == '*' || text[before - 1] == '&');
    if (!type_continues && !(before >= 2 && text[before - 1] == '>' && text[before - 2] == '-')) return false;
  }
}

// The code positions of `tokens` in [begin, end), by binary search in the sorted list.
bool any_token_in(const std::vector<size_t>& tokens, size_t begin, size_t end) {
  auto first = std::lower_bound(tokens.begin(), tokens.end(), begin);
  return first != tokens.end() && *first < end;
}

struct ExecutionSpaces {
  std::vector<size_t> device;  // __global__ and __device__, sorted
  std::vector<size_t> host;    // __host__
};

// Whether the declaration whose body opens at `open` is device code only: it names __global__ or __device__
// and not __host__, between the end of the statement before it (or a directive line) and the body.
bool declared_for_device_only(const SourceScan& scan, const Parentheses& parentheses, const ExecutionSpaces& spaces,
                              size_t open) {
  const std::string& text = scan.text();
  size_t begin = open;
  while (begin > 0 && open - begin < kLongestDeclaration) {
    const char c = text[begin - 1];
    if (scan.is_code(begin - 1)) {
      if (scan.on_directive_line(begin - 1) || c == '(' || c == ';' || c == '{' || c == '}') break;
      if (c == ')') {
        const size_t opener = parentheses.opener(begin - 1);
        if (opener == std::string::npos) break;
        begin = opener;  // over the parentheses, whatever they hold
        continue;
      }
    }
    --begin;
  }
  return any_token_in(spaces.device, begin, open) && !any_token_in(spaces.host, begin, open);
}

// nvcc compiles a file twice and defines __CUDA_ARCH__ in its device pass only; g++ compiles it once. The
// nearest single pass: __CUDA_ARCH__ is defined (the file starts with it) except inside the bodies of host
// functions, __host__ __device__ ones among them (the simulator runs them on the CPU from host code too). So
// `#if __CUDA_ARCH__ >= 800` in a kernel, or at file scope around device code (NVIDIA's reduce7), takes the
// device branch, and a host function's `#ifndef __CUDA_ARCH__` takes the host one. A #line after each
// directive keeps the student's numbering.
void scope_host_bodies(const SourceScan& scan, std::vector<Edit>& edits) {
  const std::string& text = scan.text();
  ExecutionSpaces spaces{scan.find_tokens("__global__"), scan.find_tokens("__host__")};
  const std::vector<size_t> device = scan.find_tokens("__device__");
  spaces.device.insert(spaces.device.end(), device.begin(), device.end());
  std::sort(spaces.device.begin(), spaces.device.end());
  const Parentheses parentheses(scan);
  for (size_t i = 0; i < text.size(); ++i) {
    // A macro's braces are left alone: a directive cannot go inside one.
    if (text[i] != '{' || !scan.is_code(i) || scan.on_directive_line(i) || !opens_function_body(scan, parentheses, i)) {
      continue;
    }
    const size_t close = scan.matching(i, '{', '}');
    if (close == std::string::npos) return;
    if (!declared_for_device_only(scan, parentheses, spaces, i)) {
      edits.push_back({i, i, fmt::format("\n#undef __CUDA_ARCH__\n#line {}\n", scan.line_at(i))});
      edits.push_back({close + 1, close + 1,
                       fmt::format("\n#define __CUDA_ARCH__ {}\n#line {}\n", kSimulatedCudaArch, scan.line_at(close))});
    }
    i = close;  // a body's lambdas and local classes are its own
  }
}

}  // namespace

std::vector<UnsupportedConstruct> unsupported_constructs() {
  return {std::begin(kUnsupported), std::end(kUnsupported)};
}

RewriteResult rewrite_for_simulator(const std::string& source, const std::string& file_name) {
  if (source.size() > kLargestSourceBytes) {  // the toolchain refuses such files first; this keeps scans linear
    return problem(RewriteResult::Outcome::kMalformed, 1, "the file is larger than 4 MiB, far more than a lab needs");
  }
  const SourceScan scan(source);
  if (auto unsupported = find_unsupported(scan)) return *unsupported;
  std::vector<Edit> edits;
  if (auto failed = rewrite_launches(scan, edits)) return *failed;
  if (auto failed = rewrite_shared(scan, edits)) return *failed;
  mark_kernel_entries(scan, edits);
  scope_host_bodies(scan, edits);
  // Insertions (begin == end) go before a replacement that starts at the same place.
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });

  RewriteResult result;
  result.text = fmt::format("#define __CUDA_ARCH__ {}\n#line 1 \"{}\"\n", kSimulatedCudaArch, file_name);
  size_t copied = 0;
  for (const Edit& edit : edits) {
    if (edit.begin < copied) continue;  // edits never overlap in valid code; keep the first if they do
    result.text += source.substr(copied, edit.begin - copied);
    result.text += edit.replacement;
    copied = edit.end;
  }
  result.text += source.substr(copied);
  return result;
}

}  // namespace cudagrade
