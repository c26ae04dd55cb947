// The checks a declaration names for an output (exact, close, ulps, multiset, sorted), applied to what came
// back against the CPU reference's values, with the messages, mismatch lines and tile picture the built-in
// labs give: "3 of 4096 checked elements of C are wrong; first: C[row 0, col 15]: expected 2, got 0".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "labdef/declaration.h"
#include "model/lab.h"

namespace cudagrade {

// The reference's values for the rows of one output that are checked.
struct ExpectedOutput {
  std::vector<int64_t> rows;   // ascending
  int64_t cols = 1;
  std::vector<double> value;   // rows.size() * cols
  std::vector<double> scale;   // the same, when the check's scale comes from the reference; else empty
};

struct OutputUnderCheck {
  const Parameter* parameter = nullptr;
  std::string name;
  int64_t rows = 1, cols = 1;  // the output's shape
  std::span<const uint32_t> got;
  const ExpectedOutput* expected = nullptr;
  Tolerance tolerance;         // the case's, for a close check
  double grow = 1;             // the close check's growth factor at this size
};

CheckOutcome check_output(const OutputUnderCheck& output);

// One outcome for several outputs: passed when all passed, else the failed ones' messages joined.
CheckOutcome combine_outcomes(const std::vector<CheckOutcome>& outcomes);

// An element as a student reads it: "0.25", "-3", "never written".
std::string element_text(uint32_t word, ScalarType type);

}  // namespace cudagrade
