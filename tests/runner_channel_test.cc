// The harness takes its channel before any code of the submission runs (#14 item 3), in real simulator
// runners: a global's initialiser that writes a forged greeting to descriptor 4 reaches nothing, and one that
// moves stdout makes the harness refuse to answer. The files are built as the course's own (no policy), since
// the policies would refuse the calls these need; what is tested is what the harness does when they run.
#include <catch2/catch.hpp>
#include <fstream>

#include "core/temp_dir.h"
#include "labs/registry.h"
#include "run/runner_session.h"
#include "sim/sim_toolchain.h"

namespace cudagrade {
namespace {

constexpr const char* kKernel = R"(
__global__ void matmul_kernel(float* C) { C[0] = 0.0f; }
void matmul(const float*, const float*, float* C, int, int, int) { matmul_kernel<<<1, 1>>>(C); }
)";

RunnerReply greeting_of(const std::string& before_main) {
  SubprocessCommandRunner commands;
  SimToolchain toolchain{ProjectPaths::discover("", ""), commands};
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "matmul.cu") << "#include \"matmul.cuh\"\n#include <fcntl.h>\n#include <unistd.h>\n"
                                          << before_main << kKernel;
  BuildRequest request{find_lab("matmul"), dir.path() / "matmul.cu", {}};
  request.provenance = BuildRequest::Provenance::kTrusted;
  const BuildResult built = toolchain.build(request);
  INFO(built.summary << "\n" << built.log);
  REQUIRE(built.outcome == BuildResult::Outcome::kBuilt);
  RunnerSession session({built.runner.string()}, built.runner);
  return session.start(Clock::now() + std::chrono::seconds(30));
}

TEST_CASE("a forged greeting written to the channel's descriptor before main reaches nothing", "[sim][channel]") {
  const RunnerReply reply = greeting_of(R"(
static long forged = write(4, "hello 0 cc=9.0 sms=1 l2=1 mem=1 name=forged\n", 44);
)");
  CHECK(reply.outcome == RunnerReply::Outcome::kOk);
  CHECK(reply.fields.at("name") != "forged");
}

TEST_CASE("stdout moved before main makes the harness refuse to answer", "[sim][channel]") {
  const RunnerReply reply = greeting_of(R"(
static int moved = dup2(open("/dev/null", O_WRONLY), 1);
)");
  CHECK(reply.outcome == RunnerReply::Outcome::kHarnessError);
  CHECK_THAT(reply.detail, Catch::Contains("redirected before main"));
}

TEST_CASE("an honest runner greets with the grader's nonce", "[sim][channel]") {
  const RunnerReply reply = greeting_of("");
  CHECK(reply.outcome == RunnerReply::Outcome::kOk);
  CHECK(reply.fields.count("cc") == 1);
}

}  // namespace
}  // namespace cudagrade
