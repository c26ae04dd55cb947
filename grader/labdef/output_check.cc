#include "labdef/output_check.h"

#include <cudagrade/reference.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>

#include "check/unwritten.h"
#include "check/tile_picture.h"
#include "core/parallel.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

constexpr size_t kMismatchesShown = 5;

struct Mismatch {
  int64_t row, col;
  double want;
  uint64_t got;  // the element's bits
};

struct RowCheck {
  int64_t wrong = 0;
  std::vector<Mismatch> first;
  std::vector<CellState> states;
};

// A float as six digits tell it; a double in the fewest digits that tell it apart from any other double, since
// a double's check is tight enough that six digits would show the expected and the wrong value alike.
std::string number_text(double value, ScalarType type) {
  if (!is_floating(type) && std::isfinite(value)) return fmt::format("{}", static_cast<int64_t>(value));
  if (type == ScalarType::kDouble) return fmt::format("{}", value);
  return fmt::format("{:g}", value);
}

// An output of one element whatever the sizes (a reduction's out[0]), told of by its value.
bool is_scalar(const OutputUnderCheck& output) {
  return output.parameter->length && output.parameter->length->names().empty() && output.got.size() == 1;
}

// Whether an output's elements still holding their poison were never written: not for in-out buffers, which
// arrive holding their input, nor for 1-byte types, whose poison is a value like any other.
bool marks_unwritten(const OutputUnderCheck& output) {
  return output.parameter->role == ParameterRole::kOutput && poison_marks_unwritten(output.got.type());
}

bool is_unwritten(const OutputUnderCheck& output, uint64_t bits) {
  return output.parameter->role == ParameterRole::kOutput && still_poisoned(bits, output.got.type());
}

// Map the sign-magnitude bits onto one ordered line, so that -0 and +0 are next to each other.
template <typename Signed, typename Floating>
Signed ordered_bits(Floating value) {
  Signed bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits < 0 ? std::numeric_limits<Signed>::min() - bits : bits;
}

double ulp_distance(double a, double b, ScalarType type) {
  if (type == ScalarType::kDouble) {
    // As doubles, so that the difference of two int64s cannot overflow.
    return std::fabs(static_cast<double>(ordered_bits<int64_t>(a)) - static_cast<double>(ordered_bits<int64_t>(b)));
  }
  const int64_t la = ordered_bits<int32_t>(static_cast<float>(a)), lb = ordered_bits<int32_t>(static_cast<float>(b));
  return static_cast<double>(std::llabs(la - lb));
}

bool element_right(const OutputUnderCheck& output, uint64_t bits, double want, double scale) {
  const OutputCheck& check = output.parameter->check;
  const ScalarType type = output.parameter->type;
  const double got = value_of_bits(bits, type);
  switch (check.kind) {
    case OutputCheck::Kind::kClose: {
      if (!std::isfinite(got)) return false;
      const double allowed = (output.tolerance.abs + output.tolerance.rel * scale) * output.grow;
      return std::fabs(got - want) <= allowed;
    }
    case OutputCheck::Kind::kUlps: return std::isfinite(got) && ulp_distance(got, want, type) <= check.ulps;
    default:
      if (type == ScalarType::kFloat) return static_cast<float>(got) == static_cast<float>(want);
      return got == want;
  }
}

// A vector's element by its index; a declared matrix's by row and column, even when it has one row.
std::string element_name(const OutputUnderCheck& output, int64_t row, int64_t col) {
  if (!output.parameter->rows) return fmt::format("{}[{}]", output.name, col);
  return fmt::format("{}[row {}, col {}]", output.name, row, col);
}

// The mismatch as the lab's explain hook leaves it: how the expected value reads, and a note after the value.
cudagrade_mismatch explained(const OutputUnderCheck& output, const Mismatch& mismatch) {
  const ScalarType type = output.parameter->type;
  cudagrade_mismatch words{};
  words.row = mismatch.row;
  words.col = mismatch.col;
  words.want = mismatch.want;
  words.got = value_of_bits(mismatch.got, type);
  words.unwritten = is_unwritten(output, mismatch.got) ? 1 : 0;
  fmt::format_to_n(words.want_text, sizeof words.want_text - 1, "{}", number_text(mismatch.want, type));
  if (output.explain) output.explain(words);
  words.want_text[sizeof words.want_text - 1] = '\0';
  words.got_note[sizeof words.got_note - 1] = '\0';
  return words;
}

