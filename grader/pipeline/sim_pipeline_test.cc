// The CPU simulator end to end: small real CUDA files, rewritten, compiled by g++, run by the sim runner and
// judged by the grader. Each file exercises one part of cusim's semantics (warp operations, barriers,
// races, launch limits, faults) and the test asserts the status and the message a student would read.
#include <catch2/catch.hpp>
#include <fstream>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

using testing::kAddUp;
using testing::kTwoPassLauncher;

TEST_CASE("warp shuffles, ballots and width segments follow CUDA's rules", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int warp_sums[8];
  int i = blockIdx.x * 256 + threadIdx.x;
  int v = i < n ? in[i] : 0;
  // Two 16-lane halves reduce separately (width 16), then the halves meet through __shfl_xor_sync.
  for (int offset = 8; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset, 16);
  v = __shfl_sync(0xffffffffu, v, 0, 16);
  v += __shfl_xor_sync(0xffffffffu, v, 16);
  unsigned odd = __ballot_sync(0xffffffffu, threadIdx.x & 1);
  if (odd != 0xaaaaaaaau) v = 123456;  // a wrong ballot would spoil the sum
  if (!__all_sync(0xffffffffu, 1) || __any_sync(0xffffffffu, 0)) v = 654321;
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int w = 0; w < 8; ++w) sum += warp_sums[w];
    partial[blockIdx.x] = sum;
  }
}
)" + kTwoPassLauncher);
  INFO(report.build_summary << "\n" << report.build_log);
  for (const CaseResult& result : report.cases) {
    INFO(result.name << ": " << result.message << "\n" << result.details);
    CHECK(result.status == CaseStatus::kPassed);
  }
}

TEST_CASE("a missing __syncthreads() is a race naming the array, both lines and the fix", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int k = 0; k < 256; ++k) sum += s[k];
    partial[blockIdx.x] = sum;
  }
}
)" + kTwoPassLauncher);
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kRace);
  // Line numbers count the #include line the fixture puts first, and kAddUp's 14 lines.
  CHECK_THAT(result.message, Catch::Contains("shared array 's' (declared at line 17)"));
  CHECK_THAT(result.message, Catch::Contains("at line 19"));
  CHECK_THAT(result.message, Catch::Contains("at line 22"));
  CHECK_THAT(result.message, Catch::Contains("Add __syncthreads()"));
}

TEST_CASE("lanes of one warp that wait at different barriers stop the run with both lines", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  if (threadIdx.x < 16) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = 0;
}
)" + kTwoPassLauncher);
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kCrashed);
  CHECK_THAT(result.message, Catch::Contains("divergent __syncthreads()"));
  CHECK_THAT(result.message, Catch::Contains("line 18"));
  CHECK_THAT(result.message, Catch::Contains("line 20"));
}

TEST_CASE("threads that return early do not hold a barrier up, as on Volta and later", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (threadIdx.x >= 32) return;
  int sum = 0;
  for (int k = threadIdx.x; k < 256; k += 32) sum += s[k];
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}
)" + kTwoPassLauncher);
  for (const CaseResult& result : report.cases) {
    INFO(result.name << ": " << result.message);
    CHECK(result.status == CaseStatus::kPassed);
  }
}

TEST_CASE("reading shared memory nobody wrote gives garbage, not last block's values", "[sim]") {
  testing::SimFixture fixture;
  // Only block 0 fills s; later blocks read what it left behind on a CPU, but the GPU gives no such promise.
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  if (blockIdx.x == 0) s[threadIdx.x] = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = s[0];
    for (int k = 0; k < 256 && blockIdx.x * 256 + k < n; ++k) sum += in[blockIdx.x * 256 + k];
    partial[blockIdx.x] = sum;
  }
  (void)i;
}
)" + kTwoPassLauncher);
  CHECK(report.cases.at(0).status == CaseStatus::kWrongAnswer);
}

TEST_CASE("a block of 2048 threads fails to launch with CUDA's error", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int*, int* partial, int) { partial[0] = 0; }
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  block_sums<<<1, 2048>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, 1);
}
)");
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kCrashed);
  CHECK_THAT(result.message, Catch::Contains("cudaErrorInvalidConfiguration"));
}

TEST_CASE("a wild write in a kernel is an illegal address naming the kernel, thread and block", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  int* nowhere = nullptr;
  if (blockIdx.x == 1 && threadIdx.x == 5) nowhere[threadIdx.x] = in[0];
  if (threadIdx.x == 0) partial[blockIdx.x] = 0;
}
)" + kTwoPassLauncher);
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kCrashed);
  CHECK_THAT(result.message, Catch::Contains("cudaErrorIllegalAddress"));
  CHECK_THAT(result.message, Catch::Contains("kernel block_sums, thread (5,0,0) of block (1,0,0)"));
}

