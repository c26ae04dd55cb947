// Markers in a simulator's verdict become source lines, through a real addr2line on a real program.
#include "run/source_lines.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

// Builds a small program with -g and returns the address of the line that calls `marked` (as nm gives it).
struct DebugProgram {
  TempDir dir{TempDir::Medium::kDisk};
  std::filesystem::path program = dir.path() / "program";
  SubprocessCommandRunner runner;

  DebugProgram() {
    std::ofstream(dir.path() / "kernel.cu") << "int twice(int x) {\n  return 2 * x;\n}\nint main() { return twice(1); }\n";
    CommandResult built = runner.run({"g++", "-g", "-O0", "-x", "c++", (dir.path() / "kernel.cu").string(), "-o",
                                      program.string()},
                                     std::chrono::seconds(60));
    REQUIRE(built.outcome == CommandResult::Outcome::kSucceeded);
  }
  std::string address_of(const std::string& function) {
    CommandResult listed = runner.run({"nm", program.string()}, std::chrono::seconds(30));
    std::smatch found;
    const std::regex line("([0-9a-f]+) T " + function + "\n");
    REQUIRE(std::regex_search(listed.output, found, line));
    return "0x" + found[1].str();
  }
};

TEST_CASE("a race report's markers become the student's lines, and a marker addr2line cannot place says so",
          "[source_lines]") {
  DebugProgram built;
  const std::string twice = built.address_of("_Z5twicei");
  const std::string text = "thread (0,0,0) writes it at {{cusim-line " + twice + "}} and thread (1,0,0) reads it at "
                           "{{cusim-line 0x1}}. Add __syncthreads() between the write at {{cusim-line " + twice + "}}.";
  CHECK(with_source_lines(text, built.program, built.runner) ==
        "thread (0,0,0) writes it at line 1 and thread (1,0,0) reads it at an unknown line. Add __syncthreads() "
        "between the write at line 1.");
}

TEST_CASE("text without markers is left as it is, and no addr2line runs", "[source_lines]") {
  TempDir dir(TempDir::Medium::kDisk);
  SubprocessCommandRunner runner;
  CHECK(with_source_lines("divergent barrier at line 7 {{not a marker}}", dir.path() / "missing", runner) ==
        "divergent barrier at line 7 {{not a marker}}");
}

}  // namespace
}  // namespace cudagrade
