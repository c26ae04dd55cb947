// Both toolchains link a student's runner with full RELRO and immediate binding (#14 item 3): the loader
// resolves every call before main and then makes the relocation tables read-only, so code of the file
// cannot redirect a call the harness makes by writing a table entry; and the harness's one .preinit_array
// entry, which takes the channel before any constructor runs. Read from real runners with readelf.
#include <catch2/catch.hpp>
#include <regex>

#include "compile/nvcc_toolchain.h"
#include "core/command_runner.h"
#include "labs/registry.h"
#include "sim/sim_toolchain.h"

namespace cudagrade {
namespace {

struct Hardening {
  bool bind_now = false;  // DT_FLAGS BIND_NOW or DT_FLAGS_1 NOW
  bool relro = false;     // a GNU_RELRO segment
  bool preinit = false;   // a .preinit_array: the harness's take_channel, run before every constructor
};

Hardening hardening_of(const std::filesystem::path& runner) {
  SubprocessCommandRunner commands;
  CommandResult listed = commands.run({"readelf", "-W", "-d", "-l", runner.string()}, std::chrono::seconds(60));
  REQUIRE(listed.outcome == CommandResult::Outcome::kSucceeded);
  Hardening found;
  found.bind_now = std::regex_search(listed.output, std::regex(R"(\(FLAGS\)\s+BIND_NOW|\(FLAGS_1\)\s+Flags:.*\bNOW\b)"));
  found.relro = std::regex_search(listed.output, std::regex(R"(^\s*GNU_RELRO\s)", std::regex::multiline));
  found.preinit = std::regex_search(listed.output, std::regex(R"(\(PREINIT_ARRAYSZ\)\s+8 \(bytes\))"));
  return found;
}

template <typename Toolchain>
void check_runner_is_hardened(Toolchain& toolchain) {
  const ProjectPaths paths = ProjectPaths::discover("", "");
  BuildRequest request{find_lab("matmul"), paths.skeleton_dir("matmul") / "matmul.cu", {}};
  request.provenance = BuildRequest::Provenance::kStudent;
  const BuildResult built = toolchain.build(request);
  INFO(built.summary << "\n" << built.log);
  REQUIRE(built.outcome == BuildResult::Outcome::kBuilt);
  const Hardening hardening = hardening_of(built.runner);
  CHECK(hardening.bind_now);
  CHECK(hardening.relro);
  CHECK(hardening.preinit);
}

TEST_CASE("a simulator runner (g++) is linked with full RELRO and immediate binding", "[sim][hardening]") {
  SubprocessCommandRunner runner;
  SimToolchain toolchain{ProjectPaths::discover("", ""), runner};
  check_runner_is_hardened(toolchain);
}

TEST_CASE("a GPU runner (nvcc) is linked with full RELRO and immediate binding", "[nvcc][hardening]") {
  SubprocessCommandRunner runner;
  NvccToolchain toolchain{ProjectPaths::discover("", ""), runner, "90", CUDAGRADE_NVCC};
  check_runner_is_hardened(toolchain);
}

}  // namespace
}  // namespace cudagrade