TEST_CASE("a race is found the same way on every run", "[sim]") {
  testing::SimFixture fixture;
  const std::string racy = kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)" + kTwoPassLauncher;
  GradeReport first = fixture.grade(racy);
  GradeReport second = fixture.grade(racy);
  REQUIRE(first.cases.at(0).status == CaseStatus::kRace);
  CHECK(first.cases.at(0).message == second.cases.at(0).message);
  CHECK_THAT(first.cases.at(0).message, Catch::Contains("Add __syncthreads()"));
}

TEST_CASE("device printf reaches the case's details", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int k = 0; k < 256; ++k) sum += s[k];
    partial[blockIdx.x] = sum;
    if (blockIdx.x == 0) printf("block 0 sums to %d\n", sum);
  }
}
)" + kTwoPassLauncher, {1000});
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kPassed);
  CHECK_THAT(result.details, Catch::Contains("what the program printed:\nblock 0 sums to "));
}

TEST_CASE("atomics, __constant__ memory and dynamic shared memory work as on a GPU", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(R"(
__constant__ int g_weight[1];

__global__ void accumulate(const int* in, int* out, int n) {
  extern __shared__ int partial[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) partial[0] = 0;
  __syncthreads();
  if (i < n) atomicAdd(&partial[0], in[i] * g_weight[0]);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}

void reduce_sum(const int* in, int* out, int n, int*) {
  const int one = 1;
  cudaMemcpyToSymbol(g_weight, &one, sizeof one);
  cudaMemset(out, 0, sizeof(int));
  accumulate<<<(n + 127) / 128, 128, sizeof(int)>>>(in, out, n);
}
)");
  for (const CaseResult& result : report.cases) {
    INFO(report.build_summary << "\n" << result.name << ": " << result.message);
    CHECK(result.status == CaseStatus::kPassed);
  }
}

TEST_CASE("more dynamic shared memory than the default needs cudaFuncSetAttribute, as in CUDA", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int*, int* partial, int) {
  extern __shared__ int big[];
  big[threadIdx.x] = 0;
  if (threadIdx.x == 0) partial[blockIdx.x] = big[0];
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  block_sums<<<1, 256, 64 * 1024>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, 1);
}
)");
  CHECK(report.cases.at(0).status == CaseStatus::kCrashed);
  CHECK_THAT(report.cases.at(0).message, Catch::Contains("cudaErrorInvalidValue"));
}

TEST_CASE("static and volatile __shared__, host math and exited lanes at a ballot are all valid CUDA", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  static __shared__ int warp_sums[8];
  __shared__ volatile int flags[8];
  int i = blockIdx.x * 256 + threadIdx.x;
  if (threadIdx.x < 8) { warp_sums[threadIdx.x] = 0; flags[threadIdx.x] = 0; }
  __syncthreads();
  if (i >= n) return;  // the last block's tail lanes leave before the ballot
  int v = in[i] + static_cast<int>(fmaf(0.0f, sinf(1.0f), 0.0f));
  unsigned voters = __ballot_sync(0xffffffffu, 1);
  if (__popc(voters) != min(32, n - (i - threadIdx.x % 32))) v += 1000000;  // wrong if exited lanes were waited for
  // Each half-warp shuffles within itself: two disjoint masks meet separately.
  unsigned half = threadIdx.x % 32 < 16 ? 0x0000ffffu : 0xffff0000u;
  unsigned alive = voters & half;
  for (int offset = 8; offset > 0; offset /= 2) {
    int other = __shfl_down_sync(alive, v, offset, 16);
    if ((threadIdx.x % 16) + offset < 16 && (alive >> ((threadIdx.x % 32) + offset) & 1u)) v += other;
  }
  if (threadIdx.x % 16 == 0) atomicAdd(&warp_sums[threadIdx.x / 32], v);
  if (threadIdx.x % 32 == 0) flags[threadIdx.x / 32] = 1;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int w = 0; w < 8; ++w) sum += warp_sums[w];
    partial[blockIdx.x] = sum;
  }
}
)" + kTwoPassLauncher, {1000, 4099, 100});
  INFO(report.build_summary << "\n" << report.build_log);
  for (const CaseResult& result : report.cases) {
    INFO(result.name << ": " << result.message << "\n" << result.details);
    CHECK(result.status == CaseStatus::kPassed);
  }
}

TEST_CASE("extern __shared__ used past the launch's size is an illegal address", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  extern __shared__ int staged[];
  int i = blockIdx.x * 256 + threadIdx.x;
  staged[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int k = 0; k < 256; ++k) sum += staged[k];
    partial[blockIdx.x] = sum;
  }
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n);  // forgot the third parameter
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)");
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kCrashed);
  CHECK_THAT(result.message, Catch::Contains("writes byte 0 of extern __shared__ memory, but the launch asked for 0"));
}

