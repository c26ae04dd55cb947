// compute-sanitizer's reports read into the simulator's words. The samples are the tools' own text, verbatim,
// from where each test says; the one built here (the H100 run) says so.
#include "run/sanitizer_report.h"

#include <catch2/catch.hpp>

#include "core/files.h"
#include "core/paths.h"

namespace cudagrade {
namespace {

using Outcome = SanitizerFinding::Outcome;

// NVIDIA's Compute Sanitizer user guide, "Understanding Racecheck Hazard Reports"
// (https://docs.nvidia.com/compute-sanitizer/ComputeSanitizer/index.html).
constexpr const char* kGuideHazard =
    "========= ERROR: Potential WAW hazard detected at __shared__ 0x0 in block (0,0,0) :\n"
    "========= Write Thread (0,0,0) at WAW()+0x2f0 in raceWAW.cu:20\n"
    "========= Write Thread (1,0,0) at WAW()+0x2f0 in raceWAW.cu:20\n"
    "========= Current Value : 1, Incoming Value : 2\n";

TEST_CASE("a racecheck hazard record names the kind, the memory, the kernel, both threads and both lines",
          "[sanitizer_report]") {
  const SanitizerFinding finding = read_sanitizer_output(SanitizerTool::kRacecheck, kGuideHazard);
  CHECK(finding.outcome == Outcome::kRace);
  CHECK(finding.count == 1);
  CHECK(finding.message ==
        "WAW data race on byte 0x0 of the block's __shared__ memory in kernel WAW, block (0,0,0): thread (0,0,0) "
        "writes it at line 20 and thread (1,0,0) writes it at line 20 with no barrier between. Add "
        "__syncthreads() between the write at line 20 and the write at line 20. compute-sanitizer's racecheck "
        "counted 1 hazard in all.");
}

// The same guide, "Understanding Racecheck Analysis Reports".
TEST_CASE("a racecheck analysis record gives both lines and its count of hazards", "[sanitizer_report]") {
  const SanitizerFinding finding = read_sanitizer_output(
      SanitizerTool::kRacecheck,
      "========= WARNING: Race reported between Write access at RAW()+0xf0 in raceGroupBasic.cu:40\n"
      "========= and Read access at RAW()+0x280 in raceGroupBasic:46 [4 hazards]\n");
  CHECK(finding.outcome == Outcome::kRace);
  CHECK(finding.count == 4);
  CHECK_THAT(finding.message, Catch::StartsWith("RAW data race on shared memory in kernel RAW: a thread writes it at "
                                                "line 40 and another reads it at raceGroupBasic:46"));
}

// NVIDIA/cudf issue #23900 (2026): a templated device function, a header's lines, two other accesses.
TEST_CASE("an analysis record with several other accesses counts all their hazards", "[sanitizer_report]") {
  const SanitizerFinding finding = read_sanitizer_output(
      SanitizerTool::kRacecheck,
      "========= Error: Race reported between Write access at "
      "cudf::io::parquet::detail::delta_binary_decoder::calc_mini_block_pass(unsigned int, const "
      "cooperative_groups::__v1::thread_block_tile<(unsigned int)32, cooperative_groups::__v1::thread_block> "
      "&)+0xd790 in delta_binary.cuh:324\n"
      "=========     and Read access at cudf::io::parquet::detail::delta_binary_decoder::calc_mini_block_pass(unsigned "
      "int, const cooperative_groups::__v1::thread_block_tile<(unsigned int)32, "
      "cooperative_groups::__v1::thread_block> &)+0xd5c0 in delta_binary.cuh:312 [16 hazards]\n"
      "=========     and Read access at cudf::io::parquet::detail::delta_binary_decoder::calc_mini_block_pass(unsigned "
      "int, const cooperative_groups::__v1::thread_block_tile<(unsigned int)32, "
      "cooperative_groups::__v1::thread_block> &)+0xd5e0 in delta_binary.cuh:312 [32 hazards]\n"
      "=========\n");
  CHECK(finding.outcome == Outcome::kRace);
  CHECK(finding.count == 48);
  CHECK_THAT(finding.message,
             Catch::Contains("in kernel cudf::io::parquet::detail::delta_binary_decoder::calc_mini_block_pass: a "
                             "thread writes it at delta_binary.cuh:324 and another reads it at delta_binary.cuh:312"));
}

// NVIDIA/nsight-training, "05 Racecheck" (an older sanitizer: offset first, then file:line:kernel), with the
// program's own lines between the tool's.
TEST_CASE("the older layout, kernel after the line, among the program's own output", "[sanitizer_report]") {
  const SanitizerFinding finding = read_sanitizer_output(
      SanitizerTool::kRacecheck,
      "========= COMPUTE-SANITIZER\n"
      "Image ./checkerboard.png size: 32 * 32\n"
      "Image ./icon.png size: 32 * 32\n"
      "Grid size: 2 * 2 * 1\n"
      "Block size: 31 * 31 * 1\n"
      "========= ERROR: Race reported between Read access at 0x6360 in "
      "/home/nvidia/sanitizer-demo/convolution.cu:123:convolution(pixel const*, int, int, float const*, int, pixel*)\n"
      "=========     and Write access at 0x1fe0 in /home/nvidia/sanitizer-demo/convolution.cu:63:convolution(pixel "
      "const*, int, int, float const*, int, pixel*) [1088 hazards]\n"
      "=========     and Write access at 0x26d0 in /home/nvidia/sanitizer-demo/convolution.cu:68:convolution(pixel "
      "const*, int, int, float const*, int, pixel*) [64 hazards]\n"
      "=========     and Write access at 0x3590 in /home/nvidia/sanitizer-demo/convolution.cu:79:convolution(pixel "
      "const*, int, int, float const*, int, pixel*) [64 hazards]\n"
      "=========     and Write access at 0x4480 in /home/nvidia/sanitizer-demo/convolution.cu:89:convolution(pixel "
      "const*, int, int, float const*, int, pixel*) [32 hazards]\n");
  CHECK(finding.outcome == Outcome::kRace);
  CHECK(finding.count == 1248);
  CHECK_THAT(finding.message, Catch::StartsWith("WAR data race on shared memory in kernel convolution: a thread reads "
                                                "it at line 123 and another writes it at line 63"));
}

// Built in the guide's layouts for the run #12 measured on the H100 (2026-11-24): the tiled matmul without its
// second barrier, 52,352 hazards, line 13 against line 10. The first hazard record gives the threads; the
// analysis record and the footer give the count.
// compute-sanitizer 2025.3.1 on an NVIDIA H100, 2026-11-24 21:40 UTC: submissions/matmul/missing_syncthreads.cu's
// kernel with a main of its own at 64 x 256 x 32, `--tool racecheck --racecheck-report all --print-limit 100
// --show-backtrace no` (tests/data/sanitizer/racecheck-all-h100.txt: its first three records and its footer).
// A hazard between lanes of one warp is headed "Warning: (Warp Level Programming)".
TEST_CASE("the tool's own H100 output: a warp-level hazard record and the summary's total", "[sanitizer_report]") {
  const std::string output =
      read_file(ProjectPaths::discover("", "").root / "tests" / "data" / "sanitizer" / "racecheck-all-h100.txt");
  const SanitizerFinding finding = read_sanitizer_output(SanitizerTool::kRacecheck, output);
  CHECK(finding.outcome == Outcome::kRace);
  CHECK(finding.count == 132993 + 124161);
  CHECK(finding.message ==
        "WAR data race on byte 0x600 of the block's __shared__ memory in kernel matmul_kernel, block (0,2,0): "
        "thread (15,8,0) reads it at line 16 and thread (0,8,0) writes it at line 13 with no barrier between. Add "
        "__syncthreads() between the read at line 16 and the write at line 13. compute-sanitizer's racecheck "
        "counted 257154 hazards in all.");
}

TEST_CASE("the issue's H100 run: the first hazard and the total", "[sanitizer_report]") {
  const SanitizerFinding finding = read_sanitizer_output(
      SanitizerTool::kRacecheck,
      "========= COMPUTE-SANITIZER\n"
      "========= Error: Potential WAR hazard detected at __shared__ 0x40 in block (1,0,0) :\n"
      "=========     Read Thread (0,1,0) at matmul_tiled(const float *, const float *, float *, int, int, int)+0x280 "
      "in /cache/nvcc/ab12/matmul.cu:10\n"
      "=========     Write Thread (0,2,0) at matmul_tiled(const float *, const float *, float *, int, int, int)+0x2f0 "
      "in /cache/nvcc/ab12/matmul.cu:13\n"
      "=========     Current Value : 0, Incoming Value : 1065353216\n"
      "========= \n"
      "========= Error: Race reported between Read access at matmul_tiled(const float *, const float *, float *, int, "
      "int, int)+0x280 in /cache/nvcc/ab12/matmul.cu:10\n"
      "=========     and Write access at matmul_tiled(const float *, const float *, float *, int, int, int)+0x2f0 in "
      "/cache/nvcc/ab12/matmul.cu:13 [52352 hazards]\n"
      "========= \n"
      "========= RACECHECK SUMMARY: 101 hazards displayed (101 errors, 0 warnings)\n");
  CHECK(finding.outcome == Outcome::kRace);
  CHECK(finding.count == 52352);
  CHECK(finding.message ==
        "WAR data race on byte 0x40 of the block's __shared__ memory in kernel matmul_tiled, block (1,0,0): thread "
        "(0,1,0) reads it at line 10 and thread (0,2,0) writes it at line 13 with no barrier between. Add "
        "__syncthreads() between the read at line 10 and the write at line 13. compute-sanitizer's racecheck "
        "counted 52352 hazards in all.");
}

TEST_CASE("a clean racecheck needs the tool's own footer, and output cut short is no verdict", "[sanitizer_report]") {
  // The footer as kokkos/kokkos issue #6217 shows it, with nothing found.
  const std::string clean =
      "========= COMPUTE-SANITIZER\n========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n";
  CHECK(read_sanitizer_output(SanitizerTool::kRacecheck, clean).outcome == Outcome::kClean);
  CHECK(read_sanitizer_output(SanitizerTool::kRacecheck, "========= COMPUTE-SANITIZER\n").outcome ==
        Outcome::kUnreadable);
  CHECK(read_sanitizer_output(SanitizerTool::kRacecheck, "").outcome == Outcome::kUnreadable);
  // A program that floods its output could push the records out; its own copy of the footer proves nothing.
  CHECK(read_sanitizer_output(SanitizerTool::kRacecheck, clean + "\n[300000 more bytes of output dropped]\n").outcome ==
        Outcome::kUnreadable);
  // A footer the program printed cannot hide the tool's records, and a printf without its newline does not
  // hide the tool's line behind it.
  const SanitizerFinding forged =
      read_sanitizer_output(SanitizerTool::kRacecheck,
                            std::string("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n") +
                                "partial line" + kGuideHazard);
  CHECK(forged.outcome == Outcome::kRace);
}

// The same guide, "Understanding Synccheck Reports".
TEST_CASE("a synccheck barrier error becomes the simulator's divergent-barrier message", "[sanitizer_report]") {
  const SanitizerFinding finding =
      read_sanitizer_output(SanitizerTool::kSynccheck,
                            "========= Barrier error detected. Divergent thread(s) in warp\n"
                            "========= at ThreadDivergence(int *, int)+0xf0 in divergence.cu:79\n"
                            "========= by thread (37,0,0) in block (0,0,0)\n");
  CHECK(finding.outcome == Outcome::kBarrierError);
  CHECK(finding.count == 1);
  CHECK(finding.message ==
        "divergent __syncthreads() in kernel ThreadDivergence: thread (37,0,0) of block (0,0,0) waits at the barrier "
        "at line 79 while other threads of its warp never reach it (compute-sanitizer's synccheck: Divergent "
        "thread(s) in warp); every thread of a block must reach the same barrier (on a GPU this hangs or corrupts "
        "results). compute-sanitizer's synccheck counted 1 barrier error in all.");
}

TEST_CASE("synccheck's error summary counts what it did not print, and a zero summary is clean", "[sanitizer_report]") {
  // The footer's two lines as compute-sanitizer prints them past its --print-limit.
  const SanitizerFinding finding = read_sanitizer_output(
      SanitizerTool::kSynccheck,
      "========= Barrier error detected. Divergent thread(s) in block\n"
      "=========     at reduce_tree(const float *, float *, int)+0x1b0 in reduction.cu:21\n"
      "=========     by thread (64,0,0) in block (3,0,0)\n"
      "========= ERROR SUMMARY: 2752 errors\n"
      "========= ERROR SUMMARY: 2742 errors were not printed. Use --print-limit option to adjust\n");
  CHECK(finding.outcome == Outcome::kBarrierError);
  CHECK(finding.count == 2752);
  CHECK_THAT(finding.message, Catch::Contains("thread (64,0,0) of block (3,0,0) waits at the barrier at line 21 "
                                              "while other threads of its block never reach it"));
  CHECK(read_sanitizer_output(SanitizerTool::kSynccheck, "========= ERROR SUMMARY: 0 errors\n").outcome ==
        Outcome::kClean);
  // Errors counted but none described (an API error, say) prove no barrier error.
  CHECK(read_sanitizer_output(SanitizerTool::kSynccheck, "========= ERROR SUMMARY: 1 error\n").outcome ==
        Outcome::kUnreadable);
}

}  // namespace
}  // namespace cudagrade
