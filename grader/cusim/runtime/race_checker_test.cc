// The race checker's fast paths (race_checker.h, "The hot path", and the 8- and 16-byte reads beside it) end
// to end: a read they skip or record word by word must never hide a race. Real CUDA files, run by the sim runner as grading runs them (testing/sim_fixture.h).
#include <catch2/catch.hpp>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

// The harness calls reduce_sum(in, out, n, scratch): block_sums is launched once per block of 256 elements,
// and add_up adds the partial sums in one block (testing/sim_fixture.h).
using testing::kAddUp;
const std::string& kLauncher = testing::kTwoPassLauncher;

// Every thread reads s[0] in one phase: after the first two, the word is quiet and the reads are skipped.
// Thread 100, one of the skipped readers, then writes it with no barrier: the write is checked against the two
// readers kept (threads 0 and 1, another warp) and is the race, with the read's line and its own.
TEST_CASE("a write after 256 threads read one shared word in the phase is a race naming both lines", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  int first = s[0];
  if (threadIdx.x == 100) s[0] = first + 1;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = first;
    for (int k = 1; k < 256; ++k) sum += s[k];
    partial[blockIdx.x] = sum;
  }
}
)" + kLauncher);
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kRace);
  // Line numbers count the #include line the fixture puts first, and kAddUp's 14 lines.
  CHECK_THAT(result.message, Catch::Contains("shared array 's' (declared at line 17)"));
  CHECK_THAT(result.message, Catch::Contains("at line 21"));
  CHECK_THAT(result.message, Catch::Contains("at line 22"));
  CHECK_THAT(result.message, Catch::Contains("Add __syncthreads()"));
}

// A whole int4 copied out of shared memory is one 16-byte read (__tsan_read16), taken word by word: every thread
// reads s[0] .. s[3], so those words are quiet after the first two threads, and thread 100's read of them is
// skipped. Its write of word 2 with no barrier is still the race, against a kept reader of another warp.
TEST_CASE("a write after every thread's 16-byte read of the same shared words is a race naming both lines", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int4 s[64];
  __shared__ int4 copies[256];
  int* words = reinterpret_cast<int*>(s);
  int i = blockIdx.x * 256 + threadIdx.x;
  words[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  copies[threadIdx.x] = s[0];
  if (threadIdx.x == 100) words[2] = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int k = 0; k < 256; ++k) sum += words[k];
    partial[blockIdx.x] = sum + copies[5].x - copies[5].x;
  }
}
)" + kLauncher);
  const CaseResult& result = report.cases.at(0);
  CHECK(result.status == CaseStatus::kRace);
  CHECK_THAT(result.message, Catch::Contains("shared array 's' (declared at line 17)"));
  CHECK_THAT(result.message, Catch::Contains("at line 23"));
  CHECK_THAT(result.message, Catch::Contains("at line 24"));
  CHECK_THAT(result.message, Catch::Contains("Add __syncthreads()"));
}

// Block 0 copies block 1's int4 slot (a 16-byte read of device memory) before block 1 writes it: nothing orders
// two blocks of a launch, so that is a race, whichever runs first; the sum itself is right.
TEST_CASE("a 16-byte read of device memory another block writes is a race naming both blocks", "[sim]") {
  testing::SimFixture fixture;
  GradeReport report = fixture.grade(kAddUp + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  int4* slots = reinterpret_cast<int4*>(partial + 256);
  int4* copies = reinterpret_cast<int4*>(partial + 512);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    slots[blockIdx.x] = make_int4(1, 2, 3, 4);
    copies[blockIdx.x] = slots[(blockIdx.x + 1) % gridDim.x];
  }
}
)" + kLauncher);
  testing::check_every_case(report, CaseStatus::kRace,
                            {"data race on global memory", "of block (0,0,0)", "of block (1,0,0)", "line 29", "line 30"});
}

}  // namespace
}  // namespace cudagrade
