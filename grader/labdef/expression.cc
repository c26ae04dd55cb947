#include "labdef/expression.h"

#include <fmt/format.h>

#include <cctype>
#include <algorithm>
#include <climits>
#include <cmath>

namespace cudagrade {

enum class Operator { kNumber, kName, kNegate, kNot, kAdd, kSubtract, kMultiply, kDivide, kModulo, kShiftLeft,
                      kShiftRight, kLess, kLessEqual, kGreater, kGreaterEqual, kEqual, kNotEqual, kAnd, kOr, kMin,
                      kMax, kSqrt, kLog2 };

struct Expression::Node {
  Operator op = Operator::kNumber;
  int64_t number = 0;
  std::string name;
  std::shared_ptr<const Node> left, right;
};

namespace {

using NodePtr = std::shared_ptr<const Expression::Node>;

struct BinaryLevel {
  std::vector<std::pair<std::string, Operator>> operators;  // longest spelling first
};

// C's precedence, loosest first.
const std::vector<BinaryLevel> kLevels = {
    {{{"||", Operator::kOr}}},
    {{{"&&", Operator::kAnd}}},
    {{{"==", Operator::kEqual}, {"!=", Operator::kNotEqual}}},
    {{{"<=", Operator::kLessEqual}, {">=", Operator::kGreaterEqual}, {"<<", Operator::kShiftLeft},
      {">>", Operator::kShiftRight}, {"<", Operator::kLess}, {">", Operator::kGreater}}},
    {{{"<<", Operator::kShiftLeft}, {">>", Operator::kShiftRight}}},
    {{{"+", Operator::kAdd}, {"-", Operator::kSubtract}}},
    {{{"*", Operator::kMultiply}, {"/", Operator::kDivide}, {"%", Operator::kModulo}}},
};

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  NodePtr parse_all() {
    NodePtr root = parse_level(0);
    skip_space();
    if (root && at_ < text_.size()) fail(fmt::format("unexpected '{}'", text_[at_]));
    return problem.empty() ? root : nullptr;
  }

  std::string problem;
  std::vector<std::string> names;

 private:
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  void fail(const std::string& what) {
    if (problem.empty()) problem = fmt::format("at column {}: {}", at_ + 1, what);
  }

  bool take(const std::string& spelling) {
    skip_space();
    if (text_.compare(at_, spelling.size(), spelling) != 0) return false;
    at_ += spelling.size();
    return true;
  }

  static NodePtr make(Operator op, NodePtr left, NodePtr right) {
    auto node = std::make_shared<Expression::Node>();
    node->op = op;
    node->left = std::move(left);
    node->right = std::move(right);
    return node;
  }

  // Level 3 holds the comparisons; shifts bind tighter (level 4), so a comparison must not take "<<" for "<".
  std::optional<Operator> take_operator(size_t level) {
    skip_space();
    for (const auto& [spelling, op] : kLevels[level].operators) {
      if (text_.compare(at_, spelling.size(), spelling) != 0) continue;
      if (level == 3 && (op == Operator::kShiftLeft || op == Operator::kShiftRight)) return std::nullopt;
      at_ += spelling.size();
      return op;
    }
    return std::nullopt;
  }

  NodePtr parse_level(size_t level) {
    if (level == kLevels.size()) return parse_unary();
    NodePtr left = parse_level(level + 1);
    while (left) {
      const std::optional<Operator> op = take_operator(level);
      if (!op) break;
      NodePtr right = parse_level(level + 1);
      if (!right) return nullptr;
      left = make(*op, left, right);
    }
    return left;
  }

  NodePtr parse_unary() {
    if (take("-")) {
      NodePtr operand = parse_unary();
      return operand ? make(Operator::kNegate, operand, nullptr) : nullptr;
    }
    if (take("!")) {
      NodePtr operand = parse_unary();
      return operand ? make(Operator::kNot, operand, nullptr) : nullptr;
    }
    if (take("+")) return parse_unary();
    return parse_primary();
  }

  NodePtr parse_primary() {
    skip_space();
    if (at_ >= text_.size()) {
      fail("the expression ends too soon");
      return nullptr;
    }
    if (take("(")) {
      NodePtr inner = parse_level(0);
      if (inner && !take(")")) fail("')' expected");
      return problem.empty() ? inner : nullptr;
    }
    const char first = text_[at_];
    if (std::isdigit(static_cast<unsigned char>(first))) return parse_number();
    if (std::isalpha(static_cast<unsigned char>(first)) || first == '_') return parse_name();
    fail(fmt::format("unexpected '{}'", first));
    return nullptr;
  }

  NodePtr parse_number() {
    const size_t begin = at_;
    int64_t value = 0;
    while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) {
      const int digit = text_[at_] - '0';
      if (value > (INT64_MAX - digit) / 10) {
        at_ = begin;
        fail("the number is too large");
        return nullptr;
      }
      value = value * 10 + digit;
      ++at_;
    }
    auto node = std::make_shared<Expression::Node>();
    node->number = value;
    return node;
  }

