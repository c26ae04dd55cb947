// nvcc refuses device code that calls a host function of the file; the simulator must too, or a file passes
// without a GPU that does not build with one (sim/host_calls.h). Real files, compiled by g++ as the simulator
// compiles them, and graded end to end.
#include "sim/host_calls.h"

#include <catch2/catch.hpp>
#include <string>
#include <tuple>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

using testing::kAddUp;

// A one-block-per-256 sum whose kernel adds pairs with `add`, declared by each test as it likes, and whose host
// code runs `host_use`.
std::string adding_with(const std::string& declaration, const std::string& host_use = "") {
  return declaration + R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] = add(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)" + kAddUp + R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  )" + host_use + R"(
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)";
}

TEST_CASE("device code that calls a host function of the file does not build, as with nvcc", "[sim][host_calls]") {
  testing::SimFixture fixture;
  const std::pair<const char*, const char*> host_functions[] = {
      {"int add(int a, int b) { return a + b; }", "add"},  // inlined into the kernel
      {"static inline int add(int a, int b) { return a + b; }", "add"},
      {"__attribute__((noinline)) int add(int a, int b) { return a + b; }", "add"},  // called, not inlined
      {"template <typename T>\nT twice_sum(T a, T b) { return a + b; }\n#define add twice_sum", "twice_sum<int>"},
      {"struct Adder { int operator()(int a, int b) const { return a + b; } };\n#define add Adder()", "operator()"},
      {"struct Pair { int a, b; Pair(int x, int y) : a(x), b(y) {} };\n"
       "__device__ int add(int x, int y) { Pair p(x, y); return p.a + p.b; }",
       "Pair"},
  };
  for (const auto& [declaration, callee] : host_functions) {
    INFO(declaration);
    const GradeReport report = fixture.grade(adding_with(declaration));
    CHECK(report.verdict == CaseStatus::kCompileError);
    CHECK_THAT(report.build_summary, Catch::Contains(std::string("calls ") + callee + " (declared at line") &&
                                         Catch::Contains("which nvcc refuses (calling a __host__ function"));
  }
  SECTION("the caller named is the file's function that makes the call, at the file's lines") {
    // Line 1 is the fixture's #include.
    const GradeReport report = fixture.grade(adding_with(
        "int plus(int a, int b) { return a + b; }\n__device__ int add(int a, int b) { return plus(a, b); }"));
    CHECK_THAT(report.build_summary,
               Catch::StartsWith("compile error: reduction.cu line 3: device function add calls plus (declared at "
                                 "line 2), a host function, which nvcc refuses (calling a __host__ function(\"plus\") "
                                 "from a __device__ function(\"add\") is not allowed)"));
  }
}

TEST_CASE("a lambda in a kernel is device code: its call to a host function does not build", "[sim][host_calls]") {
  testing::SimFixture fixture;
  const GradeReport report = fixture.grade(R"(int plus(int a, int b) { return a + b; }
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  auto combine = [](int x, int y) {
    return plus(x, y);
  };
  const int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] = combine(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)" + kAddUp + testing::kTwoPassLauncher);
  CHECK(report.verdict == CaseStatus::kCompileError);
  CHECK_THAT(report.build_summary, Catch::StartsWith("compile error: reduction.cu line 6: kernel block_sums calls plus "
                                                     "(declared at line 2), a host function"));
}

