// The simulator takes what nvcc for sm_90 takes, with nvcc's meaning (issue #30): cooperative groups, the
// built-ins as objects, __CUDA_ARCH__ in device code only, sm_80's warp reductions, matches, cache hints,
// barriers as the hardware counts them, and a shuffle that reads a lane not taking part explained, not hidden.
// Each file is graded end to end in the simulator and the test asserts what a student would read.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "model/launch_account.h"
#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

using testing::check_every_case;
using testing::kAddUp;
using testing::kTwoPassLauncher;

TEST_CASE("cooperative groups: tiles, their shuffles, ballots and cg::reduce, a block's sync", "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(R"(
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void block_sums(const int* in, int* partial, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  auto quarter = cg::tiled_partition<8>(warp);
  __shared__ int sums[32];
  const int i = blockIdx.x * block.size() + block.thread_rank();
  int v = i < n ? in[i] : 0;
  // A quarter-warp's sum by hand, then the warp's by cg::reduce over the quarters' leaders.
  for (int offset = quarter.size() / 2; offset > 0; offset /= 2) v += quarter.shfl_down(v, offset);
  const unsigned leaders = warp.ballot(quarter.thread_rank() == 0);
  if (leaders != 0x01010101u) v = 1 << 30;
  int total = cg::reduce(warp, quarter.thread_rank() == 0 ? v : 0, cg::plus<int>());
  if (!warp.all(total == warp.shfl(total, 0))) total = 1 << 29;
  if (warp.thread_rank() == 0) sums[warp.meta_group_rank()] = total;
  block.sync();
  if (block.thread_rank() == 0) {
    int sum = 0;
    for (unsigned w = 0; w < block.size() / 32; ++w) sum += sums[w];
    partial[blockIdx.x] = sum;
  }
}
)" + kAddUp + kTwoPassLauncher);
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("cooperative groups as CUDA declares them: groups pass as thread_group, tiles of tiles, structs shuffle",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(R"(
#include <algorithm>
#include <cooperative_groups.h>
using namespace std;
using namespace cooperative_groups;
struct Pair { int value; int count; double weight; };

__device__ void wait_for(thread_group group) { group.sync(); }

__global__ void block_sums(const int* in, int* partial, int n) {
  thread_block block = this_thread_block();
  thread_block_tile<32> warp = tiled_partition<32>(block);
  thread_block_tile<4, thread_block_tile<32>> quad = tiled_partition<4>(warp);
  thread_group dynamic_quad = tiled_partition(warp, 4);
  __shared__ int sums[8];
  const int i = blockIdx.x * 256 + block.thread_rank();
  Pair mine{i < n ? in[i] : 0, 1, 0.5};
  for (unsigned offset = min(warp.size(), 16u); offset > 0; offset /= 2) {
    const Pair other = warp.shfl_down(mine, offset);
    if (warp.thread_rank() + offset < 32) { mine.value += other.value; mine.count += other.count; }
  }
  wait_for(dynamic_quad);
  wait_for(warp);
  const bool shape = quad.meta_group_rank() == warp.thread_rank() / 4 && quad.meta_group_size() == 8 &&
                     dynamic_quad.size() == 4 && warp.meta_group_rank() == block.thread_rank() / 32;
  if (warp.thread_rank() == 0) sums[warp.meta_group_rank()] = shape && mine.count == 32 ? mine.value : -1;
  sync(block);
  if (block.thread_rank() == 0) {
    int sum = 0;
    for (int w = 0; w < 8; ++w) sum += sums[w];
    partial[blockIdx.x] = sum;
  }
}
)" + kAddUp + kTwoPassLauncher, {1000});
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("coalesced_threads() in a divergent branch holds the lanes that took it, as on a GPU", "[sim][fidelity]") {
  testing::SimFixture fixture;
  // Odd and even values are summed by the coalesced group of each branch, which must hold exactly the lanes
  // the ballot before the branch counted: a group of the whole warp would add 1 << 20 instead.
  GradeReport report = fixture.grade(R"(
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void zero(int* out) { *out = 0; }
__global__ void sum_into(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = i < n ? in[i] : 0;
  const int odd_lanes = __popc(__ballot_sync(0xffffffffu, v % 2 != 0));
  if (v % 2 != 0) {
    cg::coalesced_group odd = cg::coalesced_threads();
    const int sum = cg::reduce(odd, v, cg::plus<int>());
    const int members = cg::reduce(odd, 1, cg::plus<int>());
    if (odd.thread_rank() == 0) atomicAdd(out, members == odd_lanes && odd.size() == odd_lanes ? sum : 1 << 20);
  } else {
    cg::coalesced_group even = cg::coalesced_threads();
    const int sum = cg::reduce(even, v, cg::plus<int>());
    const int members = cg::reduce(even, 1, cg::plus<int>());
    if (even.thread_rank() == 0) atomicAdd(out, members == 32 - odd_lanes ? sum : 1 << 20);
  }
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  zero<<<1, 1>>>(out);
  sum_into<<<(n + 255) / 256, 256>>>(in, out, n);
}
)", {1000, 4099});
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("a grid-wide sync needs a cooperative launch, which a lab cannot make", "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void block_sums(const int* in, int* partial, int n) {
  cg::this_grid().sync();
  if (threadIdx.x == 0) partial[blockIdx.x] = 0;
}
)" + kAddUp + kTwoPassLauncher, {1000});
  check_every_case(report, CaseStatus::kCrashed, {"grid_group::sync()", "cooperative launch", "(line 6)"});
}

TEST_CASE("NVIDIA's reduce7 style: __CUDA_ARCH__ picks __reduce_add_sync, and a partial mask reduces its lanes",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(R"(
template <class T>
__device__ __forceinline__ T warp_reduce(unsigned mask, T sum) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(mask, sum, offset);
  return sum;
}
#if __CUDA_ARCH__ >= 800
template <>
__device__ __forceinline__ int warp_reduce<int>(unsigned mask, int sum) {
  return __reduce_add_sync(mask, sum);
}
#endif
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int sums[8];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * 256 + tid;
  int v = i < n ? __ldcs(&in[i]) : 0;
#ifdef __CUDA_ARCH__
  v = warp_reduce<int>(0xffffffffu, v);
#else
  v = -1;
#endif
  if (tid % 32 == 0) sums[tid / 32] = v;
  __syncthreads();
  const unsigned ballot = __ballot_sync(0xffffffffu, tid < 8);
  if (tid < 8) {
    int w = warp_reduce<int>(ballot, sums[tid]);
    int same = 0;
    const unsigned matching = __match_all_sync(ballot, w, &same);
    if (tid == 0 && same && matching == ballot) __stcs(&partial[blockIdx.x], w);
  }
}
)" + kAddUp + kTwoPassLauncher, {1000, 4099, 100});
  check_every_case(report, CaseStatus::kPassed, {});
}

