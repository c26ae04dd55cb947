// The host code students write around their kernels builds in the simulator as under nvcc, and is judged by the
// same symbol policy: the headers they include out of habit (<iostream>, <cuda.h>), printing with std::endl,
// a message built in a std::ostringstream and thrown as std::runtime_error, a grid sized with log2, and the
// cache-configuration hints of older tutorials. Until 2026-11-29 each of these made a correct file score 0 on
// one backend or both. Each file is graded end to end in the simulator.
#include <catch2/catch.hpp>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

using testing::check_every_case;
using testing::kAddUp;

TEST_CASE("host code in C++'s style, with <iostream>, <cuda.h>, exceptions and host math, passes", "[sim][host_code]") {
  testing::SimFixture fixture;
  const GradeReport report = fixture.grade(kAddUp + R"(
#include <cuda.h>

#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>

static_assert(CUDA_VERSION == 13000, "the toolkit nvcc is");

void check(cudaError_t status, int line) {
  if (status == cudaSuccess) return;
  std::ostringstream message;
  message << "CUDA error at line " << line << ": " << cudaGetErrorString(status);
  throw std::runtime_error(message.str());
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int levels = static_cast<int>(std::ceil(std::log2(static_cast<double>(n))));
  std::cout << "reduce_sum: " << n << " elements, " << levels << " levels" << std::endl;
  add_up<<<1, 256>>>(in, out, n);
  check(cudaGetLastError(), __LINE__);
}
)");
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("cache-configuration hints are taken, and their values checked as CUDA checks them", "[sim][host_code]") {
  testing::SimFixture fixture;
  const GradeReport report = fixture.grade(kAddUp + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  cudaFuncCache config = cudaFuncCachePreferNone;
  const bool taken = cudaFuncSetCacheConfig(add_up, cudaFuncCachePreferL1) == cudaSuccess &&
                     cudaDeviceSetCacheConfig(cudaFuncCachePreferShared) == cudaSuccess &&
                     cudaDeviceGetCacheConfig(&config) == cudaSuccess && config == cudaFuncCachePreferShared;
  const bool checked = cudaDeviceSetCacheConfig(static_cast<cudaFuncCache>(7)) == cudaErrorInvalidValue &&
                       cudaGetLastError() == cudaErrorInvalidValue;
  if (taken && checked) add_up<<<1, 256>>>(in, out, n);
}
)");
  check_every_case(report, CaseStatus::kPassed, {});
}

// Declared here as in CUDA's headers, so that the refusal names the call, as nvcc's object's does.
TEST_CASE("driver API calls and the runtime's device queries a lab does not need are refused by name",
          "[sim][host_code]") {
  testing::SimFixture fixture;
  for (const auto& [call, symbol] :
       {std::pair{"#include <cuda.h>\nvoid setup() { CUcontext own; cuCtxCreate(&own, nullptr, 0, 0); }", "cuCtxCreate_v4"},
        std::pair{"void setup() { size_t free_bytes, total; cudaMemGetInfo(&free_bytes, &total); }", "cudaMemGetInfo"},
        std::pair{"void setup() { int* pinned; cudaMallocHost(&pinned, 64); }", "cudaMallocHost"},
        std::pair{"void setup() { cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20); }", "cudaDeviceSetLimit"},
        std::pair{"#include <cuda_profiler_api.h>\nvoid setup() { cudaProfilerStart(); }", "cudaProfilerStart"},
        // Not declared by the simulator at all: nvcc compiles the call and the object check refuses it.
        std::pair{"void setup() { int* p; size_t pitch; cudaMallocPitch((void**)&p, &pitch, 64, 4); }",
                  "cudaMallocPitch"}}) {
    INFO(call);
    const GradeReport report = fixture.grade(kAddUp + call + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  setup();
  add_up<<<1, 256>>>(in, out, n);
}
)");
    check_every_case(report, CaseStatus::kRejected, {symbol, "not on the list of calls"});
  }
}

}  // namespace
}  // namespace cudagrade
