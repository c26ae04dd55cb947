// nvcc refuses device code that reads a host variable; the simulator must too, or a file passes without a GPU
// that does not build with one (sim/host_reads.h). Real files, compiled by g++ as the simulator compiles them.
#include "sim/host_reads.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <string>
#include <utility>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

using testing::kAddUp;

// A one-block-per-256 sum whose kernel adds `bias`, declared by each test as it likes.
std::string with_bias(const std::string& declaration, const std::string& launch_bias = "") {
  return declaration + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] + bias : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)" + kAddUp + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  )" + launch_bias + R"(
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)";
}

TEST_CASE("a kernel that reads a host variable does not build, as with nvcc", "[sim][host_reads]") {
  testing::SimFixture fixture;
  // Each host variable set from the host as it likes: a static that is never written would be folded away.
  const std::pair<const char*, const char*> host_variables[] = {
      {"int bias = 0;", "bias = n;"},
      {"namespace { int bias; }", "bias = n;"},
      {"static int bias = 0;", "bias = n;"},
      {"int zero() { return 0; }\nconst int bias = zero();", "(void)bias;"}};
  for (const auto& [declaration, host_use] : host_variables) {
    INFO(declaration);
    const GradeReport report = fixture.grade(with_bias(declaration, host_use));
    CHECK(report.verdict == CaseStatus::kCompileError);
    CHECK_THAT(report.build_summary, Catch::Contains("kernel block_sums reads the host variable bias, which nvcc "
                                                     "refuses (identifier \"bias\" is undefined in device code)"));
  }
}

// nvcc takes a const scalar in device code and refuses an array or a struct, const or constexpr (nvcc 13.0,
// 2026-11-29): g++ keeps them in read-only data, where a kernel's relocation to them is judged too.
TEST_CASE("a kernel that reads a host array or struct, const or constexpr, does not build, as with nvcc",
          "[sim][host_reads]") {
  testing::SimFixture fixture;
  for (const auto& [declaration, variable] : {
           std::pair{"const int kTable[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n#define bias kTable[threadIdx.x & 7]", "kTable"},
           std::pair{"constexpr int kTable[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n#define bias kTable[threadIdx.x & 7]",
                     "kTable"},
           std::pair{"struct Taps { int w[8]; };\nconst Taps kTaps = {{1, 2, 3, 4, 5, 6, 7, 8}};\n"
                     "#define bias kTaps.w[threadIdx.x & 7]",
                     "kTaps"},
       }) {
    INFO(declaration);
    const GradeReport report = fixture.grade(with_bias(declaration));
    CHECK(report.verdict == CaseStatus::kCompileError);
    CHECK_THAT(report.build_summary, Catch::Contains(fmt::format("kernel block_sums reads the host variable {}, "
                                                                 "which nvcc refuses",
                                                                 variable)));
  }
  SECTION("the same table as a __constant__ or __device__ one builds") {
    for (const char* declaration : {"__constant__ const int kTable[8] = {0, 0, 0, 0, 0, 0, 0, 0};",
                                    "__device__ const int kTable[8] = {0, 0, 0, 0, 0, 0, 0, 0};",
                                    "__constant__ int kTable[8];"}) {
      INFO(declaration);
      const GradeReport report = fixture.grade(with_bias(std::string(declaration) + "\n#define bias kTable[threadIdx.x & 7]"));
      INFO(report.build_summary << "\n" << report.build_log);
      CHECK(report.verdict == CaseStatus::kPassed);
    }
  }
  SECTION("a literal's section, .rodata.str1.1, is no variable, even in a file with a host array named str1") {
    const GradeReport report = fixture.grade(
        with_bias("#include <cstdio>\nconst char str1[] = \"a host array named like the literals' section\";\n"
                  "#define bias (n < 0 ? printf(\"a literal long enough for a section of literals\\n\") : 0)",
                  "if (n < 0) puts(str1);"));
    INFO(report.build_summary << "\n" << report.build_log);
    CHECK(report.verdict == CaseStatus::kPassed);
  }
}

TEST_CASE("device variables, constants and folded host constants are device code's to read", "[sim][host_reads]") {
  testing::SimFixture fixture;
  for (const char* declaration :
       {"__device__ int bias;", "__constant__ int bias;", "__device__ __align__(16) int other[4], bias;",
        "const int bias = 0;", "constexpr int bias = 0;", "#define bias 0", "__device__ int bias = 0;"}) {
    INFO(declaration);
    const GradeReport report = fixture.grade(with_bias(declaration));
    INFO(report.build_summary << "\n" << report.build_log);
    CHECK(report.verdict == CaseStatus::kPassed);
  }
}

TEST_CASE("the device's names are read from the source: kernels, and every identifier of a device variable",
          "[host_reads]") {
  const SourceScan scan(R"(
template <int kTile> __global__ void __launch_bounds__(256) tiled(float* c) {}
template <> __global__ void specialised<16>(float* c) {}
extern "C" __global__ void plain(int n);
__device__ __align__(16) float table[4], second = 1.0f;
__constant__ int mask[9];
__device__ Counter counter(3);
__host__ __device__ float helper(float x) { int not_a_variable = 0; return x; }
// __device__ int in_a_comment;
)");
  const DeviceNames names = device_names(scan);
  CHECK(names.kernels == std::set<std::string>{"plain", "specialised", "tiled"});
  for (const char* variable : {"table", "second", "mask", "counter"}) CHECK(names.device_variables.count(variable) == 1);
  CHECK(names.device_variables.count("not_a_variable") == 0);  // a function's body is not a declarator
  CHECK(names.device_variables.count("in_a_comment") == 0);
}

// Each declaration is read once, from its first keyword; what a read skips must not hide a later declaration.
TEST_CASE("a keyword inside a declaration already read, or in a group, hides no later declaration", "[host_reads]") {
  const SourceScan scan(R"(
__host__ __device__ __device__ float twice(float x);
__device__ __constant__ int both = 1;
int odd = call(x, __device__ y);
auto lambda = [] __device__ (float v) { return v; };
__global__ __global__ void kernel_twice(int* out) {}
__device__ float later;
__global__ void later_kernel() {}
)");
  const DeviceNames names = device_names(scan);
  CHECK(names.kernels == std::set<std::string>{"kernel_twice", "later_kernel"});
  for (const char* variable : {"twice", "both", "later"}) CHECK(names.device_variables.count(variable) == 1);
}

}  // namespace
}  // namespace cudagrade
