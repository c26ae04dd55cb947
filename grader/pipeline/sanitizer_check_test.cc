// The compute-sanitizer check's parts (which case, which command, what a finding means), and Grader::sanitize
// driven end to end through a stand-in for the tool (testing/fake_sanitizer.h), which, as compute-sanitizer
// does, starts the runner it is given as its child, passes the grader's channel on, and prints its report when
// the runner ends.
// The real tool needs a GPU: scripts/device-verify.sh sanitizer runs it there.
#include "pipeline/sanitizer_check.h"

#include <catch2/catch.hpp>

#include "core/files.h"
#include "labs/registry.h"
#include "pipeline/grader.h"
#include "testing/fake_backend.h"
#include "testing/fake_sanitizer.h"
#include "testing/sized_case.h"

namespace cudagrade {
namespace {

using testing::FakeSanitizer;
using testing::sized_case;

TEST_CASE("the sanitizer runs the smallest correctness case a warp wide in every size, else 2 wide, else any",
          "[sanitizer_check]") {
  // matmul's shipped correctness cases (testcases/matmul.yaml): 16 x 13 x 7 is one tile of K, where the missing
  // second barrier races with nothing.
  const std::vector<TestCase> matmul = {sized_case("assignment-16x13x7", {16, 13, 7}),
                                        sized_case("square-16", {16, 16, 16}),
                                        sized_case("square-128", {128, 128, 128}),
                                        sized_case("non-multiple-100", {100, 100, 100}),
                                        sized_case("non-multiple-17x33x65", {17, 33, 65}),
                                        sized_case("rectangular-64x256x32", {64, 256, 32}),
                                        sized_case("boundary-1x1x1", {1, 1, 1}),
                                        sized_case("boundary-primes", {31, 37, 41}),
                                        sized_case("performance-4096", {4096, 4096, 4096}, CaseKind::kPerformance)};
  REQUIRE(sanitizer_case(matmul) != nullptr);
  CHECK(sanitizer_case(matmul)->name == "rectangular-64x256x32");
  const std::vector<TestCase> reduction = {
      sized_case("pow2-1024", {1024}), sized_case("boundary-n2", {2}), sized_case("boundary-n31", {31}),
      sized_case("boundary-block-minus-1", {255}), sized_case("boundary-block", {256})};
  CHECK(sanitizer_case(reduction)->name == "boundary-block-minus-1");
  // Smaller suites: the smallest at least 2 wide (the first of a tie), else the smallest.
  CHECK(
      sanitizer_case({sized_case("one", {1, 1, 1}), sized_case("seven", {7, 5, 9}), sized_case("also-315", {9, 5, 7})})
          ->name == "seven");
  CHECK(sanitizer_case({sized_case("one", {1, 1, 1}), sized_case("thin", {64, 1, 64})})->name == "one");
  CHECK(sanitizer_case({sized_case("speed", {512, 512, 512}, CaseKind::kPerformance)}) == nullptr);
}

TEST_CASE("compute-sanitizer is found beside nvcc and runs each tool with its report, limit and exit code",
          "[sanitizer_check]") {
  CHECK(compute_sanitizer_beside("/usr/local/cuda/bin/nvcc") == "/usr/local/cuda/bin/compute-sanitizer");
  CHECK(default_compute_sanitizer().filename() == "compute-sanitizer");
  CHECK(sanitizer_wrapper("/cuda/bin/compute-sanitizer", SanitizerTool::kRacecheck) ==
        std::vector<std::string>{"/cuda/bin/compute-sanitizer", "--tool", "racecheck", "--racecheck-report", "all",
                                 "--print-limit", "100", "--error-exitcode", "86", "--check-exit-code", "no",
                                 "--show-backtrace", "no"});
  CHECK(sanitizer_wrapper("/cuda/bin/compute-sanitizer", SanitizerTool::kSynccheck)[2] == "synccheck");
}

TEST_CASE("a finding becomes the case's verdict: race, crashed for a barrier error, or no check and why",
          "[sanitizer_check]") {
  SanitizerFinding race{SanitizerFinding::Outcome::kRace, "RAW data race on ...", 4};
  SanitizerVerdict verdict = verdict_of(race, SanitizerTool::kRacecheck, "seven");
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kFound);
  CHECK(verdict.status == CaseStatus::kRace);
  CHECK(verdict.case_name == "seven");
  CHECK(verdict.message == "RAW data race on ...");
  verdict = verdict_of({SanitizerFinding::Outcome::kBarrierError, "divergent __syncthreads() ...", 1},
                       SanitizerTool::kSynccheck, "seven");
  CHECK(verdict.status == CaseStatus::kCrashed);
  verdict =
      verdict_of({SanitizerFinding::Outcome::kUnreadable, "it was killed", 0}, SanitizerTool::kSynccheck, "seven");
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kNotChecked);
  CHECK(verdict.message == "compute-sanitizer's synccheck gave no verdict on case seven: it was killed");
  CHECK(verdict_of({SanitizerFinding::Outcome::kClean, "", 0}, SanitizerTool::kRacecheck, "seven").outcome ==
        SanitizerVerdict::Outcome::kClean);
}

