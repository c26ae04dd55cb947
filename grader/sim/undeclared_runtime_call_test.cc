#include "sim/undeclared_runtime_call.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "sim/cuda_runtime_api_names.h"

namespace cudagrade {
namespace {

TEST_CASE("a compile that fails only on runtime calls the policy refuses names the first call", "[sim]") {
  const std::string log =
      "matmul.cu: In function 'void matmul(const float*, const float*, float*, int, int, int)':\n"
      "matmul.cu:28:27: error: \xe2\x80\x98" "cudaMallocPitch\xe2\x80\x99 was not declared in this scope; did you mean "
      "\xe2\x80\x98" "cudaMalloc\xe2\x80\x99?\n"
      "   28 |   float* p; size_t pitch; cudaMallocPitch((void**)&p, &pitch, 64, 4);\n"
      "      |                           ^~~~~~~~~~~~~~~\n"
      "matmul.cu:29:3: error: 'cudaHostAlloc' was not declared in this scope\n";
  const std::optional<RefusedRuntimeCall> call = refused_runtime_call_in_log(log);
  REQUIRE(call);
  CHECK(call->name == "cudaMallocPitch");
  CHECK_THAT(call->reason, Catch::Contains("not on the list of calls"));
}

TEST_CASE("any other error keeps the failed compile a compile error", "[sim]") {
  const std::string refused = "matmul.cu:28:3: error: 'cudaMallocPitch' was not declared in this scope\n";
  // A misspelt call: nvcc too says the name is undefined.
  CHECK_FALSE(refused_runtime_call_in_log("matmul.cu:28:3: error: 'cudaMalocc' was not declared in this scope\n"));
  // A real error beside the refused call: nvcc stops there too.
  CHECK_FALSE(refused_runtime_call_in_log(refused + "matmul.cu:30:1: error: expected ';' before '}' token\n"));
  CHECK_FALSE(refused_runtime_call_in_log(refused + "matmul.cu:1:10: fatal error: nope.h: No such file or directory\n"));
  // A call the policy allows: the simulator must implement it, not refuse it.
  CHECK_FALSE(refused_runtime_call_in_log("matmul.cu:28:3: error: 'cudaLaunchKernel' was not declared in this scope\n"));
  CHECK_FALSE(refused_runtime_call_in_log(""));
  // A source line that merely prints the words is not a diagnostic.
  CHECK(refused_runtime_call_in_log(refused + "   31 |   printf(\"error: 'x' was not declared\");\n"));
}

TEST_CASE("the runtime's list is CUDA 13.0's: its calls, not the removed thread API", "[sim]") {
  CHECK(std::size(kCudaRuntimeApi13) == 310);
  const auto listed = [](std::string_view name) {
    return std::find(std::begin(kCudaRuntimeApi13), std::end(kCudaRuntimeApi13), name) != std::end(kCudaRuntimeApi13);
  };
  CHECK(listed("cudaMalloc"));
  CHECK(listed("cudaMallocPitch"));
  CHECK_FALSE(listed("cudaThreadSynchronize"));  // removed in CUDA 12: a compile error under nvcc 13.0 too
}

}  // namespace
}  // namespace cudagrade