std::string describe(const OutputUnderCheck& output, const Mismatch& mismatch) {
  const cudagrade_mismatch words = explained(output, mismatch);
  const std::string got = words.unwritten ? std::string("never written")
                                          : "got " + element_text(mismatch.got, output.parameter->type) + words.got_note;
  return fmt::format("{}: expected {}, {}", element_name(output, mismatch.row, mismatch.col), words.want_text, got);
}

// A one-element output's failure, told by its value: "out[0]: expected 12, got 9, off by -3".
CheckOutcome describe_scalar(const OutputUnderCheck& output, const Mismatch& mismatch) {
  const cudagrade_mismatch words = explained(output, mismatch);
  if (words.unwritten) {
    return {CaseStatus::kWrongAnswer, fmt::format("{}[0] was never written (expected {})", output.name, words.want_text), ""};
  }
  const ScalarType type = output.parameter->type;
  std::string message = fmt::format("{}[0]: expected {}, got {}", output.name, words.want_text, element_text(mismatch.got, type));
  if (!is_floating(type))
    message += fmt::format(", off by {}", static_cast<int64_t>(words.got) - static_cast<int64_t>(words.want));
  return {CaseStatus::kWrongAnswer, message + words.got_note, ""};
}

// One checked row. Its cells' states are kept only when the row has a wrong element: a right row is drawn
// as right, and the picture is drawn only for a wrong output, so a right answer costs one pass and no more.
// `right(col, got, unwritten)` judges an element (its Bits); `want(col)` is its expected value, for the message.
template <typename Bits, typename Right, typename Want>
RowCheck check_row_by(const OutputUnderCheck& output, size_t index, Right right, Want want) {
  const int64_t row = output.expected->rows[index];
  const size_t cols = static_cast<size_t>(output.cols);
  const std::byte* got = output.got.data() + static_cast<size_t>(row) * cols * sizeof(Bits);
  const bool poisoned = marks_unwritten(output);
  const Bits poison = static_cast<Bits>(poison_bits(output.got.type()));
  RowCheck result;
  for (size_t col = 0; col < cols; ++col) {
    const Bits element = load_as<Bits>(got, col);
    const bool unwritten = poisoned && element == poison;
    if (right(col, element, unwritten)) continue;
    if (result.states.empty()) result.states.assign(cols, CellState::kCorrect);
    result.states[col] = unwritten ? CellState::kUnwritten : CellState::kWrong;
    ++result.wrong;
    if (result.first.size() < kMismatchesShown)
      result.first.push_back({row, static_cast<int64_t>(col), want(col), element});
  }
  return result;
}

template <typename Bits>
RowCheck check_row_of(const OutputUnderCheck& output, size_t index) {
  const ExpectedOutput& expected = *output.expected;
  const size_t offset = index * static_cast<size_t>(output.cols);
  const ScalarType type = output.parameter->type;
  if (!expected.exact.empty()) {
    // An exact check kept as elements: the same bits are right, and so is an equal float of other bits (-0 for 0).
    const std::byte* want = expected.exact.data() + offset * sizeof(Bits);
    return check_row_by<Bits>(
        output, index,
        [&](size_t col, Bits got, bool unwritten) {
          const Bits wanted = load_as<Bits>(want, col);
          return got == wanted ||
                 (!unwritten && is_floating(type) && value_of_bits(got, type) == value_of_bits(wanted, type));
        },
        [&](size_t col) { return value_of_bits(load_as<Bits>(want, col), type); });
  }
  const double* want = expected.value.data() + offset;
  const double* scale = expected.scale.empty() ? nullptr : expected.scale.data() + offset;
  return check_row_by<Bits>(
      output, index,
      [&](size_t col, Bits got, bool unwritten) {
        return !unwritten && element_right(output, got, want[col], scale ? scale[col] : std::fabs(want[col]));
      },
      [&](size_t col) { return want[col]; });
}