// The C++ library's functions that are not constexpr in C++17 are host functions to nvcc, even with
// --expt-relaxed-constexpr (each refused in a kernel by nvcc 13.0, 2026-11-29); its constexpr ones and the math
// CUDA declares for device code build.
TEST_CASE("device code that calls std::fill, std::accumulate or std::swap does not build, as with nvcc",
          "[sim][host_calls]") {
  testing::SimFixture fixture;
  const std::pair<const char*, const char*> library_calls[] = {
      {"#include <algorithm>\n__device__ int add(int a, int b) { int w[2]; std::fill(w, w + 2, a); return w[0] + b; }",
       "std::fill"},
      {"#include <numeric>\n__device__ int add(int a, int b) { int v[2] = {a, b}; return std::accumulate(v, v + 2, 0); }",
       "std::accumulate"},
      {"#include <utility>\n__device__ int add(int a, int b) { if (a > b) std::swap(a, b); return b + a; }",
       "std::swap"},
      // g++ -O2 folds this swap into nothing; the device pass compiled again at -O0 still calls it.
      {"#include <utility>\n__device__ int add(int a, int b) { std::swap(a, b); return a + b; }", "std::swap"},
  };
  for (const auto& [declaration, callee] : library_calls) {
    INFO(declaration);
    const GradeReport report = fixture.grade(adding_with(declaration), {1000});
    CHECK(report.verdict == CaseStatus::kCompileError);
    CHECK_THAT(report.build_summary,
               Catch::Contains(std::string("device function add calls ") + callee +
                               ", a host function of the C++ library (not constexpr in C++17), which nvcc refuses"));
  }
  SECTION("the library's constexpr functions and CUDA's math build") {
    const GradeReport report = fixture.grade(
        adding_with("#include <algorithm>\n#include <cmath>\n#include <cstdlib>\n"
                    "__device__ int add(int a, int b) { int v[2] = {a, b}; return std::clamp(a, -1 << 30, 1 << 30) "
                    "+ b + *std::max_element(v, v + 2) - std::max(a, b) + std::abs(a) - std::abs(a) + "
                    "static_cast<int>(std::floor(std::fabs(0.5f))); }"),
        {1000});
    INFO(report.build_summary << "\n" << report.build_log);
    CHECK(report.verdict == CaseStatus::kPassed);
  }
}

// The gate for the device pass's second compile, at -O0 (sim/sim_toolchain.h): a token in code, not a word in a
// comment, a string or a longer name.
TEST_CASE("a file names one of the C++ library's host functions by a token in its code", "[host_calls]") {
  CHECK(names_a_library_host_function(SourceScan("__device__ void f(int& a, int& b) { std::swap(a, b); }")));
  CHECK(names_a_library_host_function(SourceScan("using namespace std;\n#define SORT(a, n) sort(a, a + n)")));
  CHECK(names_a_library_host_function(SourceScan("__global__ void histogram(int count) {}")));
  CHECK_FALSE(names_a_library_host_function(SourceScan("// std::swap(a, b) would not build here\nint x;")));
  CHECK_FALSE(names_a_library_host_function(SourceScan("const char* help = \"std::fill\"; int swapped, fills;")));
}

TEST_CASE("device functions, however declared, and what nvcc only warns about build", "[sim][host_calls]") {
  testing::SimFixture fixture;
  const std::pair<const char*, const char*> device_functions[] = {
      {"__device__ int add(int a, int b) { return a + b; }", ""},
      {"__device__ __forceinline__ int add(int a, int b) { return a + b; }", ""},
      {"__host__ __device__ int add(int a, int b) { return a + b; }", "(void)add(1, 2);"},
      {"#define HD __host__ __device__\nHD int add(int a, int b) { return a + b; }", "(void)add(1, 2);"},
      {"template <typename T>\n__device__\nT add(T a, T b) { return a + b; }", ""},
      {"struct Adder { __device__ int operator()(int a, int b) const { return a + b; } };\n#define add Adder()", ""},
      {"struct Pair { int a = 0, b = 0; Pair() = default; };\n"
       "__device__ int add(int x, int y) { Pair p; p.a = x; p.b = y; return p.a + p.b; }",
       ""},
      {"#define add(a, b) ([](int x, int y) { return x + y; }(a, b))", ""},  // a lambda in device code
      // nvcc runs with --expt-relaxed-constexpr: device code may call a constexpr host function.
      {"constexpr int add(int a, int b) { return a + b; }", ""},
      {"#include <algorithm>\n#define add(a, b) std::max(a, b) - std::min(a, b) + 2 * std::min(a, b)", ""},
      // A macro that spells __host__ __device__ beside a typedef'd struct (the typedef's names are not types).
      {"#define CUDA_CALLABLE __host__ __device__\ntypedef struct { int v; CUDA_CALLABLE int get() const { return v; } } "
       "box;\nCUDA_CALLABLE int add(int a, int b) { box x{a}; return x.get() + b; }",
       ""},
      // Declarations that disagree: nvcc takes the function as __host__ __device__, with a warning.
      {"__device__ int add(int a, int b);\nint add(int a, int b) { return a + b; }", ""},
      // __device__ behind a preprocessor line above the name.
      {"#ifdef __CUDACC__\n__device__\n#endif\nint add(int a, int b) { return a + b; }", ""},
      // A host function with the same body as the __device__ one: g++ must not merge the two.
      {"__attribute__((noinline)) __device__ int add(int a, int b) { int s = a; for (int i = 0; i < b; ++i) s++; "
       "for (int i = 0; i > b; --i) s--; return s; }\n__attribute__((noinline)) int host_add(int a, int b) { int s = "
       "a; for (int i = 0; i < b; ++i) s++; for (int i = 0; i > b; --i) s--; return s; }",
       "volatile int keep = host_add(1, 2); (void)keep;"},
      // nvcc warns (#20011-D) and builds.
      {"int plus(int a, int b) { return a + b; }\n__host__ __device__ int add(int a, int b) { return plus(a, b); }",
       ""},
  };
  for (const auto& [declaration, host_use] : device_functions) {
    INFO(declaration);
    const GradeReport report = fixture.grade(adding_with(declaration, host_use), {1000});
    INFO(report.build_summary << "\n" << report.build_log);
    CHECK(report.verdict == CaseStatus::kPassed);
  }
}

