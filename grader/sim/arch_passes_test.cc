#include "sim/arch_passes.h"

#include <catch2/catch.hpp>

#include <algorithm>

namespace cudagrade {
namespace {

std::string with_edits(const std::string& source) {
  const SourceScan scan(source);
  std::vector<LinkageEdit> edits = external_linkage_edits(scan);
  std::sort(edits.begin(), edits.end(), [](const LinkageEdit& a, const LinkageEdit& b) { return a.begin > b.begin; });
  std::string text = source;
  for (const LinkageEdit& edit : edits) text.replace(edit.begin, edit.end - edit.begin, edit.replacement);
  return text;
}

TEST_CASE("a file is compiled in both passes when any spelling g++ reads could reach __CUDA_ARCH__", "[sim][passes]") {
  CHECK_FALSE(can_tell_passes_apart("__global__ void k(float* p) { p[0] = __CUDA_ARCH_LIST__; }\n"));
  CHECK_FALSE(can_tell_passes_apart("#define CAT(a, b) a b\nint x = 1;\n"));
  CHECK(can_tell_passes_apart("#ifdef __CUDA_ARCH__\n#endif\n"));
  CHECK(can_tell_passes_apart("#ifdef CUDA_DOUBLE_MATH_FUNCTIONS\n#endif\n"));  // nvcc's device pass defines it too
  CHECK(can_tell_passes_apart("// __CUDA_ARCH__ only in a comment costs a second compile, nothing more\n"));
  CHECK(can_tell_passes_apart("#if defined(__CUDA_\\\nARCH__)\n#endif\n"));    // a line splice
  CHECK(can_tell_passes_apart("#if defined(__CUDA_\\  \nARCH__)\n#endif\n"));  // blanks before the newline
  CHECK(can_tell_passes_apart("#if defined(__CUDA_?\?/\nARCH__)\n#endif\n"));  // a trigraph's backslash
  CHECK(can_tell_passes_apart("#define NAME(a, b) a##b\n#if NAME(__CUDA_, ARCH__)\n#endif\n"));
  CHECK(can_tell_passes_apart("#define NAME(a, b) a%:%:b\n"));
  CHECK(can_tell_passes_apart("#define NAME(a, b) a?\?=?\?=b\n"));
  CHECK(can_tell_passes_apart("int \\u0041 = 0;\n"));
}

TEST_CASE("kernels and device variables at namespace scope lose `static`; members and locals keep it",
          "[sim][passes]") {
  const std::string source =
      "static __global__ void k(float* p) { static int calls; p[0] = calls; }\n"
      "template <int N> static __global__ void t(float* p) {}\n"
      "__device__ static int counter;\n"
      "static __constant__ float weights[4] = {1, 2, 3, 4};\n"
      "static int host_only;\n"
      "struct Helper { __device__ static float twice(float x) { return 2 * x; } };\n"
      "extern \"C\" { static __device__ int in_a_block; }\n"
      "namespace outer { static __device__ int nested; }\n";
  const std::string text = with_edits(source);
  CHECK_THAT(text, Catch::Contains(" __global__ void k(float* p) { static int calls;"));
  CHECK_THAT(text, Catch::Contains("template <int N>  __global__ void t"));
  CHECK_THAT(text, Catch::Contains("__device__  int counter;"));
  CHECK_THAT(text, Catch::Contains(" __constant__ float weights[4]"));
  CHECK_THAT(text, Catch::Contains("static int host_only;"));
  CHECK_THAT(text, Catch::Contains("__device__ static float twice"));
  CHECK_THAT(text, Catch::Contains("{  __device__ int in_a_block; }"));
  CHECK_THAT(text, Catch::Contains("{  __device__ int nested; }"));
  CHECK(std::count(text.begin(), text.end(), '\n') == std::count(source.begin(), source.end(), '\n'));
}

TEST_CASE("an unnamed namespace gets a reserved name and a using-directive, on its own line", "[sim][passes]") {
  const std::string text = with_edits("namespace {\n__global__ void k() {}\n}\nnamespace a { namespace { int x; } }\n"
                                      "void f() { struct { int y; } s; }\n");
  CHECK_THAT(text, Catch::StartsWith("namespace __cusim_unnamed {} using namespace __cusim_unnamed; namespace "
                                     "__cusim_unnamed {\n__global__ void k() {}\n}\n"));
  CHECK_THAT(text, Catch::Contains("namespace a { namespace __cusim_unnamed {} using namespace __cusim_unnamed; "
                                   "namespace __cusim_unnamed { int x; } }"));
  CHECK_THAT(text, Catch::Contains("void f() { struct { int y; } s; }"));
}

}  // namespace
}  // namespace cudagrade
