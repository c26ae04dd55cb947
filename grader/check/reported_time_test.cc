// The forged-time rule on real reported timings: the medians, spreads and sample counts of the H200 run in
// docs/runs/2026-11-22/ (matmul 4096, bench-matmul-4096.md; reduction 2^24, repeat-final-reduction-5.json).
// That run did not record the grader's wall clock, so each request's wall time is modelled from the harness's
// structure (runner_main.cu's handle_time): a fixed start (uploading two sets of the case's buffers, ~40 ms for
// matmul 4096's 384 MB), per sample the kernel plus reloading the set and flushing L2 (~0.2 ms for matmul 4096,
// ~0.1 ms for reduction 2^24), and three untimed calls per set.
#include "check/reported_time.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

constexpr int kSets = 2;

Timing request(int samples, double median_ms, double min_ms, double max_ms, double start_ms, double per_sample_ms) {
  Timing timing{samples, median_ms, min_ms, max_ms, 0.001};
  timing.wall_ms = start_ms + samples * (median_ms + per_sample_ms) + kUntimedCallsPerSet * kSets * median_ms;
  return timing;
}

// matmul 4096 on the H200: the naive kernel (the student) against the tiled reference.
const Timing kNaive = request(10, 25.3862, 25.36, 25.42, 40, 0.2);
const Timing kTiled = request(10, 16.5645, 16.55, 16.58, 40, 0.2);
// reduction 2^24: a student's kernel and the reduce3 reference, 2000 samples each.
const Timing kReduceStudent = request(2000, 0.049728, 0.04832, 0.05168, 60, 0.1);
const Timing kReduceReference = request(2000, 0.052928, 0.051328, 0.055072, 60, 0.1);

Timing with_median(Timing timing, double median_ms) {
  timing.median_ms = median_ms;
  timing.min_ms = median_ms * 0.99;
  timing.max_ms = median_ms * 1.01;
  return timing;
}

TEST_CASE("honest timings are plausible, with the reference and without", "[reported_time]") {
  CHECK(judge_reported_time(kNaive, kSets, kTiled).outcome == ReportedTimeVerdict::Outcome::kPlausible);
  CHECK(judge_reported_time(kTiled, kSets, kTiled).outcome == ReportedTimeVerdict::Outcome::kPlausible);
  CHECK(judge_reported_time(kReduceStudent, kSets, kReduceReference).outcome ==
        ReportedTimeVerdict::Outcome::kPlausible);
  CHECK(judge_reported_time(kNaive, kSets, std::nullopt).outcome == ReportedTimeVerdict::Outcome::kPlausible);
  // A student much faster than the reference is fair too: cuBLAS-class speed against the tiled reference.
  const Timing fast = request(10, 2.6729, 2.66, 2.69, 40, 0.2);
  CHECK(judge_reported_time(fast, kSets, kTiled).outcome == ReportedTimeVerdict::Outcome::kPlausible);
  // No wall clock measured (a fake runner, an old stored result): nothing to hold it against.
  CHECK(judge_reported_time(Timing{10, 1.0, 1.0, 1.0, 0}, kSets, kTiled).outcome ==
        ReportedTimeVerdict::Outcome::kPlausible);
}

TEST_CASE("a first call that costs up to the allowance leaves an honest timing plausible", "[reported_time]") {
  // A 1 ms kernel whose first call costs 100 ms more than the reference's (the module loaded, a workspace
  // allocated, once): without the allowance its mean per call would look six times its median.
  Timing slow_start = request(10, 1.0, 0.99, 1.01, 40, 0.2);
  slow_start.wall_ms += kFixedCostAllowanceMs;
  CHECK(judge_reported_time(slow_start, kSets, kTiled).outcome == ReportedTimeVerdict::Outcome::kPlausible);
  slow_start.wall_ms += 2 * kFixedCostAllowanceMs;  // 300 ms: past the allowance, a fair file would be refused
  CHECK(judge_reported_time(slow_start, kSets, kTiled).outcome == ReportedTimeVerdict::Outcome::kFasterThanTheClock);
}

TEST_CASE("samples that add up to more than the whole request are forged", "[reported_time]") {
  // 2000 samples of 1 ms cannot fit in a request of under half a second.
  const ReportedTimeVerdict verdict = judge_reported_time(with_median(kReduceStudent, 1.0), kSets, std::nullopt);
  CHECK(verdict.outcome == ReportedTimeVerdict::Outcome::kLongerThanTheRequest);
  CHECK_THAT(verdict.message, Catch::StartsWith("rejected: forged time: the runner reported 2000 samples"));
}

TEST_CASE("a slow kernel's median rewritten to a fast one is forged against the wall clock", "[reported_time]") {
  // The naive kernel's request, its median rewritten to register_tiled's 3.4412 ms (7.4 times faster).
  const ReportedTimeVerdict verdict = judge_reported_time(with_median(kNaive, 3.4412), kSets, kTiled);
  CHECK(verdict.outcome == ReportedTimeVerdict::Outcome::kFasterThanTheClock);
  CHECK_THAT(verdict.message, Catch::Contains("median of 3.441 ms"));
  // Rewritten to the reference's own median: 1.5 times faster, within the slack; not caught.
  CHECK(judge_reported_time(with_median(kNaive, 16.5645), kSets, kTiled).outcome ==
        ReportedTimeVerdict::Outcome::kPlausible);
}

TEST_CASE("a harness slowed by other work on the machine leaves an honest timing plausible", "[reported_time]") {
  // reduction 2^28: two 1 GiB sets uploaded from the mapped arena (~800 ms in the reference's request), 0.6 ms
  // kernels, ~0.5 ms a sample to reload the set and flush L2. The student's request ran while the simulator's
  // race check worked beside it and its upload took twice as long: the same kernel, honestly timed (the rule
  // before kHarnessVariance refused it, as it refused field/reduction/legacy_shfl_macro.cu on the H200). More
  // slack than that would let matmul 4096's naive kernel pass as register_tiled (the test below).
  const Timing reference = request(200, 0.60, 0.59, 0.62, 800, 0.5);
  const Timing student = request(200, 0.61, 0.60, 0.63, 1700, 0.6);
  CHECK(judge_reported_time(student, kSets, reference).outcome == ReportedTimeVerdict::Outcome::kPlausible);
  // Past that variance the rule still holds a slow kernel to its clock: 10 ms kernels reported as 1 ms.
  const Timing slow = request(200, 10.0, 9.9, 10.1, 1200, 0.6);
  CHECK(judge_reported_time(with_median(slow, 1.0), kSets, reference).outcome ==
        ReportedTimeVerdict::Outcome::kFasterThanTheClock);
}

TEST_CASE("a short request leaves the allowance too much room to judge", "[reported_time]") {
  // reduction 2^24's whole request takes about 360 ms, of which 300 are the harness's: a median rewritten ten
  // times faster is not caught (docs/SECURITY.md says so).
  CHECK(judge_reported_time(with_median(kReduceStudent, 0.0049728), kSets, kReduceReference).outcome ==
        ReportedTimeVerdict::Outcome::kPlausible);
}

}  // namespace
}  // namespace cudagrade