TEST_CASE("a run under the tool that launched otherwise than the graded run of its case is rejected",
          "[sanitizer_check]") {
  // Accounts as the runners write them (LaunchAccount::text): a flag passed to the same kernel only where the
  // file believed nothing watched it changes the parameters' hash alone.
  const std::string graded = "2:00000000000000aa:0000000000000001:00000000000000a2:tiled";
  SanitizerVerdict verdict =
      watched_run_verdict(graded, "2:00000000000000aa:0000000000000001:00000000000000a1:tiled", "odd-17");
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kFound);
  CHECK(verdict.status == CaseStatus::kRejected);
  CHECK(verdict.case_name == "odd-17");
  CHECK_THAT(verdict.message, Catch::Contains("it behaves otherwise when checked"));
  CHECK(watched_run_verdict(graded, "1:00000000000000ab:0000000000000002:00000000000000a2:naive", "odd-17").outcome ==
        SanitizerVerdict::Outcome::kFound);
  // The same launches, or parameters one run could not read, or no account at all: nothing to hold against it.
  CHECK(watched_run_verdict(graded, graded, "odd-17").outcome == SanitizerVerdict::Outcome::kClean);
  CHECK(watched_run_verdict(graded, "2:00000000000000aa:0000000000000001:-:tiled", "odd-17").outcome ==
        SanitizerVerdict::Outcome::kClean);
  CHECK(watched_run_verdict(graded, "", "odd-17").outcome == SanitizerVerdict::Outcome::kClean);
  CHECK(watched_run_verdict("", graded, "odd-17").outcome == SanitizerVerdict::Outcome::kClean);
}

struct SanitizerFixture {
  testing::FakeProject project;
  TempDir scratch{TempDir::Medium::kDisk};
  testing::FakeBackend backend{scratch.path()};

  // `graded`: sanitize with the grade's accounts of the launches, as finish_race_check does.
  SanitizerVerdict sanitize(const FakeSanitizer& tool, const std::string& behaviour = "correct", bool graded = false) {
    GradeOptions options;
    options.compute_sanitizer = tool.program;
    Grader grader(*find_lab("matmul"), backend, project.paths(), options);
    TestSuite suite;
    suite.lab = "matmul";
    suite.cases = {sized_case("small", {16, 13, 7}), sized_case("seven", {7, 5, 9})};
    const std::filesystem::path file = project.write("student/matmul.cu", behaviour);
    if (!graded) return grader.sanitize(file, suite);
    const GradeReport report = grader.grade(file, suite);
    return grader.sanitize(file, suite, "", &report);
  }
};

constexpr const char* kHazard =
    "========= Error: Potential RAW hazard detected at __shared__ 0x40 in block (0,0,0) :\n"
    "=========     Read Thread (0,1,0) at matmul_tiled(const float *)+0x280 in matmul.cu:10\n"
    "=========     Write Thread (1,0,0) at matmul_tiled(const float *)+0x2f0 in matmul.cu:13\n"
    "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n";

