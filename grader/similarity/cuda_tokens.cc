#include "similarity/cuda_tokens.h"

#include <algorithm>
#include <array>
#include <unordered_set>

namespace cudagrade {
namespace {

// Words kept as themselves: what a rename cannot change, and what tells one kernel's design from another's.
const std::unordered_set<std::string_view>& kept_words() {
  static const std::unordered_set<std::string_view> words = {
      // C and C++
      "alignas", "alignof", "auto", "bool", "break", "case", "catch", "char", "class", "const", "constexpr",
      "const_cast", "continue", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
      "explicit", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable",
      "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected", "public", "register",
      "reinterpret_cast", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
      "struct", "switch", "template", "this", "throw", "true", "try", "typedef", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "while", "size_t", "std", "NULL",
      // CUDA's qualifiers and types
      "__global__", "__device__", "__host__", "__shared__", "__constant__", "__managed__", "__restrict__",
      "__forceinline__", "__noinline__", "__launch_bounds__", "dim3", "float2", "float4", "int2", "int4",
      // CUDA's built-in variables
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize",
      // synchronisation, warp intrinsics, atomics and fences
      "__syncthreads", "__syncwarp", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
      "__threadfence", "__threadfence_block", "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
      "__shfl_xor_sync", "__ballot_sync", "__any_sync", "__all_sync", "__activemask", "__ldg", "__fmaf_rn",
      "atomicAdd", "atomicSub", "atomicMax", "atomicMin", "atomicExch", "atomicCAS", "fmaf",
      // the runtime API a host side calls
      "cudaMalloc", "cudaFree", "cudaMemcpy", "cudaMemset", "cudaMemcpyHostToDevice", "cudaMemcpyDeviceToHost",
      "cudaMemcpyDeviceToDevice", "cudaDeviceSynchronize", "cudaGetLastError", "cudaStream_t", "cudaError_t",
      "cudaSuccess",
  };
  return words;
}

// The fields of a dim3 built-in, kept after "threadIdx." and the like: threadIdx.x and threadIdx.y are not
// interchangeable, while a student's own .x is just a name.
bool is_dim3_builtin(std::string_view word) {
  return word == "threadIdx" || word == "blockIdx" || word == "blockDim" || word == "gridDim";
}

bool is_identifier_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool is_identifier_char(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Longest first, so that "<<<" wins over "<<" and "<".
constexpr std::array<std::string_view, 27> kOperators = {
    "<<<", ">>>", "<<=", ">>=", "...", "->*", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
    "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ".*"};

class Lexer {
 public:
  explicit Lexer(std::string_view source) : source_(source) {}

  std::vector<CudaToken> run() {
    while (at_ < source_.size()) step();
    return std::move(tokens_);
  }

 private:
  char peek(size_t ahead = 0) const { return at_ + ahead < source_.size() ? source_[at_ + ahead] : '\0'; }

  void advance(size_t count = 1) {
    for (size_t i = 0; i < count && at_ < source_.size(); ++i) {
      if (source_[at_] == '\n') {
        ++line_;
        line_start_ = true;
      }
      ++at_;
    }
  }

  void emit(std::string text, int line) {
    tokens_.push_back({std::move(text), line});
  }

  void step() {
    const char c = peek();
    if (c == '\n') return advance();
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') return advance();
    if (c == '#' && line_start_) return skip_preprocessor_line();
    line_start_ = false;
    if (c == '/' && peek(1) == '/') return skip_to_line_end();
    if (c == '/' && peek(1) == '*') return skip_block_comment();
    const int line = line_;
    if (is_identifier_start(c)) return word(line);
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number(line);
    if (c == '"') return quoted('"', "STR", line);
    if (c == '\'') return quoted('\'', "CHR", line);
    for (std::string_view op : kOperators) {
      if (source_.substr(at_, op.size()) == op) {
        advance(op.size());
        return emit(std::string(op), line);
      }
    }
    advance();
    emit(std::string(1, c), line);
  }

  // A directive runs to the end of its line, a backslash before the newline continuing it; a comment inside
  // it goes with it.
  void skip_preprocessor_line() {
    while (at_ < source_.size() && peek() != '\n') {
      if (peek() == '\\' && peek(1) == '\n') advance();
      else if (peek() == '\\' && peek(1) == '\r' && peek(2) == '\n') advance(2);
      else if (peek() == '/' && peek(1) == '*') {
        skip_block_comment();
        continue;
      }
      advance();
    }
  }

  void skip_to_line_end() {
    while (at_ < source_.size() && peek() != '\n') {
      if (peek() == '\\' && peek(1) == '\n') advance();  // a // comment continues past a backslash-newline too
      advance();
    }
  }

  void skip_block_comment() {
    advance(2);
    while (at_ < source_.size() && !(peek() == '*' && peek(1) == '/')) advance();
    advance(2);
  }

  void word(int line) {
    const size_t begin = at_;
    while (at_ < source_.size() && is_identifier_char(peek())) advance();
    const std::string_view text = source_.substr(begin, at_ - begin);
    if (kept_words().count(text) != 0 || is_field_of_builtin(text)) return emit(std::string(text), line);
    emit("ID", line);
  }

  bool is_field_of_builtin(std::string_view text) const {
    const size_t count = tokens_.size();
    return (text == "x" || text == "y" || text == "z") && count >= 2 && tokens_[count - 1].text == "." &&
           is_dim3_builtin(tokens_[count - 2].text);
  }

  // 12, 0x1F, 1.5e-3f, 1'000, .5: digits, letters, dots, digit separators and a sign after an exponent.
  void number(int line) {
    char previous = '\0';
    while (at_ < source_.size()) {
      const char c = peek();
      const bool exponent_sign = (c == '+' || c == '-') && (previous == 'e' || previous == 'E' ||
                                                            previous == 'p' || previous == 'P');
      if (!is_identifier_char(c) && c != '.' && c != '\'' && !exponent_sign) break;
      previous = c;
      advance();
    }
    emit("NUM", line);
  }

  void quoted(char quote, const char* kind, int line) {
    advance();
    while (at_ < source_.size() && peek() != quote && peek() != '\n') {
      if (peek() == '\\') advance();
      advance();
    }
    advance();
    emit(kind, line);
  }

  std::string_view source_;
  size_t at_ = 0;
  int line_ = 1;
  bool line_start_ = true;  // only whitespace since the last newline: where a '#' starts a directive
  std::vector<CudaToken> tokens_;
};

}  // namespace

std::vector<CudaToken> cuda_tokens(std::string_view source) {
  return Lexer(source).run();
}

}  // namespace cudagrade
