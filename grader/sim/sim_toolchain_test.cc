// Real g++ builds of real lab files for the simulator. The cache lives in the build tree ($CUDAGRADE_CACHE,
// set by CTest), so only the first run pays for the compiles.
#include "sim/sim_toolchain.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <chrono>
#include <fstream>
#include <mutex>

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

// Runs every command for real and keeps the ones that compiled or linked the file named `marker`. The
// toolchain compiles on several threads at once, so the record is locked.
class RecordingRunner : public CommandRunner {
 public:
  RecordingRunner(CommandRunner& real, std::string marker) : real_(real), marker_(std::move(marker)) {}
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout, size_t cap) override {
    return real_.run(argv, timeout, cap);
  }
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout) override {
    const bool compiles_marked = std::any_of(argv.begin(), argv.end(), [&](const std::string& word) {
      return word.find(marker_) != std::string::npos || word.find("runner") != std::string::npos;
    });
    if (compiles_marked) {
      std::lock_guard lock(mutex_);
      commands.push_back(argv);
    }
    return real_.run(argv, timeout);
  }
  std::vector<std::vector<std::string>> commands;

 private:
  CommandRunner& real_;
  std::string marker_;
  std::mutex mutex_;
};

bool contains(const std::vector<std::string>& argv, const std::string& word) {
  return std::find(argv.begin(), argv.end(), word) != argv.end();
}

TEST_CASE("a student's file is compiled and linked in the sandbox, the course's own files are not", "[sim]") {
  Fixture fixture;
  std::string why;
  const Confinement::Level level = strongest_confinement(fixture.runner, why);
  if (level != Confinement::Level::kBubblewrap) WARN("bwrap is not usable here, so the compile runs under " << to_string(level) << ": " << why);
  const std::string unique = std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
  const std::string kernel = read_file(fixture.paths.reference_dir("matmul") / "tiled_boundary.cu") + "// " + unique + "\n";
  std::filesystem::create_directories(fixture.scratch.path() / "student");
  std::ofstream(fixture.scratch.path() / "student" / "matmul.cu") << kernel;
  RecordingRunner recording(fixture.runner, "matmul.cu");
  SimToolchain toolchain(fixture.paths, recording);

  BuildResult student = toolchain.build({find_lab("matmul"), fixture.scratch.path() / "student" / "matmul.cu", {},
                                         BuildRequest::Provenance::kStudent, level});
  INFO(student.summary << student.log);
  REQUIRE(student.outcome == BuildResult::Outcome::kBuilt);
  REQUIRE(recording.commands.size() == 3);  // the compile in each of nvcc's passes (sim/arch_passes.h), the link
  for (const auto& command : recording.commands) {
    CHECK(command.front() == "env");
    CHECK(contains(command, "-i"));
    CHECK(contains(command, "prlimit"));
    if (level == Confinement::Level::kBubblewrap) CHECK(contains(command, "bwrap"));
  }

  recording.commands.clear();
  std::ofstream(fixture.scratch.path() / "student" / "matmul.cu") << kernel << "// trusted\n";
  BuildResult trusted = toolchain.build({find_lab("matmul"), fixture.scratch.path() / "student" / "matmul.cu", {},
                                         BuildRequest::Provenance::kTrusted, level});
  REQUIRE(trusted.outcome == BuildResult::Outcome::kBuilt);
  REQUIRE(recording.commands.size() == 3);
  for (const auto& command : recording.commands) CHECK(command.front() != "env");
}

TEST_CASE("the simulator builds a file saved with a BOM and CR LF, or CR alone, as its twin", "[sim]") {
  Fixture fixture;
  testing::check_line_end_twins_build_alike(fixture);
}

