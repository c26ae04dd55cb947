// The scan on objdump's own output for real objects: one with a trap built by token pasting, one honest.
#include "compile/instruction_scan.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "core/command_runner.h"
#include "core/temp_dir.h"

namespace cudagrade {
namespace {

std::string disassembly_of(const std::string& source) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "file.cc") << source;
  SubprocessCommandRunner runner;
  CommandResult built = runner.run({"g++", "-O2", "-c", (dir.path() / "file.cc").string(), "-o",
                                    (dir.path() / "file.o").string()},
                                   std::chrono::seconds(60));
  REQUIRE(built.outcome == CommandResult::Outcome::kSucceeded);
  CommandResult listed =
      runner.run({"objdump", "-d", (dir.path() / "file.o").string()}, std::chrono::seconds(60), 16 << 20);
  REQUIRE(listed.outcome == CommandResult::Outcome::kSucceeded);
  return listed.output;
}

TEST_CASE("a system-call instruction in the object is found, with the function it lies in", "[instruction_scan]") {
  const std::string disassembly = disassembly_of(
      "#define GLUE(a, b) a##b\n"
      "long leave(long code) { long result; GLUE(a, sm) volatile(\"syscall\" : \"=a\"(result) : \"a\"(60), "
      "\"D\"(code) : \"rcx\", \"r11\"); return result; }\n");
  const std::optional<ForbiddenInstruction> found = first_system_call_instruction(disassembly);
  REQUIRE(found);
  CHECK(found->instruction == "syscall");
  CHECK(found->function == "_Z5leavel");
}

TEST_CASE("an honest object, calls to libc included, has none", "[instruction_scan]") {
  CHECK_FALSE(first_system_call_instruction(disassembly_of(
      "#include <cstdio>\nint report(int x) { std::printf(\"%d\\n\", x); return x * 2; }\n")));
  CHECK(first_system_call_instruction("  10:\tcd 80                \tint    $0x80\n")->instruction == "int $0x80");
  CHECK(first_system_call_instruction("  10:\t0f 34                \tsysenter\n")->instruction == "sysenter");
}

}  // namespace
}  // namespace cudagrade
