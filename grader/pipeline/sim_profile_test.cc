// The simulator's memory-access profile (check --profile) against counts worked out by hand for small
// kernels: the lectures' coalesced and strided loads, a tile transposed through shared memory with and
// without padding, a broadcast, and the reduction ladder's strided and sequential addressing.
#include <catch2/catch.hpp>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

// Four blocks of 1,024 elements (n = 4096, the sampled blocks are all of them); each block adds its part
// into partial[block], and one block of 256 adds the partial sums up.
const std::string kLauncher = R"(
__global__ void add_up(const int* partial, int* out, int count) {
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int b = 0; b < count; ++b) sum += partial[b];
    *out = sum;
  }
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = n / 1024;
  block_sums<<<blocks, 1024>>>(in, scratch);
  add_up<<<1, 32>>>(scratch, out, blocks);
}
)";

GradeReport profiled(const std::string& kernel) {
  testing::SimFixture fixture;
  fixture.options.profile_memory = true;
  GradeReport report = fixture.grade(kernel + kLauncher, {4096});
  INFO(report.build_summary << "\n" << report.build_log);
  REQUIRE(report.cases.size() == 1);
  INFO(report.cases[0].message << "\n" << report.cases[0].details);
  REQUIRE(report.cases[0].status == CaseStatus::kPassed);
  return report;
}

// The profile's line whose source contains `words`, for one space and direction.
const AccessProfileLine& line_with(const GradeReport& report, const std::string& words, MemorySpace space, bool store) {
  for (const AccessProfileLine& line : report.profile) {
    if (line.source.find(words) != std::string::npos && line.space == space && line.store == store) return line;
  }
  FAIL("no profile line with '" << words << "'");
  throw std::logic_error("unreachable");
}

// Each block: thread t reads its element, a tile of 32 x 32 ints is written row by row and read column by
// column (the transpose), and every thread adds what it read into the block's partial sum.
std::string transpose_kernel(const std::string& tile_columns, const std::string& load) {
  return R"(
__global__ void block_sums(const int* in, int* partial) {
  __shared__ int tile[32][)" + tile_columns + R"(];
  int t = threadIdx.x, base = blockIdx.x * 1024;
  if (t == 0) partial[blockIdx.x] = 0;
  tile[t / 32][t % 32] = )" + load + R"(;
  __syncthreads();
  int v = tile[t % 32][t / 32];
  int first = tile[0][0];
  if (first == 123456789 && t == 1) v = -1;
  atomicAdd(&partial[blockIdx.x], v);
}
)";
}

TEST_CASE("a warp reading 32 consecutive ints takes 4 sectors a request, the ideal", "[sim][profile]") {
  const GradeReport report = profiled(transpose_kernel("33", "in[base + t]"));
  const AccessProfileLine& load = line_with(report, "in[base + t]", MemorySpace::kGlobal, false);
  CHECK(load.instructions == 4 * 32);  // 4 blocks of 32 warps, one load each
  CHECK(load.per_request() == 4.0);
  CHECK(load.ideal_per_request() == 4.0);
  CHECK(load.advice.empty());
}

TEST_CASE("lanes 8 ints apart take a sector each: 32 a request, 8x the traffic", "[sim][profile]") {
  // t -> (t % 32) * 8 + t / 32 visits each of the block's 256-element quarters' words once: the same sum.
  const GradeReport report = profiled(transpose_kernel("33", "in[base + (t / 256) * 256 + (t % 32) * 8 + t % 256 / 32]"));
  const AccessProfileLine& load = line_with(report, "(t % 32) * 8", MemorySpace::kGlobal, false);
  CHECK(load.per_request() == 32.0);
  CHECK(load.ideal_per_request() == 4.0);
  CHECK(describe_cost(load) == "32.0 sectors/request (ideal 4.0): uncoalesced, 8.0x the traffic");
  CHECK_THAT(load.advice, Catch::Contains("threadIdx.x index the contiguous"));
}