// CUDA 13 deprecates double4, long4 and their kin for 16- and 32-byte aligned twins (double4_32a, ...), and
// __fns finds the n-th set bit (PTX's fns, held to an H200's answers: docs/runs/2026-11-29-backend-tells/).
TEST_CASE("CUDA 13's aligned 4-vectors and __fns compile and run as nvcc's", "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(R"(
static_assert(alignof(longlong4_32a) == 32 && sizeof(longlong4_32a) == 32, "32-byte vector");
static_assert(alignof(double4_16a) == 16 && sizeof(ulong4_16a) == 32, "16-byte aligned vector");
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ longlong4_32a quads[2];  // the block's eight warp sums, four to a vector
  const int tid = threadIdx.x;
  const int i = blockIdx.x * 256 + tid;
  int v = i < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (tid % 32 == 0) reinterpret_cast<long long*>(quads)[tid / 32] = v;
  __syncthreads();
  if (tid == 0) {
    const longlong4_32a a = quads[0], b = quads[1];
    const longlong4_32a both = make_longlong4_32a(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    // In 0b1010 the second set bit up from bit 0 is bit 3, down from bit 31 bit 1; bit 2 is clear.
    const bool fns_right = __fns(0xAu, 0, 2) == 3 && __fns(0xAu, 31, -2) == 1 && __fns(0xAu, 2, 0) == 0xffffffffu &&
                           __fns(0xAu, 40, 1) == 0xffffffffu;
    partial[blockIdx.x] = static_cast<int>(both.x + both.y + both.z + both.w) + (fns_right ? 0 : 1000);
  }
}
)" + kAddUp + kTwoPassLauncher, {1000, 4099, 100});
  check_every_case(report, CaseStatus::kPassed, {});
}

