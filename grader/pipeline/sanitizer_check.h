// compute-sanitizer as the race checker of last resort: where the simulator cannot run a file (inline PTX,
// cooperative groups, tensor cores, or a file its compiler refuses), a GPU grade is checked by
// `compute-sanitizer --tool racecheck` and then `--tool synccheck`, on one case, in the student's own runner and
// sandbox (Grader::sanitize in grader_sanitizer.cc; the tool is the program the sandbox starts, the runner its
// child, core/confinement.h). This file holds what that run is made of: which case, which command, where the
// tool lives, and what its finding means for the case.
//
// The runner is the one the GPU grading built: nvcc's builds carry -lineinfo already (nvcc_toolchain.cc), which
// is all the tools need to name source lines, and which costs the timed code nothing.
//
// Cost: the tools run after the student's GPU grading, since they need the GPU too. On the H100 (#12,
// 2026-11-24) racecheck took 10.8 s on a racy tiled matmul and 1.2 s on a clean one at 64 x 64 x 64, so about
// twice that on matmul's 64 x 256 x 32 case (an estimate until scripts/device-verify.sh sanitizer measures it);
// synccheck runs only when racecheck found nothing. Only files the simulator cannot check pay it, or every file
// with --race-check sanitizer.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "model/status.h"
#include "model/testcase.h"
#include "run/sanitizer_report.h"

namespace cudagrade {

// What one tool run may take, start to summary: the tools slow a kernel down by one or two orders of magnitude.
inline constexpr std::chrono::seconds kSanitizerTimeout{300};
// --error-exitcode: an exit status no runner uses for itself (runner_main.cu ends with 0 to 3), so that the tool's
// own word that it found errors can be told apart from the runner's.
inline constexpr int kSanitizerFoundErrors = 86;
// --print-limit: the first records are enough for the message; the count comes from the tool's totals.
inline constexpr int kSanitizerPrintLimit = 100;

// compute-sanitizer as the CUDA toolkit installs it, beside nvcc (bin/compute-sanitizer).
std::filesystem::path compute_sanitizer_beside(const std::filesystem::path& nvcc);
// The one beside the nvcc this grader was built with.
std::filesystem::path default_compute_sanitizer();

// The words before the runner's path: `sanitizer` running `tool` on it. Racecheck reports both hazards (the
// threads and block of the first) and its analysis (the count of hazards for each pair of lines).
std::vector<std::string> sanitizer_wrapper(const std::filesystem::path& sanitizer, SanitizerTool tool);

// The smallest non-trivial correctness case (by the product of its sizes; ties go to the earlier case): the
// smallest whose every size is at least kWarpWide, else at least 2, else any. racecheck sees only the races that
// happen in the run, and a small case hides the ones that matter: the tiled matmul without its second barrier
// races only when K spans two tiles or more (its 16 x 13 x 7 case has one tile of 16, and no race), a reduction
// tree only across the warps of a block. A warp's width along every size gives both: for the shipped cases
// that is matmul's 64 x 256 x 32 and reduction's 255. Null when there is no correctness case.
inline constexpr int64_t kWarpWide = 32;
const TestCase* sanitizer_case(const std::vector<TestCase>& cases);

struct SanitizerVerdict {
  enum class Outcome { kClean, kFound, kNotChecked } outcome = Outcome::kNotChecked;
  std::string case_name;                    // the case the tools ran
  CaseStatus status = CaseStatus::kPassed;  // for kFound: race (racecheck) or crashed (synccheck's barrier error)
  std::string message;                      // for kFound, the finding; for kNotChecked, why not
};

// The verdict of one tool's finding on `case_name`; kClean when it found nothing.
SanitizerVerdict verdict_of(const SanitizerFinding& finding, SanitizerTool tool, const std::string& case_name);

// What a clean run under the tool is worth when the file launched otherwise there than in its graded run of the
// same case (`graded`, `watched`: the two runs' accounts, model/launch_account.h): the tool checked other code
// than the grade ran. A file can tell the tool is watching (a barrier timed with the device's clock takes far
// longer under racecheck) and take its racy path only where it is not, so that difference is the evidence:
// kFound, `rejected`, on that case. kClean where the two agree, or either run gave no account.
SanitizerVerdict watched_run_verdict(const std::string& graded, const std::string& watched,
                                     const std::string& case_name);

}  // namespace cudagrade
