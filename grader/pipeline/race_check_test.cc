// The GPU's report and the simulator's merged case by case; and a real simulator run beside a GPU-like one.
#include "pipeline/race_check.h"

#include <catch2/catch.hpp>

#include "backend/sim_backend.h"
#include "core/temp_dir.h"
#include "labs/registry.h"
#include "testing/fake_backend.h"
#include "testing/sized_case.h"

namespace cudagrade {
namespace {

CaseResult case_result(const std::string& name, CaseStatus status, double points, const std::string& message) {
  CaseResult result;
  result.name = name;
  result.status = status;
  result.points = points;
  result.max_points = 5;
  result.message = message;
  return result;
}

GradeReport report_of(std::vector<CaseResult> cases, CaseStatus build = CaseStatus::kPassed) {
  GradeReport report;
  report.cases = std::move(cases);
  total_up(report);
  if (build != CaseStatus::kPassed) report.verdict = build;
  return report;
}

const std::string kRaceMessage =
    "RAW data race on tile_a in kernel matmul_kernel: thread (0,1,0) writes it at line 21 and thread (3,0,0) "
    "reads it at line 25 with no barrier between. Add __syncthreads() between the write at line 21 and the read "
    "at line 25.";

TEST_CASE("a case the GPU passed and the simulator finds racy is race, with the simulator's words and no points",
          "[race_check]") {
  CaseResult timed = case_result("performance-512", CaseStatus::kPassed, 4, "all elements of C are right");
  timed.speed = SpeedResult{};
  timed.speed->points = 3;
  GradeReport gpu = report_of({case_result("square-16", CaseStatus::kPassed, 1, "all elements of C are right"),
                               case_result("non-multiple-17", CaseStatus::kWrongAnswer, 0, "3 elements of C are wrong"),
                               case_result("boundary-1x1x1", CaseStatus::kPassed, 1, "all elements of C are right"),
                               timed});
  const GradeReport sim = report_of({case_result("square-16", CaseStatus::kRace, 0, kRaceMessage),
                                     case_result("non-multiple-17", CaseStatus::kRace, 0, kRaceMessage),
                                     case_result("boundary-1x1x1", CaseStatus::kPassed, 1, "all elements of C are right"),
                                     case_result("performance-512", CaseStatus::kRace, 0, kRaceMessage)});
  merge_race_verdicts(gpu, sim);
  CHECK(gpu.race_check == "simulator, alongside the GPU");
  CHECK(gpu.cases[0].status == CaseStatus::kRace);
  CHECK(gpu.cases[0].message == kRaceMessage);
  CHECK(gpu.cases[0].points == 0);
  CHECK_THAT(gpu.cases[0].details, Catch::Contains("on the GPU this case was passed"));
  // The GPU's failure stays beside the race: the student needs both facts.
  CHECK(gpu.cases[1].status == CaseStatus::kRace);
  CHECK_THAT(gpu.cases[1].details, Catch::Contains("on the GPU this case was wrong_answer: 3 elements of C are wrong"));
  CHECK(gpu.cases[2].status == CaseStatus::kPassed);
  CHECK(gpu.cases[2].points == 1);
  CHECK(gpu.cases[3].status == CaseStatus::kRace);
  CHECK(gpu.cases[3].points == 0);
  CHECK(gpu.cases[3].speed->points == 0);
  CHECK(gpu.score == 1);
  CHECK(gpu.verdict == CaseStatus::kRace);
}

TEST_CASE("launches the two backends counted differently are said, and ask for compute-sanitizer", "[race_check]") {
  // Accounts as the runners write them (LaunchAccount::text); the simulator ran performance-512 at 160.
  auto counted = [](const std::string& name, const std::string& launches, int64_t size) {
    CaseResult result = case_result(name, CaseStatus::kPassed, 1, "all elements of C are right");
    result.launches = launches;
    result.launches_size = {size, size, size};
    return result;
  };
  const GradeReport sim = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:00000000000000a1:tiled", 16),
                                     counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                     counted("performance-512", "1:00000000000000ff:0000000000000001:00000000000000a1:tiled", 160)});
  SECTION("the same launches everywhere: merged, nothing said") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:00000000000000a1:tiled", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "3:00000000000000cc:0000000000000001:00000000000000a1:tiled", 512)});
    CHECK(merge_race_verdicts(gpu, sim) == SimulatorCheck::kMerged);
    CHECK(gpu.race_check == "simulator, alongside the GPU");
    CHECK(gpu.cases[2].details.empty());  // sized down in the simulator: grids and counts differ, kernels do not
  }
  SECTION("another kernel on the GPU in one case") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:00000000000000a1:tiled", 16),
                                 counted("odd-17", "2:00000000000000dd:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "3:00000000000000cc:0000000000000001:00000000000000a1:tiled", 512)});
    std::string sanitize_case;
    CHECK(merge_race_verdicts(gpu, sim, &sanitize_case) == SimulatorCheck::kLaunchesDiffer);
    CHECK(sanitize_case == "odd-17");
    CHECK(gpu.race_check ==
          "simulator, alongside the GPU; the GPU's launches differ from the simulator's: in case odd-17 the GPU "
          "launched 2 kernels, the simulator 1");
    CHECK_THAT(gpu.cases[1].details, Catch::Contains("The GPU ran other launches than the simulator"));
    CHECK(gpu.cases[1].status == CaseStatus::kPassed);  // evidence for compute-sanitizer, not a verdict
  }
  SECTION("as many launches, other grids") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000ee:0000000000000001:00000000000000a1:tiled", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "", 512)});
    const LaunchDifference differ = launches_differ(gpu, sim);
    CHECK(differ.said == "in case square-16 the GPU launched 2 kernels, the simulator 2, with other grids, blocks or copies");
    CHECK(differ.largest == "square-16");
  }
  SECTION("other kernels at the GPU's size of a case the simulator ran smaller") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:00000000000000a1:tiled", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "1:00000000000000cc:0000000000000002:00000000000000a1:naive", 512)});
    const LaunchDifference differ = launches_differ(gpu, sim);
    CHECK(differ.said == "in case performance-512 the GPU launched the kernels {naive}, the simulator {tiled} at its "
                         "smaller size");
    CHECK(differ.largest == "performance-512");
  }
  SECTION("names that differ past the ones the account lists") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:00000000000000a1:tiled", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "1:00000000000000cc:0000000000000009:00000000000000a1:tiled", 512)});
    CHECK(launches_differ(gpu, sim).largest == "performance-512");
  }
  SECTION("the same launches, other arguments: a flag passed only on the GPU") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:00000000000000a2:tiled", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "1:00000000000000cc:0000000000000001:00000000000000a2:tiled",
                                         512)});
    const LaunchDifference differ = launches_differ(gpu, sim);
    CHECK(differ.said == "in case square-16 the GPU's kernels were passed other arguments than the simulator's");
    CHECK(differ.largest == "square-16");  // the sized-down case's arguments differ of course
  }
  SECTION("arguments a backend could not read are not compared") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000aa:0000000000000001:-:tiled", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "", 512)});
    CHECK(launches_differ(gpu, sim).said.empty());
  }
  SECTION("the same grids of another kernel") {
    GradeReport gpu = report_of({counted("square-16", "2:00000000000000a0:0000000000000002:00000000000000a1:naive", 16),
                                 counted("odd-17", "1:00000000000000bb:0000000000000001:00000000000000a1:tiled", 17),
                                 counted("performance-512", "1:00000000000000cc:0000000000000001:00000000000000a1:tiled", 512)});
    CHECK(launches_differ(gpu, sim).said == "in case square-16 the GPU launched the kernels {naive}, the simulator "
                                            "{tiled}");
  }
}