TEST_CASE("the runner speaks through the tool wrapped round it, and the tool's hazard becomes the case's race",
          "[sanitizer_check]") {
  SanitizerFixture fixture;
  FakeSanitizer tool(kHazard, "========= ERROR SUMMARY: 0 errors\n");
  const SanitizerVerdict verdict = fixture.sanitize(tool);
  INFO(verdict.message);
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kFound);
  CHECK(verdict.status == CaseStatus::kRace);
  CHECK(verdict.case_name == "seven");
  CHECK_THAT(verdict.message, Catch::StartsWith("WAR data race on byte 0x40 of the block's __shared__ memory in "
                                                "kernel matmul_tiled, block (0,0,0): thread (0,1,0) reads it at "
                                                "line 10 and thread (1,0,0) writes it at line 13"));
  // The tool's words, then the runner it wraps; racecheck found the race, so synccheck was not run.
  CHECK(read_file(tool.log) ==
        "--tool racecheck --racecheck-report all --print-limit 100 --error-exitcode 86 "
        "--check-exit-code no --show-backtrace no " +
            (fixture.scratch.path() / "runner-0").string() + "\n");
}

TEST_CASE("a file both tools find clean is checked, racecheck then synccheck, on the one case", "[sanitizer_check]") {
  SanitizerFixture fixture;
  FakeSanitizer tool("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n",
                     "========= ERROR SUMMARY: 0 errors\n");
  const SanitizerVerdict verdict = fixture.sanitize(tool);
  INFO(verdict.message);
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kClean);
  CHECK(verdict.case_name == "seven");
  const std::string words = read_file(tool.log);
  CHECK_THAT(words, Catch::StartsWith("--tool racecheck") && Catch::Contains("\n--tool synccheck"));
}

TEST_CASE("a file that launches otherwise under the tool than in its grade is rejected on the case the tool ran",
          "[sanitizer_check]") {
  SanitizerFixture fixture;
  FakeSanitizer tool("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n",
                     "========= ERROR SUMMARY: 0 errors\n");
  SanitizerVerdict verdict = fixture.sanitize(tool, "launches-otherwise-when-watched", true);
  INFO(verdict.message);
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kFound);
  CHECK(verdict.status == CaseStatus::kRejected);
  CHECK(verdict.case_name == "seven");
  CHECK_THAT(verdict.message, Catch::StartsWith("under compute-sanitizer the file launched other kernels"));
  // The same launches in both runs, or no grade to hold it to: clean.
  CHECK(fixture.sanitize(tool, "launches-the-same-when-watched", true).outcome == SanitizerVerdict::Outcome::kClean);
  CHECK(fixture.sanitize(tool, "launches-otherwise-when-watched").outcome == SanitizerVerdict::Outcome::kClean);
}

TEST_CASE("a barrier error is the case's crash, and a tool that says nothing is no check, with the reason",
          "[sanitizer_check]") {
  SanitizerFixture fixture;
  FakeSanitizer divergent("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n",
                          "========= Barrier error detected. Divergent thread(s) in block\n"
                          "=========     at reduce(float *)+0xf0 in matmul.cu:21\n"
                          "=========     by thread (64,0,0) in block (0,0,0)\n"
                          "========= ERROR SUMMARY: 1 error\n");
  SanitizerVerdict verdict = fixture.sanitize(divergent);
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kFound);
  CHECK(verdict.status == CaseStatus::kCrashed);
  CHECK_THAT(verdict.message, Catch::StartsWith("divergent __syncthreads() in kernel reduce"));

  FakeSanitizer silent("", "");
  verdict = fixture.sanitize(silent);
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kNotChecked);
  CHECK_THAT(verdict.message, Catch::StartsWith("compute-sanitizer's racecheck gave no verdict on case seven: it "
                                                "ended (exit code 0) without its summary"));
}

TEST_CASE("no tool installed, or a file that does not build, is no check, and says so", "[sanitizer_check]") {
  SanitizerFixture fixture;
  FakeSanitizer tool("", "");
  std::filesystem::remove(tool.program);
  CHECK_THAT(fixture.sanitize(tool).message, Catch::StartsWith("compute-sanitizer is not installed at "));
  FakeSanitizer present("", "");
  const SanitizerVerdict verdict = fixture.sanitize(present, "compile-error");
  CHECK(verdict.outcome == SanitizerVerdict::Outcome::kNotChecked);
  CHECK_THAT(verdict.message, Catch::StartsWith("compute-sanitizer: the file did not build for the GPU"));
}

}  // namespace
}  // namespace cudagrade