// The other direction: nvcc refuses host code that calls a __device__ function ("calling a __device__
// function("ceil_div") from a __host__ function("reduce_sum") is not allowed"), each checked with nvcc 13.0 on
// 2026-11-29. A volatile keeps each result, so that g++ cannot fold the call away.
TEST_CASE("host code that calls a __device__ function or a device intrinsic does not build, as with nvcc",
          "[sim][host_calls]") {
  testing::SimFixture fixture;
  const std::string device_add = "\n__device__ int add(int a, int b) { return a + b; }";
  const std::tuple<const char*, const char*, const char*> host_calls[] = {
      {"__device__ int ceil_div(int a, int b) { return (a + b - 1) / b; }",
       "volatile int blocks_needed = ceil_div(n, 256); (void)blocks_needed;", "calls ceil_div (declared at line 2)"},
      {"__device__ __noinline__ int ceil_div(int a, int b) { return (a + b - 1) / b; }",
       "volatile int blocks_needed = ceil_div(n, 256); (void)blocks_needed;", "calls ceil_div (declared at line 2)"},
      {"struct Grid { __device__ int blocks(int n) const { return (n + 255) / 256; } };",
       "volatile int blocks_needed = Grid{}.blocks(n); (void)blocks_needed;", "calls blocks (declared at line 2)"},
      {"", "volatile int bits = __popc(n); (void)bits;", "calls __popc, a __device__ function"},
      {"", "volatile float as_float = __int_as_float(n); (void)as_float;", "one of CUDA's device intrinsics"},
  };
  for (const auto& [declaration, host_use, phrase] : host_calls) {
    INFO(declaration << "\n" << host_use);
    const GradeReport report = fixture.grade(adding_with(declaration + device_add, host_use), {1000});
    CHECK(report.verdict == CaseStatus::kCompileError);
    CHECK_THAT(report.build_summary, Catch::Contains("host function reduce_sum") &&
                                         Catch::Contains(phrase) &&
                                         Catch::Contains("from a __host__ function(\"reduce_sum\") is not allowed"));
  }
  // What host code may call: a __host__ __device__ function, and the math CUDA declares for both sides.
  for (const auto& [declaration, host_use] : {
           std::pair{"__host__ __device__ int ceil_div(int a, int b) { return (a + b - 1) / b; }",
                     "volatile int blocks_needed = ceil_div(n, 256); (void)blocks_needed;"},
           std::pair{"", "volatile float root = sqrtf(static_cast<float>(n)); volatile int least = min(n, 5);"
                         "(void)root; (void)least;"}}) {
    INFO(declaration << "\n" << host_use);
    const GradeReport report = fixture.grade(adding_with(declaration + device_add, host_use), {1000});
    INFO(report.build_summary);
    CHECK(report.verdict == CaseStatus::kPassed);
  }
}

}  // namespace
}  // namespace cudagrade
