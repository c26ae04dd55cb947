// A function's execution space, read from its head in the compiled text (sim/function_heads.h). The text starts
// with the rewriter's `#line 1` line, so the file's line N is the text's line N + 1, as in the simulator.
#include "sim/function_heads.h"

#include <catch2/catch.hpp>

#include <chrono>

namespace cudagrade {
namespace {

ExecutionSpace judge(const std::string& file, const std::string& name, int line, int column = 0,
                     bool special_member = false) {
  const SourceScan scan("#line 1 \"reduction.cu\"\n" + file);
  return FunctionHeads(scan).judge(name, line, column, special_member);
}

TEST_CASE("what a head says decides the space; what it cannot say for certain is unjudged", "[host_calls]") {
  CHECK(judge("int add(int a, int b) { return a + b; }\n", "add", 1, 5) == ExecutionSpace::kHost);
  CHECK(judge("static inline unsigned add(int a) { return a; }\n", "add", 1) == ExecutionSpace::kHost);
  CHECK(judge("__device__ int add(int a);\n", "add", 1) == ExecutionSpace::kDevice);
  CHECK(judge("__host__ __device__ int add(int a);\n", "add", 1) == ExecutionSpace::kHostDevice);
  CHECK(judge("template <typename T, int N>\n__global__ void k(T* t);\n", "k<float, 4>", 2) == ExecutionSpace::kKernel);
  CHECK(judge("constexpr int div_up(int a, int b) { return (a + b - 1) / b; }\n", "div_up", 1) ==
        ExecutionSpace::kHostDevice);
  CHECK(judge("struct Acc { int v; Acc(int x) : v(x) {} };\n", "Acc", 1, 0, true) == ExecutionSpace::kHost);
  CHECK(judge("struct Acc { int v; int get() const { return v; } };\n", "get", 1) == ExecutionSpace::kHost);
  CHECK(judge("struct Op { int operator()(int a) const { return a; } };\n", "operator()", 1) == ExecutionSpace::kHost);
  // A word the file #defines may spell __host__ __device__.
  CHECK(judge("#define HD __host__ __device__\nHD int add(int a);\n", "add", 2) == ExecutionSpace::kUnjudged);
  // A typedef's names are its declarators, not every word of its struct.
  CHECK(judge("#define CALLABLE __host__ __device__\ntypedef struct { CALLABLE int f(); } box;\nCALLABLE box add();\n",
              "add", 3) == ExecutionSpace::kUnjudged);
  CHECK(judge("typedef struct { int v; } box;\nbox add(int a);\n", "add", 2) == ExecutionSpace::kHost);
  CHECK(judge("struct Pair { Pair() = default; };\n", "Pair", 1, 0, true) == ExecutionSpace::kUnjudged);
  // A head with no word but a constructor's is not a head: a call (`{ g(a); }`) has none.
  CHECK(judge("void f() { g(1); }\n", "g", 1) == ExecutionSpace::kUnjudged);
  // Cut by a preprocessor line, or inside a template argument.
  CHECK(judge("#ifdef __CUDACC__\n__device__\n#endif\nint add(int a);\n", "add", 4) == ExecutionSpace::kUnjudged);
  CHECK(judge("template <class T> std::enable_if_t<std::is_integral<T>{}, T> add(T a);\n", "add", 1) ==
        ExecutionSpace::kUnjudged);
  // Another declaration says __device__: nvcc takes it as __host__ __device__.
  CHECK(judge("__device__ int add(int a);\nint add(int a) { return a; }\n", "add", 2) == ExecutionSpace::kUnjudged);
  CHECK(judge("struct S { float get() const; };\n__device__ float S::get() const { return 1; }\n", "get", 1) ==
        ExecutionSpace::kUnjudged);
  // A column that does not hold the name, a line past the end, a file that renumbers its lines.
  CHECK(judge("int add(int a);\n", "add", 1, 2) == ExecutionSpace::kUnjudged);
  CHECK(judge("int add(int a);\n", "add", 9) == ExecutionSpace::kUnjudged);
  CHECK(judge("int add(int a);\n", "add", -1) == ExecutionSpace::kUnjudged);
  CHECK(judge("#line 40\nint add(int a);\n", "add", 2) == ExecutionSpace::kUnjudged);
}

TEST_CASE("hostile shapes stay linear when heads are read: typedefs, defines, names repeated to 4 MiB",
          "[host_calls]") {
  for (const std::string& unit : {std::string("typedef "), std::string("#define X typedef\n"),
                                  std::string("add(add("), std::string("int add(int a);\n"), std::string("/* */")}) {
    std::string text;
    while (text.size() + unit.size() < (4u << 20)) text += unit;
    text += "\nint add(int a);\n";
    const auto started = std::chrono::steady_clock::now();
    const SourceScan scan("#line 1 \"reduction.cu\"\n" + text);
    const FunctionHeads heads(scan);
    const int last_line = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    (void)heads.judge("add", last_line, 0, false);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    INFO(unit << ": " << seconds << " s");
    CHECK(seconds < 5.0);
  }
}

}  // namespace
}  // namespace cudagrade
