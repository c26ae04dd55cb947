// The physical floor on real figures: the H200 of docs/runs/2026-11-27-labs (132 SMs at 1980 MHz, 66.9 TFLOP/s
// FP32; copy bandwidth about 4,200 GB/s) and issue #33's memo, a naive matmul that answered every timed call
// of 4096^3 from memory in 0.059 ms.
#include "check/physical_limit.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

const DeviceLimits kH200{4200, 132, 1980};
const WorkCount kMatmul4096{2.0 * 4096 * 4096 * 4096, 4.0 * 3 * 4096 * 4096};
const WorkCount kReduction2e28{268435456, 4.0 * 268435456};

TEST_CASE("honest times are possible: the lecture's and the libraries' best", "[physical_limit]") {
  CHECK(kH200.fp32_tflops() == Approx(66.9).epsilon(0.01));
  // The tiled reference (16.94 ms), cuBLAS in FP32 (2.67 ms: 51 TFLOP/s), a reduction at 95% of the copy.
  for (double median_ms : {16.94, 2.67}) {
    CHECK(judge_physically_possible(kMatmul4096, median_ms, kH200).outcome == PhysicalVerdict::Outcome::kPossible);
  }
  CHECK(judge_physically_possible(kReduction2e28, 1.0737 / 4.0, kH200).outcome == PhysicalVerdict::Outcome::kPossible);
  // Nothing measured (no trusted runner answered): nothing to hold it against.
  CHECK(judge_physically_possible(kMatmul4096, 0.001, DeviceLimits{}).outcome == PhysicalVerdict::Outcome::kPossible);
}

TEST_CASE("the memo's time is beyond the GPU's compute", "[physical_limit]") {
  const PhysicalVerdict memo = judge_physically_possible(kMatmul4096, 0.059, kH200);
  CHECK(memo.outcome == PhysicalVerdict::Outcome::kBeyondCompute);
  CHECK_THAT(memo.message, Catch::Contains("2329 TFLOP/s, over 4 times this GPU's FP32 peak of 66.9"));
  CHECK_THAT(memo.message, Catch::StartsWith("rejected: forged time"));
  // 3xTF32 on tensor cores, about 2.5 times the FP32 peak, is still possible.
  CHECK(judge_physically_possible(kMatmul4096, 137.4 / (2.5 * 66.9), kH200).outcome ==
        PhysicalVerdict::Outcome::kPossible);
}

TEST_CASE("a memory-bound time beyond the copy bandwidth is forged", "[physical_limit]") {
  // A reduction of 1 GiB answered from memory in 0.05 ms would read at 21 TB/s.
  const PhysicalVerdict memo = judge_physically_possible(kReduction2e28, 0.05, kH200);
  CHECK(memo.outcome == PhysicalVerdict::Outcome::kBeyondBandwidth);
  CHECK_THAT(memo.message, Catch::Contains("4200 GB/s this GPU copies at"));
  // At 1.4 times the copy (a read-only kernel beating a copy): possible.
  CHECK(judge_physically_possible(kReduction2e28, 1.0737 / (1.4 * 4.2), kH200).outcome ==
        PhysicalVerdict::Outcome::kPossible);
  CHECK(judge_physically_possible(kReduction2e28, 0.0, kH200).outcome == PhysicalVerdict::Outcome::kBeyondBandwidth);
}

}  // namespace
}  // namespace cudagrade