// Compiled once per element width, so that the hot loop never asks it.
RowCheck check_row(const OutputUnderCheck& output, size_t index) {
  return with_element_width(output.got.width(), [&]<typename Bits>() { return check_row_of<Bits>(output, index); });
}

int64_t count_unwritten(const OutputUnderCheck& output) {
  return output.parameter->role == ParameterRole::kOutput ? cudagrade::count_unwritten(output.got) : 0;
}

std::string draw(const OutputUnderCheck& output, const std::vector<RowCheck>& checks) {
  TilePicture picture(output.rows, output.cols, output.parameter->picture_tile);
  for (size_t i = 0; i < output.got.size(); ++i) {
    if (is_unwritten(output, output.got.bits(i))) {
      picture.mark(static_cast<int64_t>(i) / output.cols, static_cast<int64_t>(i) % output.cols, CellState::kUnwritten);
    }
  }
  for (size_t i = 0; i < checks.size(); ++i) {
    for (int64_t col = 0; col < output.cols; ++col) {
      const CellState state = checks[i].states.empty() ? CellState::kCorrect : checks[i].states[static_cast<size_t>(col)];
      picture.mark(output.expected->rows[i], col, state);
    }
  }
  return picture.render();
}

CheckOutcome check_elements(const OutputUnderCheck& output) {
  const ExpectedOutput& expected = *output.expected;
  const int64_t unwritten = count_unwritten(output);
  std::vector<RowCheck> checks(expected.rows.size());
  parallel_for(static_cast<int64_t>(checks.size()), [&](int64_t i) { checks[static_cast<size_t>(i)] = check_row(output, static_cast<size_t>(i)); });
  int64_t wrong = 0;
  std::vector<Mismatch> first;
  for (const RowCheck& check : checks) {
    wrong += check.wrong;
    for (const Mismatch& mismatch : check.first) {
      if (first.size() < kMismatchesShown) first.push_back(mismatch);
    }
  }
  const bool sampled = static_cast<int64_t>(expected.rows.size()) < output.rows;
  const std::string scope = sampled ? fmt::format(" ({} of {} rows checked in full, every element checked for being written)",
                                                  expected.rows.size(), output.rows)
                                    : "";
  if (wrong == 0 && unwritten == 0) {
    if (is_scalar(output)) {
      return {CaseStatus::kPassed,
              fmt::format("{}[0] = {} is right", output.name, element_text(output.got.bits(0), output.parameter->type)),
              ""};
    }
    return {CaseStatus::kPassed, fmt::format("all elements of {} are right{}", output.name, scope), ""};
  }
  if (is_scalar(output)) return describe_scalar(output, first.front());
  CheckOutcome outcome{CaseStatus::kWrongAnswer, "", ""};
  const int64_t checked = static_cast<int64_t>(expected.rows.size()) * output.cols;
  outcome.message = wrong > 0 ? fmt::format("{} of {} checked elements of {} are wrong", wrong, checked, output.name)
                              : fmt::format("{} has elements that were never written", output.name);
  if (unwritten > 0) outcome.message += fmt::format("; {} of {} were never written", unwritten, output.got.size());
  if (!first.empty()) outcome.message += "; first: " + describe(output, first.front());
  outcome.message += scope;
  for (const Mismatch& mismatch : first) outcome.details += "  " + describe(output, mismatch) + "\n";
  if (output.parameter->picture_tile > 0) outcome.details += draw(output, checks);
  return outcome;
}

