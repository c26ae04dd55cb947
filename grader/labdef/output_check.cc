#include "labdef/output_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "check/tile_picture.h"
#include "core/parallel.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

constexpr size_t kMismatchesShown = 5;

struct Mismatch {
  int64_t row, col;
  double want;
  uint32_t got;
};

struct RowCheck {
  int64_t wrong = 0;
  std::vector<Mismatch> first;
  std::vector<CellState> states;
};

double value_of(uint32_t word, ScalarType type) {
  switch (type) {
    case ScalarType::kFloat: return float_at(std::span<const uint32_t>(&word, 1), 0);
    case ScalarType::kInt: return static_cast<int32_t>(word);
    case ScalarType::kUnsigned: return word;
  }
  return 0;
}

std::string number_text(double value, ScalarType type) {
  if (type != ScalarType::kFloat && std::isfinite(value)) return fmt::format("{}", static_cast<int64_t>(value));
  return fmt::format("{:g}", value);
}

bool is_unwritten(const OutputUnderCheck& output, uint32_t word) {
  return output.parameter->role == ParameterRole::kOutput && word == poison_word(element_type_of(output.parameter->type));
}

int64_t ulp_distance(float a, float b) {
  int32_t ia, ib;
  std::memcpy(&ia, &a, sizeof ia);
  std::memcpy(&ib, &b, sizeof ib);
  // Map the sign-magnitude bits onto one ordered line, so that -0 and +0 are next to each other.
  const int64_t la = ia < 0 ? int64_t{INT32_MIN} - ia : ia;
  const int64_t lb = ib < 0 ? int64_t{INT32_MIN} - ib : ib;
  return std::llabs(la - lb);
}

bool element_right(const OutputUnderCheck& output, uint32_t word, double want, double scale) {
  const OutputCheck& check = output.parameter->check;
  const ScalarType type = output.parameter->type;
  const double got = value_of(word, type);
  switch (check.kind) {
    case OutputCheck::Kind::kClose: {
      if (!std::isfinite(got)) return false;
      const double allowed = (output.tolerance.abs + output.tolerance.rel * scale) * output.grow;
      return std::fabs(got - want) <= allowed;
    }
    case OutputCheck::Kind::kUlps:
      return std::isfinite(got) && ulp_distance(static_cast<float>(got), static_cast<float>(want)) <= check.ulps;
    default:
      if (type == ScalarType::kFloat) return static_cast<float>(got) == static_cast<float>(want);
      return got == want;
  }
}

std::string element_name(const OutputUnderCheck& output, int64_t row, int64_t col) {
  if (output.rows == 1) return fmt::format("{}[{}]", output.name, col);
  return fmt::format("{}[row {}, col {}]", output.name, row, col);
}

std::string describe(const OutputUnderCheck& output, const Mismatch& mismatch) {
  const ScalarType type = output.parameter->type;
  const std::string got = is_unwritten(output, mismatch.got) ? "never written" : "got " + element_text(mismatch.got, type);
  return fmt::format("{}: expected {}, {}", element_name(output, mismatch.row, mismatch.col), number_text(mismatch.want, type), got);
}

RowCheck check_row(const OutputUnderCheck& output, size_t index) {
  const ExpectedOutput& expected = *output.expected;
  const int64_t row = expected.rows[index];
  RowCheck result;
  result.states.resize(static_cast<size_t>(output.cols));
  for (int64_t col = 0; col < output.cols; ++col) {
    const size_t at = index * static_cast<size_t>(output.cols) + static_cast<size_t>(col);
    const uint32_t word = output.got[static_cast<size_t>(row * output.cols + col)];
    const double want = expected.value[at];
    const double scale = expected.scale.empty() ? std::fabs(want) : expected.scale[at];
    const bool unwritten = is_unwritten(output, word);
    const bool right = !unwritten && element_right(output, word, want, scale);
    result.states[static_cast<size_t>(col)] = right ? CellState::kCorrect : unwritten ? CellState::kUnwritten : CellState::kWrong;
    if (right) continue;
    ++result.wrong;
    if (result.first.size() < kMismatchesShown) result.first.push_back({row, col, want, word});
  }
  return result;
}

CheckOutcome check_elements(const OutputUnderCheck& output) {
  const ExpectedOutput& expected = *output.expected;
  const int64_t tile = output.parameter->picture_tile;
  TilePicture picture(output.rows, output.cols, std::max<int64_t>(tile, 1));
  int64_t unwritten = 0;
  for (size_t i = 0; i < output.got.size(); ++i) {
    if (!is_unwritten(output, output.got[i])) continue;
    ++unwritten;
    if (tile > 0) picture.mark(static_cast<int64_t>(i) / output.cols, static_cast<int64_t>(i) % output.cols, CellState::kUnwritten);
  }
  std::vector<RowCheck> checks(expected.rows.size());
  parallel_for(static_cast<int64_t>(checks.size()), [&](int64_t i) { checks[static_cast<size_t>(i)] = check_row(output, static_cast<size_t>(i)); });
  int64_t wrong = 0;
  std::vector<Mismatch> first;
  for (size_t i = 0; i < checks.size(); ++i) {
    if (tile > 0) {
      for (int64_t col = 0; col < output.cols; ++col) picture.mark(expected.rows[i], col, checks[i].states[static_cast<size_t>(col)]);
    }
    wrong += checks[i].wrong;
    for (const Mismatch& mismatch : checks[i].first) {
      if (first.size() < kMismatchesShown) first.push_back(mismatch);
    }
  }
  const bool sampled = static_cast<int64_t>(expected.rows.size()) < output.rows;
  const std::string scope = sampled ? fmt::format(" ({} of {} rows checked in full, every element checked for being written)",
                                                  expected.rows.size(), output.rows)
                                    : "";
  if (wrong == 0 && unwritten == 0) {
    if (output.got.size() == 1) {
      return {CaseStatus::kPassed, fmt::format("{}[0] = {} is right", output.name, element_text(output.got[0], output.parameter->type)), ""};
    }
    return {CaseStatus::kPassed, fmt::format("all elements of {} are right{}", output.name, scope), ""};
  }
  CheckOutcome outcome{CaseStatus::kWrongAnswer, "", ""};
  const int64_t checked = static_cast<int64_t>(expected.rows.size()) * output.cols;
  outcome.message = wrong > 0 ? fmt::format("{} of {} checked elements of {} are wrong", wrong, checked, output.name)
                              : fmt::format("{} has elements that were never written", output.name);
  if (unwritten > 0) outcome.message += fmt::format("; {} of {} were never written", unwritten, output.got.size());
  if (!first.empty()) outcome.message += "; first: " + describe(output, first.front());
  outcome.message += scope;
  for (const Mismatch& mismatch : first) outcome.details += "  " + describe(output, mismatch) + "\n";
  if (tile > 0) outcome.details += picture.render();
  return outcome;
}

// Order-free outputs: the values as a multiset, and for kSorted also in ascending order.
CheckOutcome check_unordered(const OutputUnderCheck& output) {
  const ScalarType type = output.parameter->type;
  std::vector<double> got, want = output.expected->value;
  int64_t unwritten = 0;
  for (uint32_t word : output.got) {
    if (is_unwritten(output, word)) ++unwritten;
    else got.push_back(value_of(word, type));
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

}  // namespace

std::string element_text(uint32_t word, ScalarType type) {
  return number_text(value_of(word, type), type);
}

CheckOutcome check_output(const OutputUnderCheck& output) {
  const OutputCheck::Kind kind = output.parameter->check.kind;
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
