#include "sim/host_bodies.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace cudagrade {
namespace {

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

}  // namespace

std::vector<HostBody> host_bodies(const SourceScan& scan) {
  const std::string& text = scan.text();
  ExecutionSpaces spaces{scan.find_tokens("__global__"), scan.find_tokens("__host__")};
  const std::vector<size_t> device = scan.find_tokens("__device__");
  spaces.device.insert(spaces.device.end(), device.begin(), device.end());
  std::sort(spaces.device.begin(), spaces.device.end());
  const Parentheses parentheses(scan);
  std::vector<HostBody> bodies;
  for (size_t i = 0; i < text.size(); ++i) {
    // A macro's braces are left alone: a directive cannot go inside one.
    if (text[i] != '{' || !scan.is_code(i) || scan.on_directive_line(i) || !opens_function_body(scan, parentheses, i)) {
      continue;
    }
    const size_t close = scan.matching(i, '{', '}');
    if (close == std::string::npos) break;
    if (!declared_for_device_only(scan, parentheses, spaces, i)) bodies.push_back({i, close});
    i = close;  // a body's lambdas and local classes are its own
  }
  return bodies;
}

}  // namespace cudagrade