TEST_CASE("a file the simulator cannot run keeps the GPU's grade, and the report says no race check ran",
          "[race_check]") {
  GradeReport gpu = report_of({case_result("square-16", CaseStatus::kPassed, 1, "all elements of C are right")});
  GradeReport sim = report_of({case_result("square-16", CaseStatus::kUnsupported, 0, "inline PTX")},
                              CaseStatus::kUnsupported);
  sim.build_summary = "unsupported: matmul.cu line 12: inline PTX cannot run in the CPU simulator";
  merge_race_verdicts(gpu, sim);
  CHECK(gpu.cases[0].status == CaseStatus::kPassed);
  CHECK(gpu.score == 1);
  CHECK(gpu.race_check == "none: the simulator cannot run this file: unsupported: matmul.cu line 12: inline PTX "
                          "cannot run in the CPU simulator");
}

TEST_CASE("beside a GPU-like backend, the real simulator grades the same file and the reports merge",
          "[race_check]") {
  // The "GPU" is the fake runner, so its file is a behaviour word, which the simulator's compiler refuses:
  // the merge must say that no race check ran, and leave the GPU's grade alone.
  testing::FakeProject project;
  TempDir scratch(TempDir::Medium::kDisk);
  testing::FakeBackend gpu_backend(scratch.path());
  SubprocessCommandRunner runner;
  ProjectPaths sim_paths = ProjectPaths::discover("", "");
  SimBackend sim_backend(sim_paths, runner);
  const Lab& lab = *find_lab("matmul");
  Grader gpu(lab, gpu_backend, project.paths(), {});
  Grader sim(lab, sim_backend, sim_paths, {});
  const TestSuite suite = testing::one_square_matmul_suite(lab);
  GradeReport report = grade_with_race_check(gpu, &sim, project.write("student/matmul.cu", "correct"), suite);
  // Once (CI on a clean clone, 2026-11-27) this was crashed in 0.25 s, and passed in 31 runs since: say why if so.
  INFO(report.build_summary << " | "
                            << (report.cases.empty() ? "" : report.cases[0].message + " | " + report.cases[0].details)
                            << " | " << report.race_check);
  CHECK(report.verdict == CaseStatus::kPassed);
  // Nor could compute-sanitizer, which is not on this machine (or is, beside nvcc, and then needs a GPU).
  CHECK_THAT(report.race_check, Catch::StartsWith("none: compute-sanitizer") &&
                                    Catch::Contains("; and the simulator could not build this file"));
}

