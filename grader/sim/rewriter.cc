#include "sim/rewriter.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "compile/source_policy.h"
#include "sim/arch_passes.h"
#include "sim/kernel_parameters.h"
#include "sim/source_scan.h"

namespace cudagrade {
namespace {

struct Edit {
  size_t begin, end;
  std::string replacement;
};

RewriteResult problem(RewriteResult::Outcome outcome, int line, std::string reason) {
  RewriteResult result;
  result.outcome = outcome;
  result.line = line;
  result.reason = std::move(reason);
  return result;
}

// Each unsupported token becomes its marker: the compiler decides whether the code that holds it is compiled.
void mark_unsupported(const SourceScan& scan, std::vector<Edit>& edits) {
  for (UnsupportedToken& token : unsupported_tokens(scan)) edits.push_back({token.begin, token.end, std::move(token.marker)});
}

// nvcc's front end takes __noinline__ as a keyword, not a macro (its predefined macros have none), because
// glibc spells GCC's attribute `__attribute__ ((__noinline__))`. g++ knows only the attribute, so the keyword
// is spelt as one; inside an attribute's parentheses, or named by #ifdef, #undef or defined, it stays as written.
void spell_noinline(const SourceScan& scan, std::vector<Edit>& edits) {
  const std::string& text = scan.text();
  constexpr std::string_view kKeyword = "__noinline__";
  for (size_t at : scan.find_tokens(kKeyword)) {
    size_t before = at;
    while (before > 0 && (!scan.is_code(before - 1) || std::isspace(static_cast<unsigned char>(text[before - 1])))) {
      --before;
    }
    if (before > 0 && (text[before - 1] == '(' || text[before - 1] == ',')) continue;
    if (scan.on_directive_line(at)) {
      const std::string word = last_identifier(std::string_view(text).substr(0, before));
      if (word == "ifdef" || word == "ifndef" || word == "undef" || word == "defined" || word == "define") continue;
    }
    edits.push_back({at, at + kKeyword.size(), "__attribute__((noinline))"});
  }
}

// Where the kernel expression before `<<<` starts: an identifier, with :: qualifiers and template arguments.
// It starts after `floor`, the end of the launch before: so the walks back never overlap, and a file of
// `><<<` costs one pass.
size_t kernel_start(const std::string& text, size_t launch, size_t floor) {
  size_t i = launch;
  while (i > floor && std::isspace(static_cast<unsigned char>(text[i - 1]))) --i;
  for (;;) {
    if (i > floor && text[i - 1] == '>') {  // template arguments: walk back to the matching '<'
      int depth = 0;
      size_t j = i;
      while (j > floor) {
        --j;
        if (text[j] == '>') ++depth;
        if (text[j] == '<' && --depth == 0) break;
      }
      i = j;
      continue;
    }
    if (i > floor && identifier_char(text[i - 1])) {
      while (i > floor && identifier_char(text[i - 1])) --i;
      if (i >= floor + 2 && text[i - 1] == ':' && text[i - 2] == ':') {
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
  size_t previous_launch_end = 0;
  for (size_t at = text.find("<<<"); at != std::string::npos; at = text.find("<<<", at + 3)) {
    if (!scan.is_code(at)) continue;
    const int line = scan.line_at(at);
    const size_t close = text.find(">>>", at + 3);
    if (close == std::string::npos) return problem(RewriteResult::Outcome::kMalformed, line, "a kernel launch with no closing >>>");
    size_t paren = close + 3;
    while (paren < text.size() && std::isspace(static_cast<unsigned char>(text[paren]))) ++paren;
    const size_t paren_close =
        paren < text.size() && text[paren] == '(' ? scan.group_end(paren) : std::string::npos;
    const size_t start = kernel_start(text, at, previous_launch_end);
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
    previous_launch_end = paren_close + 1;
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

// nvcc takes `__shared__ alignas(16) float tile[...]`; here __shared__ is `static`, and g++ refuses an alignas
// after it. An alignas group anywhere in the statement (`statement` starts at `begin` in the file) goes first,
// where the standard puts it.
void move_alignas_first(const SourceScan& statement, size_t begin, std::vector<Edit>& edits) {
  std::string moved;
  for (size_t at : statement.find_tokens("alignas")) {
    const size_t open = statement.text().find_first_not_of(" \t\r\n", at + 7);
    if (open == std::string::npos || statement.text()[open] != '(') continue;
    const size_t close = statement.group_end(open);
    if (close == std::string::npos) continue;
    moved += statement.text().substr(at, close + 1 - at) + " ";
    edits.push_back({begin + at, begin + close + 1, ""});
  }
  if (!moved.empty()) edits.push_back({begin, begin, moved});
}

std::optional<RewriteResult> rewrite_shared(const SourceScan& scan, std::vector<Edit>& edits) {
  const std::string& text = scan.text();
  // A second __shared__ in a statement already rewritten is that statement's; not reading it again keeps the
  // statements read disjoint, so a file of nothing but __shared__ costs one pass.
  size_t read_until = 0;
  for (size_t at : scan.find_tokens("__shared__")) {
    // A macro that declares shared memory still works; it is only left out of the garbage refill and race
    // checks, which would have to register it where the macro is used.
    if (at < read_until || scan.on_directive_line(at)) continue;
    const auto [begin, end] = statement_around(scan, at);
    read_until = end;
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
    move_alignas_first(statement_scan, begin, edits);
    std::string registrations;
    for (const std::string& name : declarator_names(without_words(statement, {"__shared__", "static", "volatile"}))) {
      registrations += fmt::format(" static ::cusim::SharedArray cusim_shared_{}_{}(&{}, sizeof({}), \"{}\", {});",
                                   name, line, name, name, name, line);
    }
    edits.push_back({end + 1, end + 1, registrations});
  }
  return std::nullopt;
}

// Every kernel body starts by checking it runs inside a launch: nvcc refuses a __global__ function called
// like a host one, and without this the simulator would run it once, as a grid of one thread. It hands the
// launch's account its parameters too, where their names are certain (sim/kernel_parameters.h).
void mark_kernel_entries(const SourceScan& scan, const std::vector<KernelDeclaration>& kernels,
                         std::vector<Edit>& edits) {
  const KernelParameterNames parameter_names(scan);
  for (const KernelDeclaration& kernel : kernels) {
    if (!kernel.has_body) continue;
    const size_t body = kernel.head_end + 1;
    const int line = scan.line_at(kernel.keyword);
    const std::optional<std::vector<std::string>> parameters = parameter_names.of(kernel);
    const std::string entry =
        parameters ? fmt::format(" ::cusim::enter_kernel_reading(\"{}\", {}{}{});", kernel.name, line,
                                 parameters->empty() ? "" : ", ", fmt::join(*parameters, ", "))
                   : fmt::format(" ::cusim::enter_kernel(\"{}\", {}, nullptr, -1);", kernel.name, line);
    edits.push_back({body, body, entry});
  }
}

// Each `clock` token, and whether it is a call `clock()`, unqualified: device code's clock() is nvcc's builtin,
// and the C library's in host code alone (which the symbol policy refuses on both backends).
struct ClockTokens {
  std::vector<size_t> at;
  std::vector<size_t> others_before;  // per token, how many before it are not such a call; one more at the end
  bool file_declares_clock = false;    // a function or member of the file's own is named clock
};

// Whether the word that ends just before `end` declares what follows it (`unsigned clock()`), rather than
// leading to an expression (`return clock()`).
bool declares_after(const std::string& text, size_t end) {
  size_t begin = end;
  while (begin > 0 && identifier_char(text[begin - 1])) --begin;
  static const std::set<std::string> leading = {"return", "else", "do", "case", "throw", "co_return", "co_yield",
                                                "new", "delete", "sizeof"};
  return leading.count(text.substr(begin, end - begin)) == 0;
}

ClockTokens clock_tokens(const SourceScan& scan) {
  const std::string& text = scan.text();
  auto next_code = [&](size_t at) {
    while (at < text.size() && (!scan.is_code(at) || std::isspace(static_cast<unsigned char>(text[at])))) ++at;
    return at;
  };
  ClockTokens tokens;
  size_t others = 0;
  for (size_t at : scan.find_tokens("clock")) {
    if (scan.on_directive_line(at)) continue;  // a macro's body: where it is used is not known here
    tokens.at.push_back(at);
    tokens.others_before.push_back(others);
    size_t before = at;
    while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
    const char previous = before > 0 ? text[before - 1] : '\0';
    const bool qualified = (previous == ':' && before > 1 && text[before - 2] == ':') || previous == '.' ||
                           (previous == '>' && before > 1 && text[before - 2] == '-');
    const size_t open = next_code(at + 5);
    const bool call = open < text.size() && text[open] == '(' && next_code(open + 1) < text.size() &&
                      text[next_code(open + 1)] == ')';
    // The file's own function or member named clock: a binding would hide it, so none is made anywhere.
    const bool before_parameters = open < text.size() && text[open] == '(';
    if (before_parameters &&
        (previous == '*' || previous == '&' || (identifier_char(previous) && declares_after(text, before)))) {
      tokens.file_declares_clock = true;
    }
    if (qualified || !call) ++others;
  }
  tokens.others_before.push_back(others);
  return tokens;
}

// Whether [begin, end) holds a clock() call and no other use of the name (a parameter named clock, a function
// of the file's own called with arguments, ::clock()), which the rewriter leaves as they are.
bool calls_only_clock(const ClockTokens& tokens, size_t begin, size_t end) {
  const size_t first = std::lower_bound(tokens.at.begin(), tokens.at.end(), begin) - tokens.at.begin();
  const size_t last = std::lower_bound(tokens.at.begin(), tokens.at.end(), end) - tokens.at.begin();
  return last > first && tokens.others_before[last] == tokens.others_before[first];
}

// A kernel's or a device function's body that calls clock() starts by naming the simulator's device clock
// (cusim_intrinsics.h): g++ compiles such a body in the simulator's host pass as well, where nvcc never
// compiles it, and there clock() would be the C library's.
void bind_device_clock(const SourceScan& scan, const std::vector<KernelDeclaration>& kernels,
                       std::vector<Edit>& edits) {
  const ClockTokens tokens = clock_tokens(scan);
  if (tokens.at.empty() || tokens.file_declares_clock) return;
  std::vector<FunctionBody> bodies = device_only_bodies(scan);
  for (const KernelDeclaration& kernel : kernels) {
    if (kernel.has_body) bodies.push_back({kernel.keyword, kernel.head_end});
  }
  for (const FunctionBody& body : bodies) {
    const size_t close = scan.group_end(body.open);
    if (close == std::string::npos || !calls_only_clock(tokens, body.head_begin, close)) continue;
    edits.push_back({body.open + 1, body.open + 1, " using ::cusim::in_device_code::clock;"});
  }
}

}  // namespace

std::vector<std::string> pass_defines(Pass pass) {
  if (pass == Pass::kHost) return {"-D__CUSIM_HOST_PASS__"};
  return {fmt::format("-D__CUDA_ARCH__={}", kSimulatedCudaArch), "-DCUDA_DOUBLE_MATH_FUNCTIONS"};
}

RewriteResult rewrite_for_simulator(const std::string& source, const std::string& file_name) {
  if (source.size() > kLargestSourceBytes) {  // the toolchain refuses such files first; this keeps scans linear
    return problem(RewriteResult::Outcome::kMalformed, 1, "the file is larger than 4 MiB, far more than a lab needs");
  }
  const SourceScan scan(source);
  std::vector<Edit> edits;
  mark_unsupported(scan, edits);
  if (auto failed = rewrite_launches(scan, edits)) return *failed;
  if (auto failed = rewrite_shared(scan, edits)) return *failed;
  const std::vector<KernelDeclaration> kernels = kernel_declarations(scan);
  mark_kernel_entries(scan, kernels, edits);
  bind_device_clock(scan, kernels, edits);
  spell_noinline(scan, edits);
  for (LinkageEdit& edit : external_linkage_edits(scan)) {
    edits.push_back({edit.begin, edit.end, std::move(edit.replacement)});
  }
  RewriteResult result;
  // Insertions (begin == end) go before a replacement that starts at the same place.
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });

  result.device_names = device_names(scan, kernels);
  result.text = fmt::format("#line 1 \"{}\"\n", file_name);
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
