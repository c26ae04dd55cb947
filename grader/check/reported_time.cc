#include "check/reported_time.h"

#include <fmt/format.h>

#include <algorithm>

namespace cudagrade {
namespace {

// CUDA events and the grader's steady clock tick apart: 1% and 1 ms, plus half a microsecond a sample
// (an event's resolution).
double clock_tolerance_ms(const Timing& timing) {
  return 0.01 * timing.wall_ms + 1.0 + 0.0005 * timing.samples;
}

// The least the samples can add up to, from the statistics the runner reports.
double least_sample_sum_ms(const Timing& timing) {
  const int at_or_above_median = (timing.samples + 1) / 2;
  return at_or_above_median * timing.median_ms + (timing.samples - at_or_above_median) * timing.min_ms;
}

// What the harness's own work (not the kernels) took in the reference's request, per the module comment.
double reference_overhead_ms(const Timing& reference, int sets) {
  const double calls = reference.samples + kUntimedCallsPerSet * sets;
  return std::max(0.0, reference.wall_ms - calls * reference.median_ms);
}

// The mean time per call of the student's entry that its wall clock leaves, after the harness's work and the
// allowances; 0 when nothing is left.
double least_mean_call_ms(const Timing& student, int sets, const Timing& reference) {
  const double scale = std::max(1.0, static_cast<double>(student.samples) / std::max(1, reference.samples));
  const double harness = reference_overhead_ms(reference, sets) * scale;
  const double allowance = kFixedCostAllowanceMs + kSchedulingAllowance * student.wall_ms + kHarnessVariance * harness;
  const double calls = student.samples + kUntimedCallsPerSet * sets;
  return std::max(0.0, (student.wall_ms - harness - allowance) / calls);
}

}  // namespace

ReportedTimeVerdict judge_reported_time(const Timing& student, int sets, const std::optional<Timing>& reference) {
  if (student.wall_ms <= 0) return {};
  const double least_sum = least_sample_sum_ms(student);
  if (least_sum > student.wall_ms + clock_tolerance_ms(student)) {
    return {ReportedTimeVerdict::Outcome::kLongerThanTheRequest,
            fmt::format("rejected: forged time: the runner reported {} samples with a median of {:.4g} ms (at least "
                        "{:.4g} ms in all), but the whole request took {:.4g} ms by the grader's clock",
                        student.samples, student.median_ms, least_sum, student.wall_ms)};
  }
  if (!reference || reference->wall_ms <= 0 || reference->samples <= 0) return {};
  const double least_mean = least_mean_call_ms(student, sets, *reference);
  if (student.median_ms * kMedianToMeanSlack < least_mean) {
    return {ReportedTimeVerdict::Outcome::kFasterThanTheClock,
            fmt::format("rejected: forged time: the runner reported a median of {:.4g} ms, but by the grader's clock "
                        "({:.4g} ms for the request, less what the harness's own work took for the reference) each of "
                        "the {} calls took at least {:.4g} ms on average; a reported time is checked against the "
                        "grader's clock",
                        student.median_ms, student.wall_ms, student.samples + kUntimedCallsPerSet * sets,
                        least_mean)};
  }
  return {};
}

}  // namespace cudagrade