TEST_CASE("in the simulator __FILE__ and __BASE_FILE__ name the file as the student does", "[sim]") {
  Fixture fixture;
  testing::check_file_named_as_the_student_does(fixture);
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

TEST_CASE("an error about the simulator's own header names it, not its path on the grader's machine", "[sim]") {
  Fixture fixture;
  BuildResult result = fixture.build(
      "reduction", fixture.write("reduction.cu", "#include \"reduction.cuh\"\n"
                                                 "__global__ void k(int* out) { *out = __shfl_down_sync(0xffffffffu, out, 1, 2, 3, 4); }\n"
                                                 "void reduce_sum(const int*, int* out, int, int*) { k<<<1, 32>>>(out); }\n"));
  CHECK(result.outcome == BuildResult::Outcome::kCompileError);
  CHECK_THAT(result.log, Catch::Contains("<simulator>/cusim.h:"));
  CHECK_THAT(result.log, !Catch::Contains(fixture.paths.grader_dir().string()));
}

TEST_CASE("a construct the simulator cannot run, in compiled code, is unsupported with its line", "[sim]") {
  struct Example {
    const char* source;
    const char* summary;
  };
  const Example examples[] = {
      {"#include \"matmul.cuh\"\n__global__ void k(cudaTextureObject_t t, float* out) {\n"
       "  out[0] = tex1Dfetch<float>(t, 0);\n}\n",
       "line 2: texture objects cannot run in the CPU simulator"},
      {"#include <cuda_fp16.h>\n#include \"matmul.cuh\"\n__global__ void k(__half* h) {}\n",
       "line 3: half precision cannot run in the CPU simulator"},
      // A name only the header's page spells: the page makes it the marker too.
      {"#include <cuda_fp16.h>\n#include \"matmul.cuh\"\n__global__ void k(float* out) {\n"
       "  out[0] = __half2float(__float2half(out[0]));\n}\n",
       "line 4: half precision cannot run in the CPU simulator"},
      {"#include <cuda_bf16.h>\n#include \"matmul.cuh\"\n__global__ void k(nv_bfloat16* out) {}\n",
       "line 3: bfloat16 cannot run in the CPU simulator"},
  };
  Fixture fixture;
  for (const Example& example : examples) {
    BuildResult result = fixture.build(
        "matmul", fixture.write("matmul.cu", std::string(example.source) +
                                                 "void matmul(const float*, const float*, float*, int, int, int) {}\n"));
    CHECK(result.outcome == BuildResult::Outcome::kUnsupported);
    CHECK_THAT(result.summary, Catch::Contains(example.summary));
  }
}

// Issue #33: a token of a construct the simulator cannot run, in code nvcc never compiles, made the simulator
// refuse the file, and a GPU grade then lost the simulator's checks beside it. The compiler decides now.
TEST_CASE("constructs in code the compiler skips, or a name that merely spells one, do not stop the build", "[sim]") {
  Fixture fixture;
  BuildResult result = fixture.build("matmul", fixture.write("matmul.cu", R"(#include "matmul.cuh"
#if 0
#include <cuda_fp16.h>
__global__ void k(cudaTextureObject_t t, float* out) { out[0] = tex1Dfetch<float>(t, 0); }
#endif
#ifdef USE_TENSOR_CORES
#include <mma.h>
using namespace nvcuda;
__global__ void tensor(float* out) { wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc; }
#endif
__global__ void naive(const float* A, const float* B, float* C, int M, int K, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  float texture = 0.0f;  // a name, not the construct
  for (int k = 0; k < K; ++k) texture += A[row * K + k] * B[k * N + col];
  C[row * N + col] = texture;
}
void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  naive<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(A, B, C, M, K, N);
}
)"));
  INFO(result.summary << "\n" << result.log);
  CHECK(result.outcome == BuildResult::Outcome::kBuilt);
}

// Issue #33: samples' boilerplate includes <cuda_fp16.h> in float kernels; nvcc builds them, and the simulator
// called them unsupported.
TEST_CASE("<cuda_fp16.h> and <cuda_bf16.h> included and not used build, with a variable named half", "[sim]") {
  Fixture fixture;
  BuildResult result = fixture.build("matmul", fixture.write("matmul.cu", R"(#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <algorithm>
#include "matmul.cuh"
__global__ void naive(const float* A, const float* B, float* C, int M, int K, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  const int half = K / 2;
  float low = 0.0f, high = 0.0f;
  for (int k = 0; k < half; ++k) low += A[row * K + k] * B[k * N + col];
  for (int k = half; k < K; ++k) high += A[row * K + k] * B[k * N + col];
  C[row * N + col] = low + high;
}
void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  const int blocks_x = std::max(1, (N + 15) / 16);
  naive<<<dim3(blocks_x, (M + 15) / 16), dim3(16, 16)>>>(A, B, C, M, K, N);
}
)"));
  INFO(result.summary << "\n" << result.log);
  CHECK(result.outcome == BuildResult::Outcome::kBuilt);
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