// nvcc 13 compiles device code's clock() to a read of %clock64; g++ compiles a kernel's body in the host pass
// too, where clock() is the C library's, which the symbol policy refuses (sim/rewriter.cc, bind_device_clock).
TEST_CASE("device code's clock() builds and counts as on a GPU; host code's stays the C library's", "[sim][fidelity]") {
  testing::SimFixture fixture;
  const std::string kernels = kAddUp + R"(
__device__ int load(const int* in, int i, int n) {
  const clock_t start = clock();
  const int v = i < n ? in[i] : 0;
  return clock() >= start ? v : v + 1000;  // the counter never runs backwards
}
template <int kThreads>
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[kThreads];
  const long long begin = clock();
  s[threadIdx.x] = load(in, blockIdx.x * kThreads + threadIdx.x, n);
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  auto elapsed = [](long long from) { return clock() - from; };  // a lambda of device code
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0] + (elapsed(begin) >= 0 ? 0 : 1000);
}
)";
  SECTION("in kernels, device functions and lambdas in kernels") {
    GradeReport report = fixture.grade(kernels + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
  block_sums<256><<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)", {1000, 4099});
    check_every_case(report, CaseStatus::kPassed, {});
  }
  SECTION("host code that calls clock() is refused, as nvcc's object is") {
    GradeReport report = fixture.grade(kernels + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const clock_t start = clock();
  int blocks = (n + 255) / 256;
  block_sums<256><<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks + static_cast<int>(clock() - start) * 0);
}
)", {1000});
    INFO(report.build_summary);
    CHECK_THAT(report.build_summary, Catch::StartsWith("rejected: uses clock"));
  }
}

TEST_CASE("the built-ins are objects: a host variable or a helper's parameter may take their names",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__device__ int linear(dim3 blockIdx, uint3 threadIdx, dim3 blockDim) { return blockIdx.x * blockDim.x + threadIdx.x; }
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int i = linear(blockIdx, threadIdx, blockDim);
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int blockDim = 256;
  const int gridDim = (n + blockDim - 1) / blockDim;
  block_sums<<<gridDim, blockDim>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, gridDim);
}
)");
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("no macro tells the simulator from nvcc, and nvcc's keywords compile", "[sim][fidelity]") {
  // Each test is one a file could use to run other code in the simulator's checks than on the GPU (issue #33).
  // (__CUDA_ARCH__ is not among them: a kernel's body sees it defined in nvcc's device pass, as here. The
  // simulator's own macros, CUSIM_ATOMIC and the like, may not even be named: compile/source_policy.h.)
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
#if defined(__SANITIZE_THREAD__) || defined(__restrict__) || !defined(__NVCC__) || \
    !defined(__CUDACC__) || !defined(__CUDACC_VER_MAJOR__) || !defined(CUDART_VERSION) || \
    !defined(__NVCC_DIAG_PRAGMA_SUPPORT__) || !defined(__CUDACC_DEVICE_ATOMIC_BUILTINS__) || defined(_GLIBCXX_TSAN) || \
    defined(INT32_MAX) || defined(_GLIBCXX_TUPLE) || !defined(__CUDA_RUNTIME_H__) || !defined(cudaHostAllocDefault) || \
    defined(__noinline__)
#define TELLS_APART 1
#else
#define TELLS_APART 0
#endif
// __noinline__ is a keyword of nvcc's, which g++ knows only as an attribute's name.
__device__ __noinline__ int element(const int* in, int i, int n) { return i < n ? in[i] : 0; }
__global__ void block_sums(const int* __restrict__ in, int* __restrict__ partial, int n) {
  __shared__ int s[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = element(in, i, n);
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0] + TELLS_APART;
}
)" + kTwoPassLauncher);
  check_every_case(report, CaseStatus::kPassed, {});
}

