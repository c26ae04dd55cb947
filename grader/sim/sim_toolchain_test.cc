// Real g++ builds of real lab files for the simulator. The cache lives in the build tree ($CUDAGRADE_CACHE,
// set by CTest), so only the first run pays for the compiles.
#include "sim/sim_toolchain.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "core/files.h"
#include "core/temp_dir.h"
#include "labs/registry.h"
#include "testing/source_form_checks.h"

namespace cudagrade {
namespace {

struct Fixture {
  ProjectPaths paths = ProjectPaths::discover("", "");
  SubprocessCommandRunner runner;
  SimToolchain toolchain{paths, runner};
  TempDir scratch{TempDir::Medium::kDisk};

  BuildResult build(const std::string& lab, const std::filesystem::path& source) {
    return toolchain.build({find_lab(lab), source, {}});
  }
  std::filesystem::path write(const std::string& name, const std::string& contents) {
    std::ofstream(scratch.path() / name) << contents;
    return scratch.path() / name;
  }
};

TEST_CASE("a reference kernel builds into a simulator runner, and rebuilding it costs no compile", "[sim]") {
  Fixture fixture;
  BuildResult first = fixture.build("matmul", fixture.paths.reference_dir("matmul") / "tiled_boundary.cu");
  REQUIRE(first.outcome == BuildResult::Outcome::kBuilt);
  CHECK(std::filesystem::exists(first.runner));
  BuildResult again = fixture.build("matmul", fixture.paths.reference_dir("matmul") / "tiled_boundary.cu");
  CHECK(again.cached);
  CHECK(again.runner == first.runner);
}

TEST_CASE("the simulator builds a file saved with a BOM and CR LF, or CR alone, as its twin", "[sim]") {
  Fixture fixture;
  testing::check_line_end_twins_build_alike(fixture);
}

TEST_CASE("the simulator builds a 2 MiB honest file and refuses one over the shared cap", "[sim]") {
  Fixture fixture;
  testing::check_source_size_cap(fixture);
}

TEST_CASE("the simulator holds a submission to the same symbol policy as the GPU", "[sim]") {
  Fixture fixture;
  BuildResult shell = fixture.build("reduction", fixture.paths.submissions_dir("reduction") / "runs_a_shell.cu");
  CHECK(shell.outcome == BuildResult::Outcome::kRejected);
  CHECK_THAT(shell.summary, Catch::Contains("system"));
}

TEST_CASE("g++'s errors point at the student's own file and line", "[sim]") {
  Fixture fixture;
  BuildResult result = fixture.build("matmul", fixture.paths.submissions_dir("matmul") / "compile_error.cu");
  CHECK(result.outcome == BuildResult::Outcome::kCompileError);
  CHECK_THAT(result.summary, Catch::Contains("matmul.cu:"));
}

TEST_CASE("a construct the simulator cannot run is unsupported, not a compile error", "[sim]") {
  Fixture fixture;
  BuildResult result = fixture.build(
      "matmul", fixture.write("matmul.cu", "#include \"matmul.cuh\"\n__global__ void k(cudaTextureObject_t t, float* out) {\n"
                                           "  out[0] = tex1Dfetch<float>(t, 0);\n}\n"
                                           "void matmul(const float*, const float*, float*, int, int, int) {}\n"));
  CHECK(result.outcome == BuildResult::Outcome::kUnsupported);
  CHECK_THAT(result.summary, Catch::Contains("line 2: texture objects cannot run in the CPU simulator"));
}

TEST_CASE("inline assembly is refused before either backend compiles it", "[sim]") {
  Fixture fixture;
  BuildResult result = fixture.build(
      "matmul", fixture.write("matmul.cu", "#include \"matmul.cuh\"\n__device__ unsigned lane() {\n  unsigned id;\n"
                                           "  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(id));\n  return id;\n}\n"
                                           "void matmul(const float*, const float*, float*, int, int, int) {}\n"));
  CHECK(result.outcome == BuildResult::Outcome::kRejected);
  CHECK_THAT(result.summary, Catch::Contains("line 4: inline assembly is not allowed"));
}

}  // namespace
}  // namespace cudagrade
