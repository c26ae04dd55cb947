#include "sim/arch_passes.h"

#include <algorithm>
#include <catch2/catch.hpp>

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
  const std::string text = with_edits(
      "namespace {\n__global__ void k() {}\n}\nnamespace a { namespace { int x; } }\n"
      "void f() { struct { int y; } s; }\n");
  CHECK_THAT(text, Catch::StartsWith("namespace __cusim_unnamed {} using namespace __cusim_unnamed; namespace "
                                     "__cusim_unnamed {\n__global__ void k() {}\n}\n"));
  CHECK_THAT(text, Catch::Contains("namespace a { namespace __cusim_unnamed {} using namespace __cusim_unnamed; "
                                   "namespace __cusim_unnamed { int x; } }"));
  CHECK_THAT(text, Catch::Contains("void f() { struct { int y; } s; }"));
}

}  // namespace
}  // namespace cudagrade