TEST_CASE("warps that meet at __syncthreads() on different lines go on together, as the hardware counts them",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  if (threadIdx.x < 128) {  // warp-uniform: warps 0 to 3 here, 4 to 7 below
    __syncthreads();
  } else {
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int t = 0; t < 256; ++t) sum += s[t];
    partial[blockIdx.x] = sum;
  }
}
)" + kTwoPassLauncher);
  REQUIRE_FALSE(report.cases.empty());
  for (const CaseResult& result : report.cases) {
    INFO(result.name << ": " << result.message << "\n" << result.details);
    CHECK(result.status == CaseStatus::kPassed);
    CHECK_THAT(result.details, Catch::Contains("different lines (21 and 23)"));
    CHECK_THAT(result.details, Catch::Contains("leaves it undefined"));
  }
}

// The eight warp sums' last step shuffles down by 16 and 8 first, with a mask of those eight lanes: lanes
// outside it give 0 (as an H200 does), so the sum is right; taking the total from lane 31 instead is not.
const std::string kOutsideTheMask = R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int sums[8];
  const int i = blockIdx.x * 256 + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0) sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 8) {
    v = sums[threadIdx.x];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffu, v, offset);
    if (threadIdx.x == 0) partial[blockIdx.x] = LAST_STEP;
  }
}
)";

std::string with_last_step(const std::string& step) {
  std::string source = kOutsideTheMask;
  source.replace(source.find("LAST_STEP"), 9, step);
  return source;
}

TEST_CASE("a shuffle that reads a lane outside its mask gets 0, as on an H200; a wrong sum says which read",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  GradeReport read_zeros = fixture.grade(kAddUp + with_last_step("v") + kTwoPassLauncher, {1000});
  check_every_case(read_zeros, CaseStatus::kPassed, {});

  GradeReport from_lane_31 = fixture.grade(kAddUp + with_last_step("__shfl_sync(0xffu, v, 31)") + kTwoPassLauncher, {1000});
  REQUIRE(from_lane_31.cases.size() == 1);
  const CaseResult& result = from_lane_31.cases.at(0);
  INFO(result.message << "\n" << result.details);
  CHECK(result.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(result.details, Catch::Contains("__shfl_down_sync at line 25: lane 0 read lane 16, which was not in its "
                                             "mask 0x000000ff"));
  CHECK_THAT(result.details, Catch::Contains("__shfl_sync at line 26: lane 0 read lane 31"));
  CHECK_THAT(result.details, Catch::Contains("an H200 gives 0"));
}

// A block's tree sum into partial[blockIdx.x], for the tests below that are about the launch, not the kernel.
const std::string kTreeBlockSums = R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)";