  NodePtr parse_name() {
    const size_t begin = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) ++at_;
    std::string name = text_.substr(begin, at_ - begin);
    if (name == "min" || name == "max") return parse_call(name == "min" ? Operator::kMin : Operator::kMax);
    if (name == "sqrt") return parse_function(Operator::kSqrt);
    if (name == "log2") return parse_function(Operator::kLog2);
    auto node = std::make_shared<Expression::Node>();
    node->op = Operator::kName;
    node->name = name;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    return node;
  }

  NodePtr parse_function(Operator op) {
    if (!take("(")) {
      fail("'(' expected after sqrt or log2");
      return nullptr;
    }
    NodePtr operand = parse_level(0);
    if (operand && !take(")")) fail("')' expected");
    return problem.empty() ? make(op, operand, nullptr) : nullptr;
  }

  NodePtr parse_call(Operator op) {
    if (!take("(")) {
      fail("'(' expected after min or max");
      return nullptr;
    }
    NodePtr left = parse_level(0);
    if (!left) return nullptr;
    if (!take(",")) {
      fail("',' expected: min and max take two arguments");
      return nullptr;
    }
    NodePtr right = parse_level(0);
    if (!right) return nullptr;
    if (!take(")")) {
      fail("')' expected");
      return nullptr;
    }
    return make(op, left, right);
  }

  const std::string& text_;
  size_t at_ = 0;
};

// The least r with r * r >= value: a tolerance that grows with sqrt(n) rounds up, never down.
int64_t ceil_sqrt(int64_t value) {
  int64_t root = static_cast<int64_t>(std::sqrt(static_cast<double>(value)));
  while (root > 0 && root * root >= value) --root;
  while (root * root < value) ++root;
  return root;
}

// The least r with 2^r >= value: log2(1) = 0, log2(5) = 3.
int64_t ceil_log2(int64_t value) {
  int64_t log = 0;
  while ((int64_t{1} << log) < value) ++log;
  return log;
}

struct Evaluator {
  const SizeValues& sizes;
  std::string problem;

  std::optional<int64_t> fail(std::string what) {
    if (problem.empty()) problem = std::move(what);
    return std::nullopt;
  }

  std::optional<int64_t> arithmetic(Operator op, int64_t a, int64_t b) {
    int64_t result = 0;
    switch (op) {
      case Operator::kAdd:
        if (__builtin_add_overflow(a, b, &result)) return fail("overflows 64 bits");
        return result;
      case Operator::kSubtract:
        if (__builtin_sub_overflow(a, b, &result)) return fail("overflows 64 bits");
        return result;
      case Operator::kMultiply:
        if (__builtin_mul_overflow(a, b, &result)) return fail("overflows 64 bits");
        return result;
      case Operator::kDivide:
      case Operator::kModulo:
        if (b == 0) return fail("divides by zero");
        if (a == INT64_MIN && b == -1) return fail("overflows 64 bits");
        return op == Operator::kDivide ? a / b : a % b;
      case Operator::kShiftLeft:
        if (b < 0 || b > 62 || a < 0 || (b > 0 && a > (INT64_MAX >> b))) return fail("a shift out of range");
        return a << b;
      case Operator::kShiftRight:
        if (b < 0 || b > 63) return fail("a shift out of range");
        return a >> b;
      case Operator::kLess: return a < b;
      case Operator::kLessEqual: return a <= b;
      case Operator::kGreater: return a > b;
      case Operator::kGreaterEqual: return a >= b;
      case Operator::kEqual: return a == b;
      case Operator::kNotEqual: return a != b;
      case Operator::kMin: return std::min(a, b);
      case Operator::kMax: return std::max(a, b);
      default: return fail("an unknown operator");
    }
  }

  std::optional<int64_t> run(const Expression::Node& node) {
    switch (node.op) {
      case Operator::kNumber: return node.number;
      case Operator::kName: {
        const auto found = sizes.find(node.name);
        if (found == sizes.end()) return fail(fmt::format("'{}' is not a size field", node.name));
        return found->second;
      }
      case Operator::kNegate: {
        const std::optional<int64_t> operand = run(*node.left);
        if (!operand) return std::nullopt;
        if (*operand == INT64_MIN) return fail("overflows 64 bits");
        return -*operand;
      }
      case Operator::kSqrt: {
        const std::optional<int64_t> operand = run(*node.left);
        if (!operand) return std::nullopt;
        if (*operand < 0) return fail("takes the square root of a negative number");
        return ceil_sqrt(*operand);
      }
      case Operator::kLog2: {
        const std::optional<int64_t> operand = run(*node.left);
        if (!operand) return std::nullopt;
        if (*operand < 1) return fail("takes log2 of a number below 1");
        return ceil_log2(*operand);
      }
      case Operator::kNot: {
        const std::optional<int64_t> operand = run(*node.left);
        if (!operand) return std::nullopt;
        return *operand == 0;
      }
      case Operator::kAnd:
      case Operator::kOr: {
        const std::optional<int64_t> left = run(*node.left);
        if (!left) return std::nullopt;
        if ((node.op == Operator::kAnd) == (*left == 0)) return node.op == Operator::kOr;
        const std::optional<int64_t> right = run(*node.right);
        if (!right) return std::nullopt;
        return *right != 0;
      }
      default: {
        const std::optional<int64_t> left = run(*node.left);
        if (!left) return std::nullopt;
        const std::optional<int64_t> right = run(*node.right);
        if (!right) return std::nullopt;
        return arithmetic(node.op, *left, *right);
      }
    }
  }
};

}  // namespace

std::optional<Expression> Expression::parse(const std::string& text, std::string& problem) {
  Parser parser(text);
  NodePtr root = parser.parse_all();
  if (!root) {
    problem = parser.problem.empty() ? "not an expression" : parser.problem;
    return std::nullopt;
  }
  Expression expression;
  expression.text_ = text;
  expression.root_ = std::move(root);
  expression.names_ = std::move(parser.names);
  return expression;
}

Evaluation Expression::evaluate(const SizeValues& sizes) const {
  Evaluator evaluator{sizes, {}};
  Evaluation result;
  result.value = evaluator.run(*root_);
  if (!result.value) result.problem = fmt::format("'{}': {}", text_, evaluator.problem);
  return result;
}

}  // namespace cudagrade
