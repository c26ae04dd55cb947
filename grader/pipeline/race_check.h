// A GPU's timing can hide a race: a tiled kernel missing a barrier may give the right answer on one GPU and
// a wrong one on the next, or next year, and a grade must not depend on that luck. So a grade on the GPU
// also runs the simulator's correctness pass, with its race and barrier checks, on the CPU cores that sit
// idle while the GPU works, and the two reports are merged case by case. The simulator sizes the cases down
// as it always does, and runs the performance cases too (for their races, not their speed).
// Where the simulator cannot run or build the file, compute-sanitizer's racecheck and synccheck check it on
// the GPU instead, after its grading (pipeline/sanitizer_check.h), and their finding is merged the same way.
#pragma once

#include <filesystem>
#include <future>
#include <string>

#include "model/report.h"
#include "model/testcase.h"
#include "pipeline/grader.h"

namespace cudagrade {

// --race-check: how a grade on a GPU is checked for races and barrier faults.
enum class RaceCheck {
  kOff,
  kSimulatorThenSanitizer,  // the default: the simulator alongside, compute-sanitizer where it cannot check
  kSanitizer,               // compute-sanitizer alone
};

// Whether the simulator's report could be merged: kNotChecked when it could not build or run the file;
// kLaunchesDiffer when it was merged but the two backends' counts of some case's launches differ
// (model/launch_account.h): the file ran other code on the GPU than in the simulator, so compute-sanitizer
// checks it on the GPU too.
enum class SimulatorCheck { kMerged, kLaunchesDiffer, kNotChecked };

// The cases both backends ran at the same size whose launches differ, each with a note in its details: `said`
// names the first for the report ("in case square-32 the GPU launched 2 kernels, the simulator 1"), `largest`
// the one with the most elements, which compute-sanitizer then checks (the likeliest to show what the GPU's
// other code does: a tile loop that runs more than once). Both empty when none differs.
struct LaunchDifference {
  std::string said;
  std::string largest;
};
LaunchDifference launches_differ(GradeReport& gpu, const GradeReport& sim);

// The simulator's verdicts merged into the GPU's report, matched by case name: a case the simulator finds
// racy is `race`, with the simulator's message (the array, both lines, the fix) and no points, whatever the
// GPU said, and so is a case it finds computed on the host (`host_compute`, from its view of every copy); what the GPU
// said stays in the details, since the student needs both facts. Sets `gpu.race_check` to what checked, or to "none"
// and why (the simulator could not build or run the file). An efficiency case (kind efficiency) takes the simulator's
// figure and points, "counted by the simulator, beside the GPU grade", where the GPU found its outputs right.
// `sanitize_case`, when given, gets the case compute-sanitizer should check where the launches differ.
SimulatorCheck merge_race_verdicts(GradeReport& gpu, const GradeReport& sim, std::string* sanitize_case = nullptr);

// An efficiency case the simulator did not count for `gpu` (it could not run the file, or was not asked to run
// beside it) earns nothing, and says `why`.
void settle_uncounted_efficiency(GradeReport& gpu, const std::string& why);

// The simulator's report, when it comes, merged into `gpu`; if the simulator failed, `gpu` keeps its grade and
// says that no race check ran, and why.
SimulatorCheck apply_race_check(GradeReport& gpu, std::future<GradeReport> simulated,
                                std::string* sanitize_case = nullptr);

// compute-sanitizer's verdict merged into `gpu` as the simulator's is: the case it found racy (or a barrier
// error in) gets that verdict and no points. `instead_of`: why the simulator did not check, when it was asked
// to; the report says it beside what checked.
void merge_sanitizer_verdict(GradeReport& gpu, const SanitizerVerdict& verdict, const std::string& instead_of = "");

// The end of a GPU grade's race check, once `gpu` graded `report`: the simulator's report merged in, when
// `simulated` holds one, and compute-sanitizer run on `gpu` when the simulator did not check (or was not asked).
void finish_race_check(Grader& gpu, const std::filesystem::path& submission, const TestSuite& suite,
                       GradeReport& report, std::future<GradeReport>* simulated);

// Grades `submission` on `gpu` while `sim` (a grader on the simulator, which checks the performance cases too;
// null for compute-sanitizer alone) grades it on the CPU, then merges the two (finish_race_check).
GradeReport grade_with_race_check(Grader& gpu, Grader* sim, const std::filesystem::path& submission,
                                  const TestSuite& suite);

}  // namespace cudagrade