SanitizerVerdict sanitizer_verdict(SanitizerVerdict::Outcome outcome, CaseStatus status, const std::string& message) {
  SanitizerVerdict verdict;
  verdict.outcome = outcome;
  verdict.case_name = "non-multiple-17";
  verdict.status = status;
  verdict.message = message;
  return verdict;
}

TEST_CASE("compute-sanitizer's race on its case is merged as the simulator's is, and the report says what checked",
          "[race_check]") {
  GradeReport gpu = report_of({case_result("square-16", CaseStatus::kPassed, 1, "all elements of C are right"),
                               case_result("non-multiple-17", CaseStatus::kPassed, 1, "all elements of C are right")});
  merge_sanitizer_verdict(gpu, sanitizer_verdict(SanitizerVerdict::Outcome::kFound, CaseStatus::kRace, kRaceMessage),
                          "none: the simulator cannot run this file: unsupported: inline PTX");
  CHECK(gpu.race_check == "compute-sanitizer (racecheck, synccheck) on case non-multiple-17, since the simulator "
                          "cannot run this file: unsupported: inline PTX");
  CHECK(gpu.cases[0].status == CaseStatus::kPassed);
  CHECK(gpu.cases[1].status == CaseStatus::kRace);
  CHECK(gpu.cases[1].message == kRaceMessage);
  CHECK(gpu.cases[1].points == 0);
  CHECK_THAT(gpu.cases[1].details, Catch::Contains("on the GPU this case was passed"));
  CHECK(gpu.score == 1);
  CHECK(gpu.verdict == CaseStatus::kRace);
}

TEST_CASE("a barrier error from synccheck crashes its case; a clean run or no run leaves the grade alone",
          "[race_check]") {
  GradeReport gpu = report_of({case_result("non-multiple-17", CaseStatus::kPassed, 1, "all elements of C are right")});
  merge_sanitizer_verdict(gpu, sanitizer_verdict(SanitizerVerdict::Outcome::kFound, CaseStatus::kCrashed,
                                                 "divergent __syncthreads() in kernel reduce: ..."));
  CHECK(gpu.cases[0].status == CaseStatus::kCrashed);
  CHECK(gpu.race_check == "compute-sanitizer (racecheck, synccheck) on case non-multiple-17");

  GradeReport clean = report_of({case_result("non-multiple-17", CaseStatus::kPassed, 1, "right")});
  merge_sanitizer_verdict(clean, sanitizer_verdict(SanitizerVerdict::Outcome::kClean, CaseStatus::kPassed, ""));
  CHECK(clean.cases[0].status == CaseStatus::kPassed);
  CHECK(clean.score == 1);
  CHECK(clean.race_check == "compute-sanitizer (racecheck, synccheck) on case non-multiple-17");

  GradeReport unchecked = report_of({case_result("non-multiple-17", CaseStatus::kPassed, 1, "right")});
  merge_sanitizer_verdict(unchecked,
                          sanitizer_verdict(SanitizerVerdict::Outcome::kNotChecked, CaseStatus::kPassed,
                                            "compute-sanitizer is not installed at /cuda/bin/compute-sanitizer"),
                          "none: the simulator cannot run this file: inline PTX");
  CHECK(unchecked.cases[0].status == CaseStatus::kPassed);
  CHECK(unchecked.race_check == "none: compute-sanitizer is not installed at /cuda/bin/compute-sanitizer; and the "
                                "simulator cannot run this file: inline PTX");
}

