#include "sim/unsupported_constructs.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("a failed compile's log names the construct by its marker, with the file's line", "[sim]") {
  const std::string log =
      "matmul.cu: In function 'void k(float*)':\n"
      "matmul.cu:7:3: error: 'cusim_unsupported_tex1Dfetch' was not declared in this scope\n"
      "matmul.cu:9:1: error: expected ';' before '}' token\n";
  const std::optional<UnsupportedUse> use = unsupported_use_in_log(log, "matmul.cu");
  REQUIRE(use);
  CHECK(use->construct == "textures");
  CHECK(use->line == 7);
  CHECK_FALSE(unsupported_use_in_log("matmul.cu:9:1: error: expected ';' before '}' token\n", "matmul.cu"));
  // A header that cannot be found because its name was marked.
  const std::optional<UnsupportedUse> header = unsupported_use_in_log(
      "matmul.cu:2:10: fatal error: cusim_unsupported_cuda_pipeline.h: No such file or directory\n", "matmul.cu");
  REQUIRE(header);
  CHECK(header->construct == "asynchronous copies (cuda_pipeline.h)");
  CHECK(header->line == 2);
}

TEST_CASE("a marker a header's macro spells is placed at the file's line that expanded the macro", "[sim]") {
  // g++'s log for `out[0] = __half2float(x);` after <cuda_fp16.h>, whose page defines the name as the marker.
  const std::string log =
      "matmul.cu: In function 'void k(float*)':\n"
      "/grader/cusim/include/cuda_fp16.h:16:22: error: 'cusim_unsupported___half' was not declared in this scope\n"
      "   16 | #define __half2float cusim_unsupported___half\n"
      "/grader/cusim/include/cusim_reduced_precision_names.h:9:5: note: in expansion of macro 'CUSIM_X'\n"
      "matmul.cu:5:12: note: in expansion of macro '__half2float'\n"
      "matmul.cu:9:1: error: expected ';' before '}' token\n";
  const std::optional<UnsupportedUse> use = unsupported_use_in_log(log, "matmul.cu");
  REQUIRE(use);
  CHECK(use->construct == "half precision");
  CHECK(use->line == 5);
  // A note after the next error belongs to that error, not to the marker's.
  const std::optional<UnsupportedUse> unplaced = unsupported_use_in_log(
      "/grader/cusim/include/cuda_fp16.h:16:22: error: 'cusim_unsupported___half' was not declared\n"
      "matmul.cu:9:1: error: expected ';' before '}' token\n"
      "matmul.cu:5:12: note: in expansion of macro 'other'\n",
      "matmul.cu");
  REQUIRE(unplaced);
  CHECK(unplaced->line == 0);
}

}  // namespace
}  // namespace cudagrade