TEST_CASE("a program that asks is told the GPU of the grade: its name, SM count and attributes", "[sim][fidelity]") {
  testing::SimFixture fixture;
  // Right only where the device is the fake GPU that the grader passes below: what a file that picks its grid
  // from the SM count, or tells the simulator from a GPU by asking, would see.
  const std::string source = "#include <cstring>\n" + kTreeBlockSums + R"(
__global__ void spoil(int* out) { *out += 1; }
)" + kAddUp + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  cudaDeviceProp properties;
  int sms = 0, major = 0, clock_khz = 0, shared_per_sm = 0;
  const bool asked = cudaGetDeviceProperties(&properties, 0) == cudaSuccess &&
                     cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess &&
                     cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess &&
                     cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0) == cudaSuccess &&
                     cudaDeviceGetAttribute(&shared_per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0) == cudaSuccess;
  const bool fake = asked && std::strcmp(properties.name, "NVIDIA Fake GPU") == 0 && sms == 7 &&
                    properties.multiProcessorCount == 7 && major == 9 && clock_khz > 0 && shared_per_sm > 0;
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
  if (!fake) spoil<<<1, 1>>>(out);
}
)";
  DeviceProfile fake_gpu;
  fake_gpu.name = "NVIDIA Fake GPU";
  fake_gpu.multiprocessors = 7;
  fake_gpu.attributes.clear();  // answered from the fields, so the SM count is 7 everywhere
  SimBackend beside_the_fake(fixture.paths, fixture.runner, fake_gpu);
  Grader told(*find_lab("reduction"), beside_the_fake, fixture.paths, fixture.options);
  check_every_case(told.grade(fixture.write_reduction(source), testing::reduction_suite({1000, 4099})),
                   CaseStatus::kPassed, {});
  // Without a GPU the simulator is the course's default GPU (model/device_profile.h), never "a simulator".
  check_every_case(fixture.grade(source), CaseStatus::kWrongAnswer, {});
}

// A launch's parameters as the GPU runner reads them for block_sums(in, partial, n) and add_up(partial, out,
// count): the device pointers by their size alone, then the int.
void note_two_pointers_and_a_count(LaunchAccount& account, int count) {
  account.begin_parameters();
  account.note_parameter(8, nullptr);
  account.note_parameter(8, nullptr);
  account.note_parameter(4, &count);
}

TEST_CASE("the simulator counts a case's launches as the GPU runner does, for the two to be compared",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  const GradeReport report = fixture.grade(kTreeBlockSums + kAddUp + kTwoPassLauncher);
  check_every_case(report, CaseStatus::kPassed, {});
  for (const CaseResult& result : report.cases) {
    const int n = static_cast<int>(result.size.at(0));
    const int blocks = (n + 255) / 256;
    LaunchAccount expected;
    note_two_pointers_and_a_count(expected, n);
    expected.note("block_sums", static_cast<uint64_t>(blocks), 1, 1, 256, 1, 1, 0);
    note_two_pointers_and_a_count(expected, blocks);
    expected.note("add_up", 1, 1, 1, 256, 1, 1, 0);
    CHECK(result.launches == expected.text());
    CHECK_THAT(result.launches, Catch::EndsWith(":add_up,block_sums"));
  }
}

// issue #33: one kernel, one grid, one block on both backends, and a flag that only the GPU passes (a file
// that times a launch to tell them apart): the accounts differ by the launch's parameters alone.
TEST_CASE("the simulator counts a launch's arguments, a flag and a size, as the parameters hold them",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  const std::string kernel = R"(
__global__ void block_sums(const int* in, int* partial, long long n, bool on_gpu) {
  __shared__ int s[256];
  const long long i = blockIdx.x * 256ll + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    if (on_gpu || !on_gpu) __syncthreads();  // where a file would skip the barrier on the GPU alone
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)";
  auto launcher = [](const char* flag) {
    return fmt::format(R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {{
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n, {});
  add_up<<<1, 256>>>(scratch, out, blocks);
}}
)", flag);
  };
  const GradeReport safe = fixture.grade(kernel + kAddUp + launcher("false"), {1000});
  const GradeReport flagged = fixture.grade(kernel + kAddUp + launcher("n < 0"), {1000});
  REQUIRE(safe.cases.size() == 1);
  REQUIRE(flagged.cases.size() == 1);
  const LaunchAccountText safe_account = parse_launch_account(safe.cases[0].launches);
  const LaunchAccountText flagged_account = parse_launch_account(flagged.cases[0].launches);
  CHECK(safe_account.hash == flagged_account.hash);  // the same flag's value, false: the same account
  CHECK(safe_account.parameters_hash == flagged_account.parameters_hash);
  const GradeReport passed_true = fixture.grade(kernel + kAddUp + launcher("n > 0"), {1000});
  const LaunchAccountText true_account = parse_launch_account(passed_true.cases[0].launches);
  CHECK(true_account.hash == safe_account.hash);
  CHECK(true_account.parameters_hash != safe_account.parameters_hash);
  // `n` became the parameter's long long, 8 bytes, as the GPU runner reads it.
  const long long n = 1000;
  const bool no = false;
  LaunchAccount expected;
  expected.begin_parameters();
  expected.note_parameter(8, nullptr);
  expected.note_parameter(8, nullptr);
  expected.note_parameter(8, &n);
  expected.note_parameter(1, &no);
  note_two_pointers_and_a_count(expected, 4);
  CHECK(safe_account.parameters_hash == fmt::format("{:016x}", expected.parameters_hash));
}

