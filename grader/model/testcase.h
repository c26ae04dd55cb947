// A test case as written in testcases/<lab>.yaml, with every default filled in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/efficiency.h"

namespace cudagrade {

// kEfficiency: graded on its outputs, then on an efficiency rule the simulator counts (model/efficiency.h).
enum class CaseKind { kSquare, kNonMultiple, kRectangular, kBoundary, kPerformance, kEfficiency };

// Integers in (-10, 10), as in the course assignment, make float32 sums of products exact in any summation
// order; uniform floats exercise rounding and need a tolerance.
enum class Distribution { kSmallIntegers, kUniformFloat };

// An element passes when |got - want| <= abs + rel * magnitude, where the lab defines magnitude so that the
// bound grows with the problem (for a length-K dot product: the sum of its terms' magnitudes, the classic forward-error scale
// of a length-K dot product).
struct Tolerance {
  double abs = 0;
  double rel = 0;
};

// What a speed rule's points do where nothing can time the case (the CPU simulator, a platform without a
// GPU): leave the total, so that the score is out of what was graded (kExclude, the default), or stay in it
// and count as 0 (kZero), or be graded by the speed rule's efficiency rule, counted by the simulator at the
// size it runs the case (kEfficiency). Either way the report says the speed is graded later on the course GPU.
enum class SpeedWithoutGpu { kExclude, kZero, kEfficiency };

// How a correct submission earns speed points: the ratio of its median time to the named reference's median,
// both timed in the same run on the same GPU. Full points at or under full_ratio, none at or over zero_ratio,
// linear in between, rounded down to a whole number of steps so that timing noise rarely moves a grade.
struct SpeedRule {
  std::string reference;
  double points = 0;
  double full_ratio = 1.0;
  double zero_ratio = 4.0;
  double step = 0.25;
  SpeedWithoutGpu without_gpu = SpeedWithoutGpu::kExclude;
  // What grades `points` where no GPU timed the case, under kEfficiency (the loader requires it there).
  std::optional<EfficiencyRule> efficiency;
};

struct TestCase {
  std::string name;
  CaseKind kind = CaseKind::kSquare;
  std::vector<int64_t> size;  // in the lab's own order, e.g. M, K, N
  double points = 1;
  bool hidden = false;
  // A hidden case shows a student only its pass or fail and points (report/redaction.h) unless reveal is set.
  bool reveal = false;
  uint64_t seed = 0;
  Distribution distribution = Distribution::kSmallIntegers;
  Tolerance tolerance;
  // The longest the grader waits for one request. Where the YAML leaves it out (timeout_given false, set by
  // the loader), it is a ceiling: a check waits only as long as the case needs (pipeline/grader_limits.cc;
  // README, "Time limits"). A case made in code keeps the limit it names.
  double timeout_s = 0;
  bool timeout_given = true;
  std::optional<SpeedRule> speed;
  // Kind efficiency only: what its points are graded by, once its outputs are right.
  std::optional<EfficiencyRule> efficiency;
  int line = 0;  // in the YAML file, for messages

  double max_points() const { return points + (speed ? speed->points : 0); }
};

// The course's late policy as the YAML's top-level `late: {deadline: ..., policy: ...}` writes it; read
// and applied by the gradebook (gradebook/late_policy.h), where a command line's --deadline and
// --late-policy replace it.
struct LateSetting {
  std::string deadline;  // "2026-11-20 23:59"
  std::string policy;    // "10%/day, max 3 days"
  int line = 0;
};

struct TestSuite {
  std::string lab;
  std::string path;
  std::string content_hash;  // of the file's bytes (fnv1a, 16 hex digits): what a result says it was graded on
  std::vector<TestCase> cases;
  std::optional<LateSetting> late;
};

std::string_view to_string(CaseKind kind);
std::optional<CaseKind> case_kind_from_string(std::string_view text);
std::string_view to_string(Distribution distribution);
std::string_view to_string(SpeedWithoutGpu policy);
std::optional<SpeedWithoutGpu> speed_without_gpu_from_string(std::string_view text);
std::optional<Distribution> distribution_from_string(std::string_view text);

}  // namespace cudagrade
