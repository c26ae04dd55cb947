// The checks a declaration names for an output (exact, close, ulps, multiset, sorted), applied to what came
// back against the CPU reference's values, with the messages, mismatch lines and tile picture the built-in
// labs give: "3 of 4096 checked elements of C are wrong; first: C[row 0, col 15]: expected 2, got 0".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "labdef/declaration.h"
#include "model/lab.h"

struct cudagrade_mismatch;
struct cudagrade_own_check;

namespace cudagrade {

// An allocator that leaves new elements uninitialised: the reference writes every value it is asked for, and
// zeroing a transpose's 8192 x 8192 doubles first, on one core, cost more than checking them.
template <typename T>
struct UninitialisedAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <typename U>
  UninitialisedAllocator(const UninitialisedAllocator<U>&) {}
  template <typename U>
  void construct(U* place) {
    ::new (static_cast<void*>(place)) U;
  }
  template <typename U, typename... Args>
  void construct(U* place, Args&&... args) {
    ::new (static_cast<void*>(place)) U(std::forward<Args>(args)...);
  }
};
using Values = std::vector<double, UninitialisedAllocator<double>>;

// The reference's values for the rows of one output that are checked.
struct ExpectedOutput {
  std::vector<int64_t> rows;   // in the order their mismatches are reported
  int64_t cols = 1;
  Values value;                // rows.size() * cols; empty when the values are kept as words
  Values scale;                // the same, when the check's scale comes from the reference; else empty
  std::vector<std::byte> exact;  // an exact check's values as the output's elements, rows.size() * cols; else empty
  size_t width = 4;              // of one element of `exact`

  double value_at(size_t index, ScalarType type) const;
};


struct OutputUnderCheck {
  const Parameter* parameter = nullptr;
  std::string name;
  int64_t rows = 1, cols = 1;  // the output's shape
  Elements got;
  const ExpectedOutput* expected = nullptr;
  Tolerance tolerance;         // the case's, for a close check
  double grow = 1;             // the close check's growth factor at this size
  // The lab's own words on a mismatch (its reference's cudagrade_explain), or empty.
  std::function<void(cudagrade_mismatch&)> explain;
  // The lab's own check (`check: own`, its reference's cudagrade_check); false when the check itself failed.
  std::function<bool(cudagrade_own_check&)> own;
};

CheckOutcome check_output(const OutputUnderCheck& output);

// One outcome for several outputs: passed when all passed, else the failed ones' messages joined.
CheckOutcome combine_outcomes(const std::vector<CheckOutcome>& outcomes);

// An element as a student reads it: "0.25", "-3".
std::string element_text(uint64_t bits, ScalarType type);

}  // namespace cudagrade