// "A perfect submission scores 19/26 without a GPU" (issue #18): the performance case's answer is graded in
// the simulator, downsized, and its speed points wait for a GPU: out of the total (exclude) or at 0 (zero).
TEST_CASE("without a GPU a performance case earns its correctness points and its speed points wait", "[sim]") {
  testing::SimFixture fixture;
  TestSuite suite = testing::reduction_suite({1000});
  TestCase timed = suite.cases.front();
  timed.name = "performance-2^24";
  timed.kind = CaseKind::kPerformance;
  timed.size = {16777216};
  timed.speed = SpeedRule{"reduce3", 2, 1.0, 3.0, 0.25};
  suite.cases.push_back(timed);
  const std::filesystem::path reference = fixture.paths.root / "reference" / "reduction" / "reduce3.cu";

  Grader grader(*find_lab("reduction"), fixture.backend, fixture.paths, {});
  GradeReport report = grader.grade(reference, suite);
  REQUIRE(report.cases.size() == 2);
  const CaseResult& result = report.cases[1];
  INFO(result.message << "\n" << result.details);
  CHECK(result.status == CaseStatus::kPassed);
  CHECK(result.points == 1);
  CHECK(result.max_points == 1);
  REQUIRE(result.unmeasured_speed);
  CHECK(result.unmeasured_speed->points == 2);
  CHECK_FALSE(result.speed);
  CHECK_THAT(result.message, Catch::Contains("in the simulator instead of 16777216") &&
                                 Catch::EndsWith("speed is graded later on the course GPU; its 2 speed points are "
                                                 "not in this total"));
  CHECK(report.score == 2);
  CHECK(report.max_score == 2);

  suite.cases[1].speed->without_gpu = SpeedWithoutGpu::kZero;
  report = grader.grade(reference, suite);
  CHECK(report.score == 2);
  CHECK(report.max_score == 4);
  CHECK_THAT(report.cases[1].message, Catch::EndsWith("until then its 2 speed points count as 0 here"));
}


// One reduction of 1000 numbers held to its own limit, at most 5 s: its YAML gives no timeout.
TestSuite reduction_without_timeout() {
  TestSuite suite = testing::reduction_suite({1000});
  suite.cases[0].timeout_given = false;  // as the loader leaves a case whose YAML gives no timeout
  suite.cases[0].timeout_s = 5;
  return suite;
}

// A reduction whose kernel never ends.
constexpr const char* kSpinningReduction = R"(
__global__ void spin(int* out) { while (true) { atomicAdd(out, 0); } }
void reduce_sum(const int* in, int* out, int n, int* scratch) { spin<<<1, 1>>>(out); cudaDeviceSynchronize(); }
)";

TEST_CASE("a hanging file is cut at its case's own limit; a correct single thread is not", "[sim]") {
  testing::SimFixture fixture;
  const TestSuite suite = reduction_without_timeout();
  Grader grader(*find_lab("reduction"), fixture.backend, fixture.paths, fixture.options);
  const GradeReport hung = grader.grade(fixture.write_reduction(kSpinningReduction), suite);
  REQUIRE(hung.cases.size() == 1);
  INFO(hung.cases[0].message);
  CHECK(hung.cases[0].status == CaseStatus::kTimeout);
  // The first wait it had is the least it could get: the simulator's 3 s, not a GPU's 0.5 s.
  CHECK_THAT(hung.cases[0].message, Catch::Contains("times the slowest reference's time on it, at least 3 s and "
                                                    "at most 5 s"));
  // The simulator's first wait, then at most the limit: never the ceiling twice.
  CHECK(hung.cases[0].elapsed_ms >= kSimulatorFirstWaitSeconds * 1000);
  CHECK(hung.cases[0].elapsed_ms < (kSimulatorFirstWaitSeconds + 5) * 1000 + 1000);

  // The slowest correct design there is, one thread adding every number, passes under the same limit.
  const GradeReport slow = grader.grade(fixture.write_reduction(R"(
__global__ void one_thread(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += in[i];
  *out = sum;
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  one_thread<<<1, 1>>>(in, out, n);
  cudaDeviceSynchronize();
}
)"),
                                        suite);
  REQUIRE(slow.cases.size() == 1);
  INFO(slow.cases[0].message);
  CHECK(slow.cases[0].status == CaseStatus::kPassed);
}

TEST_CASE("in the simulator a student is first waited for 3 s even where another's grade measured the limit",
          "[sim]") {
  testing::SimFixture fixture;
  const TestSuite suite = reduction_without_timeout();
  const std::filesystem::path spinning = fixture.write_reduction(kSpinningReduction);
  GradeOptions options = fixture.options;
  options.limits = std::make_shared<TimeLimits>();  // a class's, shared by its students' graders
  for (const char* student : {"measures the limit", "finds it measured"}) {
    INFO(student);
    Grader grader(*find_lab("reduction"), fixture.backend, fixture.paths, options);
    const GradeReport report = grader.grade(spinning, suite);
    REQUIRE(report.cases.size() == 1);
    CHECK(report.cases[0].status == CaseStatus::kTimeout);
    // Held to the same rule whichever student came first: never less than the simulator's first wait.
    CHECK(report.cases[0].elapsed_ms >= kSimulatorFirstWaitSeconds * 1000);
    CHECK_THAT(report.cases[0].message, Catch::Contains("at least 3 s and at most 5 s"));
  }
}

}  // namespace
}  // namespace cudagrade