// A GPU grade's efficiency case as grade_case leaves it: passed, no points yet, waiting for the simulator.
CaseResult awaiting_count(const std::string& name, CaseStatus status) {
  CaseResult result = case_result(name, status, 0, "");
  result.kind = CaseKind::kEfficiency;
  result.max_points = 2;
  EfficiencyResult efficiency;
  efficiency.metric = EfficiencyMetric::kGlobalTrafficRatio;
  efficiency.full = 4;
  efficiency.zero = 48;
  efficiency.max_points = 2;
  efficiency.size = {64, 64, 64};
  efficiency.note = kAwaitingSimulatorCount;
  result.efficiency = efficiency;
  return result;
}

TEST_CASE("a GPU grade's efficiency case takes the simulator's figure and points, and says what counted it",
          "[race_check][efficiency]") {
  GradeReport gpu = report_of({awaiting_count("efficiency-traffic", CaseStatus::kPassed),
                               awaiting_count("efficiency-wrong-on-gpu", CaseStatus::kWrongAnswer)});
  CaseResult counted = awaiting_count("efficiency-traffic", CaseStatus::kPassed);
  counted.efficiency->value = 21.67;
  counted.efficiency->points = 1.25;
  counted.efficiency->counted_by = "simulator";
  counted.efficiency->note = "";
  counted.points = 1.25;
  CaseResult counted_too = counted;
  counted_too.name = "efficiency-wrong-on-gpu";
  merge_race_verdicts(gpu, report_of({counted, counted_too}));
  const EfficiencyResult& merged = *gpu.cases[0].efficiency;
  CHECK(merged.counted_by == "simulator, beside the GPU grade");
  REQUIRE(merged.value);
  CHECK(*merged.value == 21.67);
  CHECK(gpu.cases[0].points == 1.25);
  // The simulator's answer was right, the GPU's was not: the GPU's verdict stands, with no efficiency points.
  CHECK(gpu.cases[1].status == CaseStatus::kWrongAnswer);
  CHECK(gpu.cases[1].points == 0);
  CHECK(gpu.cases[1].efficiency->note == "no efficiency points: the outputs must be right first");
  CHECK(gpu.score == 1.25);
}

TEST_CASE("an efficiency case no simulator counted beside the GPU earns nothing, and says why",
          "[race_check][efficiency]") {
  GradeReport unbuildable = report_of({awaiting_count("efficiency-traffic", CaseStatus::kPassed)});
  merge_race_verdicts(unbuildable, report_of({}, CaseStatus::kUnsupported));
  settle_uncounted_efficiency(unbuildable, "it did not count here: the simulator cannot run this file");
  CHECK(unbuildable.cases[0].points == 0);
  CHECK(unbuildable.cases[0].efficiency->note ==
        "not graded: the simulator counts efficiency cases, and it did not count here: the simulator cannot run "
        "this file");
  // A case the simulator did grade (its own note, no points for a wrong answer) is left as it is.
  GradeReport simulated = report_of({awaiting_count("efficiency-traffic", CaseStatus::kWrongAnswer)});
  simulated.cases[0].efficiency->note = "no efficiency points: the outputs must be right first";
  settle_uncounted_efficiency(simulated, "it did not run beside this GPU grade (--race-check off)");
  CHECK(simulated.cases[0].efficiency->note == "no efficiency points: the outputs must be right first");
}

}  // namespace
}  // namespace cudagrade
