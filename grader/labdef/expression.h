// The arithmetic a lab declaration writes over its size fields: a buffer's length (`rows * cols`,
// `(2 * radius + 1) * (2 * radius + 1)`, `n + 1`), a constraint (`n >= 1`, `rows * cols < 1 << 31`) and the
// work of a case (`2 * M * K * N`), and a tolerance that grows with a size (`sqrt(n)`, `log2(n)`). C's integer
// operators and precedence, with min(a, b), max(a, b), sqrt(a) and log2(a) (both rounded up) as the only
// functions, on 64-bit integers whose overflow is an error rather than a wrap, so that a length cannot silently
// become small.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudagrade {

using SizeValues = std::map<std::string, int64_t>;

// What evaluating an expression gave: its value, or why there is none (a name not bound, a division by
// zero, an overflow), in words an author can act on.
struct Evaluation {
  std::optional<int64_t> value;
  std::string problem;
};

class Expression {
 public:
  // Parses `text`; on a syntax error returns nullopt and says where in `problem` ("at column 7: ...").
  static std::optional<Expression> parse(const std::string& text, std::string& problem);

  Evaluation evaluate(const SizeValues& sizes) const;
  // The names it reads, in the order they first appear.
  const std::vector<std::string>& names() const { return names_; }
  const std::string& text() const { return text_; }

  struct Node;

 private:
  std::string text_;
  std::shared_ptr<const Node> root_;
  std::vector<std::string> names_;
};

}  // namespace cudagrade
