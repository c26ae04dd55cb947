// nvcc's two passes in the simulator (sim/arch_passes.h, sim/pass_join.h): a file that tests __CUDA_ARCH__ gets
// the device pass's view in its kernels and the host pass's in its host code, with one copy of each device
// variable, as on a GPU. Each file is graded end to end in the simulator.
#include <catch2/catch.hpp>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

using testing::check_every_case;

// Every view below is the one nvcc gives; each wrong one changes the sum.
const std::string kViews = R"(
#ifdef __CUDA_ARCH__
#define HOST_PASS_HALVES 1
#else
#define HOST_PASS_HALVES 2
#endif
__host__ __device__ inline int device_view_is_one() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 5;
#endif
}
__device__ int one_set_by_the_host;
static __device__ int another_one_set_by_the_host;
__constant__ int weights[2];
)";

TEST_CASE(
    "a file that tests __CUDA_ARCH__: kernels see the device pass, host code the host pass, one copy of each "
    "device variable",
    "[sim][passes]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kViews + R"(
namespace {
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] * device_view_is_one() * one_set_by_the_host * another_one_set_by_the_host *
                               weights[1] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
}  // namespace
template <int kScale>
static __global__ void add_up(const int* partial, int* out, int count, int scale) {
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int i = 0; i < count; ++i) sum += partial[i];
    *out = sum * kScale * scale;
  }
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int one = device_view_is_one() / 5, weights_here[2] = {7, one};
  cudaMemcpyToSymbol(one_set_by_the_host, &one, sizeof one);
  cudaMemcpyToSymbol(another_one_set_by_the_host, &one, sizeof one);
  cudaMemcpyToSymbol(weights, weights_here, sizeof weights_here);
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n * HOST_PASS_HALVES / 2);
  // A kernel's template arguments must not depend on the pass (nvcc builds device code for the device pass's).
  add_up<1><<<1, 32>>>(scratch, out, blocks, HOST_PASS_HALVES / 2);
}
)");
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("a global that only the device pass declares is never initialised, as nvcc builds no host code there",
          "[sim][passes]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(testing::kAddUp + R"(
__device__ int off_by_one;
#ifdef __CUDA_ARCH__
struct OnlyInTheDevicePass { OnlyInTheDevicePass() { off_by_one = 1; } } only_in_the_device_pass;
#endif
__global__ void block_sums(const int* in, int* partial, int n) {
  if (threadIdx.x != 0) return;
  int sum = off_by_one;
  for (int i = blockIdx.x * 256; i < n && i < (blockIdx.x + 1) * 256; ++i) sum += in[i];
  partial[blockIdx.x] = sum;
}
)" + testing::kTwoPassLauncher);
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE(
    "a kernel launched only where __CUDA_ARCH__ is undefined has no device code under nvcc: a compile error "
    "that says so",
    "[sim][passes]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(testing::kAddUp + R"(
template <int kUnused>
__global__ void block_sums(const int* in, int* partial, int n) {
  int sum = 0;
  for (int i = blockIdx.x * 256 + threadIdx.x; i < n && threadIdx.x == 0; ++i) {
    if (i < (blockIdx.x + 1) * 256) sum += in[i];
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
#ifdef __CUDA_ARCH__
  block_sums<0><<<blocks, 256>>>(in, scratch, n);
#else
  block_sums<1><<<blocks, 256>>>(in, scratch, n);
#endif
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)");
  INFO(report.build_summary);
  CHECK(report.verdict == CaseStatus::kCompileError);
  CHECK_THAT(report.build_summary, Catch::Contains("block_sums<1>") && Catch::Contains("invalid device function"));
}

// Nothing to weaken in the host pass: binutils' objcopy fails on an empty list, which was an infra_error here,
// a grader's fault where the file's was to be judged (found 2026-11-28 with a probe that declared no kernel).
TEST_CASE("a file without a kernel joins its passes and is judged: it launches no kernel", "[sim][passes]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade("void reduce_sum(const int* in, int* out, int n, int* scratch) {}\n");
  INFO(report.build_summary);
  check_every_case(report, CaseStatus::kRejected, {"launches no kernel"});
}

}  // namespace
}  // namespace cudagrade
