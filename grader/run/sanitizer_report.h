// compute-sanitizer's words on one run of a student's runner, read into the verdict the simulator would give.
// Where the simulator cannot run a file (inline PTX, cooperative groups, ...), a GPU grade is checked by
// `compute-sanitizer --tool racecheck` and `--tool synccheck` instead (pipeline/race_check.h); their reports
// are turned here into the same message the simulator writes (cusim/runtime/race_report.cc): the kind, the
// memory, the kernel, both threads, both lines and the fix, with the total the tool counted.
//
// The text is read as the tools print it, every line behind "========= " (their own prefix):
//   racecheck, hazard records (--racecheck-report hazard or all), the earlier access first:
//     ========= Error: Potential RAW hazard detected at __shared__ 0x40 in block (0,0,0) :
//     =========     Write Thread (1,0,0) at tiled(const float *, ...)+0x2f0 in matmul.cu:13
//     =========     Read Thread (0,0,0) at tiled(const float *, ...)+0x280 in matmul.cu:10
//   racecheck, analysis records (--racecheck-report analysis or all), with the count of hazards:
//     ========= Error: Race reported between Write access at tiled(...)+0x2f0 in matmul.cu:13
//     =========     and Read access at tiled(...)+0x280 in matmul.cu:10 [52352 hazards]
//   synccheck:
//     ========= Barrier error detected. Divergent thread(s) in warp
//     =========     at reduce(float *, int)+0xf0 in reduction.cu:79
//     =========     by thread (37,0,0) in block (0,0,0)
//   and the footers "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)" and "ERROR SUMMARY: N errors".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cudagrade {

enum class SanitizerTool { kRacecheck, kSynccheck };

struct SanitizerFinding {
  enum class Outcome {
    kClean,         // the tool's summary says it found nothing
    kRace,          // racecheck: conflicting shared-memory accesses with no barrier between
    kBarrierError,  // synccheck: a barrier that part of a block or warp never reached
    kUnreadable,    // no summary: the tool did not finish, or the output was cut short before it
  } outcome = Outcome::kUnreadable;
  std::string message;  // for kRace and kBarrierError: the first one, worded as the simulator words it
  int64_t count = 0;    // hazards or barrier errors the tool counted in all
};

// Reads `output` (the sanitizer's lines, interleaved with whatever the program printed). Lines a program could
// print itself can only add findings, never hide one: a clean verdict needs the tool's own summary, and none
// when output was dropped (Subprocess's "[N more bytes of output dropped]").
SanitizerFinding read_sanitizer_output(SanitizerTool tool, std::string_view output);

// "racecheck" or "synccheck", as --tool takes it.
const char* tool_name(SanitizerTool tool);

}  // namespace cudagrade