TEST_CASE("a 32 x 32 tile read by columns is a 32-way bank conflict, and padded to 33 none", "[sim][profile]") {
  const GradeReport plain = profiled(transpose_kernel("32", "in[base + t]"));
  const AccessProfileLine& column_read = line_with(plain, "int v = tile[t % 32][t / 32]", MemorySpace::kShared, false);
  CHECK(column_read.instructions == 4 * 32);
  CHECK(column_read.per_request() == 32.0);  // lane l reads word 32 l + w: every lane in bank w
  CHECK(column_read.excess() == 32.0);
  CHECK_THAT(column_read.advice, Catch::Contains("[TILE][TILE+1]"));
  const AccessProfileLine& row_write = line_with(plain, "tile[t / 32][t % 32] =", MemorySpace::kShared, true);
  CHECK(row_write.per_request() == 1.0);

  const GradeReport padded = profiled(transpose_kernel("33", "in[base + t]"));
  const AccessProfileLine& padded_read = line_with(padded, "int v = tile[t % 32][t / 32]", MemorySpace::kShared, false);
  CHECK(padded_read.per_request() == 1.0);  // word 33 l + w: bank (l + w) % 32, all different
  CHECK(padded_read.advice.empty());
  // Every lane reading tile[0][0] is one word: a broadcast, not a conflict.
  CHECK(line_with(padded, "int first = tile[0][0]", MemorySpace::kShared, false).per_request() == 1.0);
}

TEST_CASE("16-byte accesses count as one each, served in the hardware's phases of 8 lanes", "[sim][profile]") {
  // g++ copies an int4 as four 4-byte accesses; nvcc makes one LDG.128 / LDS.128, and so does the count.
  const GradeReport report = profiled(R"(
__global__ void block_sums(const int* in, int* partial) {
  __shared__ __align__(16) int tile[1024];
  int t = threadIdx.x, base = blockIdx.x * 1024;
  if (t == 0) partial[blockIdx.x] = 0;
  if (t < 256) reinterpret_cast<int4*>(tile)[t] = reinterpret_cast<const int4*>(in + base)[t];
  __syncthreads();
  if (t < 256) {
    const int4 q = reinterpret_cast<const int4*>(tile)[t];
    atomicAdd(&partial[blockIdx.x], q.x + q.y + q.z + q.w);
  }
}
)");
  const AccessProfileLine& global_load = line_with(report, "reinterpret_cast<int4*>(tile)[t] =", MemorySpace::kGlobal, false);
  CHECK(global_load.bytes_per_lane == 16);
  CHECK(global_load.instructions == 4 * 8);  // 8 warps a block do the copy
  CHECK(global_load.per_request() == 16.0);  // 512 bytes a warp
  CHECK(global_load.ideal_per_request() == 16.0);
  const AccessProfileLine& shared_load = line_with(report, "const int4 q =", MemorySpace::kShared, false);
  CHECK(shared_load.per_request() == 4.0);  // four phases of 8 lanes, 128 bytes each, no conflict
  CHECK(shared_load.excess() == 1.0);
}

TEST_CASE("the reduction ladder: strided addressing conflicts, sequential addressing does not", "[sim][profile]") {
  testing::SimFixture fixture;
  fixture.options.profile_memory = true;
  auto graded = [&](const char* reference) {
    Grader grader(*find_lab("reduction"), fixture.backend, fixture.paths, fixture.options);
    return grader.grade(fixture.paths.root / "reference" / "reduction" / reference, testing::reduction_suite({4096}));
  };
  const GradeReport strided = graded("reduce1.cu");
  REQUIRE(strided.cases.at(0).status == CaseStatus::kPassed);
  // At step s a warp's lanes touch words 2s apart: 2-way at s = 1, up to 32-way at s = 16.
  CHECK(line_with(strided, "sdata[index] += sdata[index + s]", MemorySpace::kShared, false).excess() > 2.0);
  const GradeReport sequential = graded("reduce2.cu");
  REQUIRE(sequential.cases.at(0).status == CaseStatus::kPassed);
  for (const AccessProfileLine& line : sequential.profile) {
    if (line.space == MemorySpace::kShared) CHECK(line.excess() == 1.0);
  }
}

}  // namespace
}  // namespace cudagrade