// Order-free outputs: the values as a multiset, and for kSorted also in ascending order.
CheckOutcome check_unordered(const OutputUnderCheck& output) {
  const ScalarType type = output.parameter->type;
  std::vector<double> got, want;
  for (size_t i = 0; i < output.got.size(); ++i) want.push_back(output.expected->value_at(i, type));
  int64_t unwritten = 0;
  for (size_t i = 0; i < output.got.size(); ++i) {
    const uint64_t bits = output.got.bits(i);
    if (is_unwritten(output, bits))
      ++unwritten;
    else
      got.push_back(value_of_bits(bits, type));
  }
  if (unwritten > 0) {
    return {CaseStatus::kWrongAnswer, fmt::format("{} of {} elements of {} were never written", unwritten, output.got.size(), output.name), ""};
  }
  if (output.parameter->check.kind == OutputCheck::Kind::kSorted) {
    for (size_t i = 0; i + 1 < got.size(); ++i) {
      if (got[i] <= got[i + 1]) continue;
      return {CaseStatus::kWrongAnswer,
              fmt::format("{} is not in ascending order: {}[{}] = {} comes before {}[{}] = {}", output.name, output.name, i,
                          number_text(got[i], type), output.name, i + 1, number_text(got[i + 1], type)),
              ""};
    }
  }
  std::vector<double> got_sorted = got;
  std::sort(got_sorted.begin(), got_sorted.end());
  std::sort(want.begin(), want.end());
  int64_t differ = 0;
  for (size_t i = 0; i < want.size() && i < got_sorted.size(); ++i) differ += got_sorted[i] != want[i];
  if (differ == 0) return {CaseStatus::kPassed, fmt::format("{} holds exactly the expected {} values", output.name, want.size()), ""};
  return {CaseStatus::kWrongAnswer,
          fmt::format("{} does not hold the expected values: {} of {} differ once both are sorted", output.name, differ, want.size()), ""};
}

// An output whose right answer is not unique, judged by the lab's own check once none of it is left unwritten.
CheckOutcome check_by_lab(const OutputUnderCheck& output) {
  const int64_t unwritten = count_unwritten(output);
  if (unwritten > 0) {
    return {CaseStatus::kWrongAnswer,
            fmt::format("{} of {} elements of {} were never written", unwritten, output.got.size(), output.name), ""};
  }
  cudagrade_own_check check{output.got.data(), 0, 0, {}};
  if (!output.own || !output.own(check)) {
    throw std::runtime_error(fmt::format("the lab's own check of {} (cudagrade_check) failed", output.name));
  }
  check.message[sizeof check.message - 1] = '\0';
  if (check.wrong == 0) {
    return {CaseStatus::kPassed,
            fmt::format("the lab's check accepts all {} elements of {}", output.got.size(), output.name), ""};
  }
  return {CaseStatus::kWrongAnswer,
          fmt::format("{} of {} elements of {} are wrong; first: {}[{}]: {}", check.wrong, output.got.size(),
                      output.name, output.name, check.first_wrong, check.message),
          ""};
}

}  // namespace

double ExpectedOutput::value_at(size_t index, ScalarType type) const {
  return exact.empty() ? value[index] : value_of_bits(load_bits(exact.data() + index * width, width), type);
}

std::string element_text(uint64_t bits, ScalarType type) {
  return number_text(value_of_bits(bits, type), type);
}

CheckOutcome check_output(const OutputUnderCheck& output) {
  const OutputCheck::Kind kind = output.parameter->check.kind;
  if (kind == OutputCheck::Kind::kOwn) return check_by_lab(output);
  if (kind == OutputCheck::Kind::kMultiset || kind == OutputCheck::Kind::kSorted) return check_unordered(output);
  return check_elements(output);
}

CheckOutcome combine_outcomes(const std::vector<CheckOutcome>& outcomes) {
  std::vector<std::string> passed, failed;
  CheckOutcome combined;
  for (const CheckOutcome& outcome : outcomes) {
    if (outcome.status == CaseStatus::kPassed) {
      passed.push_back(outcome.message);
      continue;
    }
    combined.status = outcome.status;
    failed.push_back(outcome.message);
    combined.details += outcome.details;
  }
  combined.message = fmt::format("{}", fmt::join(failed.empty() ? passed : failed, "; "));
  return combined;
}

}  // namespace cudagrade