// A two-pass launcher that moves the block sums through every copy entry before the second pass (scratch holds
// n ints, and the sizes' 3 x blocks fit), and launches its first kernel through a pointer: the account names the
// kernel that ran, and counts each entry the file called, once, as the GPU runner does (harness/runner_main.cu);
// an Async form counts as its plain one.
TEST_CASE("the simulator counts the call's kernels by name and its copies by entry, as the GPU runner does",
          "[sim][fidelity]") {
  testing::SimFixture fixture;
  const std::string launcher = R"(
__device__ int g_moved[8192];

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
  void (*first)(const int*, int*, int) = block_sums;
  first<<<blocks, 256>>>(in, scratch, n);
  cudaMemcpy(scratch + blocks, scratch, blocks * sizeof(int), cudaMemcpyDeviceToDevice);
  cudaMemcpyAsync(scratch + 2 * blocks, scratch + blocks, blocks * sizeof(int), cudaMemcpyDefault, 0);
  cudaMemcpyToSymbolAsync(g_moved, scratch + 2 * blocks, blocks * sizeof(int), 0, cudaMemcpyDeviceToDevice, 0);
  cudaMemsetAsync(scratch + blocks, 0, blocks * sizeof(int), 0);
  cudaMemset2DAsync(scratch + blocks, sizeof(int), 0, sizeof(int), blocks, 0);
  cudaMemcpyFromSymbol(scratch + blocks, g_moved, blocks * sizeof(int), 0, cudaMemcpyDeviceToDevice);
  cudaMemcpy2D(scratch + 2 * blocks, sizeof(int), scratch + blocks, sizeof(int), sizeof(int), blocks,
               cudaMemcpyDeviceToDevice);
  add_up<<<1, 256>>>(scratch + 2 * blocks, out, blocks);
}
)";
  const GradeReport report = fixture.grade(kTreeBlockSums + kAddUp + launcher);
  check_every_case(report, CaseStatus::kPassed, {});
  for (const CaseResult& result : report.cases) {
    const uint64_t blocks = static_cast<uint64_t>((result.size.at(0) + 255) / 256);
    const uint64_t bytes = blocks * sizeof(int);
    constexpr uint64_t kDeviceToDevice = 3, kDefault = 4;  // cudaMemcpyKind's values
    LaunchAccount expected;
    note_two_pointers_and_a_count(expected, static_cast<int>(result.size.at(0)));
    expected.note("block_sums", blocks, 1, 1, 256, 1, 1, 0);
    expected.note_copy(CopyEntry::kLinear, kDeviceToDevice, bytes);
    expected.note_copy(CopyEntry::kLinear, kDefault, bytes);
    expected.note_copy(CopyEntry::kToSymbol, kDeviceToDevice, bytes);
    expected.note_copy(CopyEntry::kMemset, 0, bytes);
    expected.note_copy(CopyEntry::kMemset2D, 0, bytes);
    expected.note_copy(CopyEntry::kFromSymbol, kDeviceToDevice, bytes);
    expected.note_copy(CopyEntry::kTwoD, kDeviceToDevice, bytes);
    note_two_pointers_and_a_count(expected, static_cast<int>(blocks));
    expected.note("add_up", 1, 1, 1, 256, 1, 1, 0);
    CHECK(result.launches == expected.text());
  }
}

}  // namespace
}  // namespace cudagrade
