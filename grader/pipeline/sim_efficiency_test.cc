// Efficiency cases graded end to end in the CPU simulator, on real course files: a tiled reference and the
// uncoalesced example earn different points on the same rules, a wrong answer earns none, and a performance
// case's speed points are graded by its efficiency rule where nothing times it (speed_without_gpu: efficiency),
// which is what the Gradescope package, with no GPU, then awards.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "backend/sim_backend.h"
#include "core/temp_dir.h"
#include "labs/registry.h"
#include "pipeline/grader.h"
#include "report/gradescope_printer.h"
#include "testing/phase_count.h"
#include "testing/required_case.h"
#include "testing/sized_case.h"

namespace cudagrade {
namespace {

using testing::required_case;

TestCase efficiency_case(const std::string& name, EfficiencyMetric metric, double full, double zero) {
  TestCase test_case = testing::sized_case(name, {32, 32, 32}, CaseKind::kEfficiency);
  test_case.points = 2;
  test_case.timeout_s = 20;
  test_case.efficiency = EfficiencyRule{metric, full, zero, 0.25};
  return test_case;
}

TestSuite efficiency_suite() {
  TestSuite suite;
  suite.lab = "matmul";
  suite.cases.push_back(efficiency_case("traffic", EfficiencyMetric::kGlobalTrafficRatio, 4, 48));
  suite.cases.push_back(efficiency_case("coalescing", EfficiencyMetric::kGlobalSectorsOverIdeal, 1.25, 4));
  suite.cases.push_back(efficiency_case("load-sectors", EfficiencyMetric::kGlobalLoadSectorsPerRequest, 4.5, 16));
  return suite;
}

// Every side counted again at three quarters of its size (kept to the lab's remainder), so that a test's
// figures do not depend on the draw; `recount_factor` replaces it.
GradeReport graded(const std::string& relative, const TestSuite& suite, double recount_factor = 0.75) {
  ProjectPaths paths = ProjectPaths::discover("", "");
  SubprocessCommandRunner runner;
  SimBackend backend(paths, runner);
  GradeOptions options;
  options.recount_factor = [recount_factor] { return recount_factor; };
  Grader grader(*find_lab(suite.lab), backend, paths, options);
  GradeReport report = grader.grade(paths.root / relative, suite);
  INFO(report.build_summary << "\n" << report.build_log);
  REQUIRE(report.cases.size() == suite.cases.size());
  return report;
}

TEST_CASE("a tiled reference and the uncoalesced example earn different efficiency points on the same rules",
          "[efficiency][sim]") {
  const TestSuite suite = efficiency_suite();
  const GradeReport tiled = graded("reference/matmul/tiled.cu", suite);
  const GradeReport uncoalesced = graded("submissions/matmul/uncoalesced.cu", suite);
  for (const GradeReport* report : {&tiled, &uncoalesced}) {
    for (const CaseResult& result : report->cases) {
      INFO(report->submission << " " << result.name << ": " << result.message);
      REQUIRE(result.status == CaseStatus::kPassed);
      REQUIRE(result.efficiency);
      CHECK(result.efficiency->counted_by == "simulator");
      CHECK(result.efficiency->size == std::vector<int64_t>{32, 32, 32});
      CHECK(result.max_points == 2);
      CHECK(result.points == result.efficiency->points);
    }
  }
  // The tiled kernel: each of the 4 blocks loads its 2 tiles of A and 2 of B along K, coalesced, so A and B are
  // each read twice and C written once: (2 + 2 + 1) / 3 the fewest bytes, at 4 sectors a request of 4-byte loads.
  const EfficiencyResult& tiled_traffic = *required_case(tiled, "traffic").efficiency;
  REQUIRE(tiled_traffic.value);
  CHECK(*tiled_traffic.value == Approx(5.0 / 3.0).margin(0.01));
  CHECK(tiled_traffic.points == 2);
  CHECK(*required_case(tiled, "coalescing").efficiency->value == Approx(1.0));
  CHECK(*required_case(tiled, "load-sectors").efficiency->value == Approx(4.0));
  CHECK(required_case(tiled, "load-sectors").points == 2);
  // The uncoalesced one: a warp is two threadIdx.y rows of 16 lanes, and its lanes read A from 16 rows (16
  // sectors a request) and B at two adjacent columns (1 sector): (16 + 1) / 2 = 8.5 sectors a load, which is
  // (16 - 8.5) / (16 - 4.5) x 2 = 1.30 points, 1.25 in steps of a quarter. Its traffic is far over the tiled one's.
  CHECK(*required_case(uncoalesced, "load-sectors").efficiency->value == Approx(8.5));
  CHECK(required_case(uncoalesced, "load-sectors").points == 1.25);
  CHECK(*required_case(uncoalesced, "coalescing").efficiency->value > 1.5);
  CHECK(required_case(uncoalesced, "coalescing").points < 2);
  CHECK(*required_case(uncoalesced, "traffic").efficiency->value > 20 * *tiled_traffic.value);
  CHECK(uncoalesced.score < tiled.score);
  // The same file, the same points: counting is deterministic.
  const GradeReport again = graded("submissions/matmul/uncoalesced.cu", suite);
  for (size_t i = 0; i < again.cases.size(); ++i) {
    CHECK(again.cases[i].points == uncoalesced.cases[i].points);
    CHECK(*again.cases[i].efficiency->value == *uncoalesced.cases[i].efficiency->value);
  }
}

// Issue #33: a naive matmul that first copied A and B into __device__ arrays, coalesced, and then read those
// got every efficiency point, for the simulator counted only the copy. The file's __device__ arrays are now
// global memory to it (cusim/runtime/device_statics.h): the staged kernel is counted as the naive one, plus
// its copy.
TEST_CASE("a naive matmul that reads its inputs from __device__ copies is counted as the naive one, copy and all",
          "[efficiency][sim]") {
  TempDir scratch(TempDir::Medium::kDisk);
  std::ofstream(scratch.path() / "matmul.cu") << R"(#include "matmul.cuh"
__device__ float a_copy[64 * 64];
__device__ float b_copy[64 * 64];
__global__ void stage(const float* A, const float* B, int a_elements, int b_elements) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < a_elements) a_copy[i] = A[i];
  if (i < b_elements) b_copy[i] = B[i];
}
__global__ void naive(float* C, int M, int K, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  float sum = 0.0f;
  for (int k = 0; k < K; ++k) sum += a_copy[row * K + k] * b_copy[k * N + col];
  C[row * N + col] = sum;
}
void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  int most = M * K > K * N ? M * K : K * N;
  stage<<<(most + 255) / 256, 256>>>(A, B, M * K, K * N);
  dim3 block(16, 16);
  naive<<<dim3((N + 15) / 16, (M + 15) / 16), block>>>(C, M, K, N);
}
)";
  const TestSuite suite = efficiency_suite();
  const GradeReport staged = graded((scratch.path() / "matmul.cu").string(), suite);
  const GradeReport naive = graded("reference/matmul/naive.cu", suite);
  const EfficiencyResult& staged_traffic = *required_case(staged, "traffic").efficiency;
  const EfficiencyResult& naive_traffic = *required_case(naive, "traffic").efficiency;
  INFO(required_case(staged, "traffic").message);
  REQUIRE(staged_traffic.value);
  REQUIRE(naive_traffic.value);
  CHECK(*staged_traffic.value > *naive_traffic.value);
  CHECK(staged_traffic.points <= naive_traffic.points);
  CHECK(staged.score <= naive.score);
}

TEST_CASE("efficiency cases with the same inputs and modelled cache are one counted run, each graded by its own "
          "rule", "[efficiency][sim]") {
  TestSuite suite = efficiency_suite();
  suite.cases.push_back(efficiency_case("dram", EfficiencyMetric::kDramBytesRatio, 1.5, 4));
  TestCase larger_cache = efficiency_case("dram-larger-cache", EfficiencyMetric::kDramBytesRatio, 1.5, 4);
  larger_cache.efficiency->cache_fraction = 4;  // the whole working set fits: each input read from DRAM once
  suite.cases.push_back(larger_cache);

  GradeReport together;
  const std::string run = "student's runner: run the case once";
  const std::string recount = "student's runner: count the case again at a size drawn for this grade";
  std::map<std::string, int> runs = testing::phase_counts(
      {run, recount}, [&] { together = graded("submissions/matmul/uncoalesced.cu", suite); });
  // traffic, coalescing, load-sectors and dram share one run, and one recount; the larger modelled cache counts
  // again, at both sizes. A recount is a run too.
  CHECK(runs[run] == 4);
  CHECK(runs[recount] == 2);
  CHECK_THAT(required_case(together, "dram").message,
             Catch::Contains("the same inputs as case traffic, judged by its run"));
  CHECK_THAT(required_case(together, "dram-larger-cache").message, !Catch::Contains("the same inputs"));

  // Each case graded alone gives the same figure and points as the shared run.
  for (const TestCase& test_case : suite.cases) {
    TestSuite alone;
    alone.lab = "matmul";
    alone.cases.push_back(test_case);
    const GradeReport report_alone = graded("submissions/matmul/uncoalesced.cu", alone);
    const CaseResult& by_itself = report_alone.cases[0];
    const CaseResult& shared = required_case(together, test_case.name);
    INFO(test_case.name << ": " << shared.message);
    CHECK(shared.status == CaseStatus::kPassed);
    REQUIRE(shared.efficiency->value);
    REQUIRE(by_itself.efficiency->value);
    CHECK(*shared.efficiency->value == *by_itself.efficiency->value);
    CHECK(shared.points == by_itself.points);
  }
  CHECK(*required_case(together, "dram-larger-cache").efficiency->value < *required_case(together, "dram").efficiency->value);
}

TEST_CASE("a grader that goes on to the next student counts that student's run, not the last one's",
          "[efficiency][sim]") {
  ProjectPaths paths = ProjectPaths::discover("", "");
  SubprocessCommandRunner runner;
  SimBackend backend(paths, runner);
  Grader grader(*find_lab("matmul"), backend, paths, {});
  const TestSuite suite = efficiency_suite();
  const GradeReport uncoalesced = grader.grade(paths.root / "submissions/matmul/uncoalesced.cu", suite);
  const GradeReport tiled = grader.grade(paths.root / "reference/matmul/tiled.cu", suite);
  REQUIRE(required_case(uncoalesced, "traffic").efficiency->value);
  REQUIRE(required_case(tiled, "traffic").efficiency->value);
  CHECK(*required_case(uncoalesced, "traffic").efficiency->value > 20);
  CHECK(*required_case(tiled, "traffic").efficiency->value == Approx(5.0 / 3.0).margin(0.01));
  CHECK(*required_case(tiled, "load-sectors").efficiency->value == Approx(4.0));
  CHECK_THAT(required_case(tiled, "coalescing").message, Catch::Contains("the same inputs as case traffic"));
}

TEST_CASE("a wrong answer earns no efficiency points, whatever its accesses, and keeps its verdict",
          "[efficiency][sim]") {
  const GradeReport report = graded("submissions/matmul/swapped_indices.cu", efficiency_suite());
  for (const CaseResult& result : report.cases) {
    CHECK(result.status == CaseStatus::kWrongAnswer);
    CHECK(result.points == 0);
    REQUIRE(result.efficiency);
    CHECK_FALSE(result.efficiency->value);
    CHECK(result.efficiency->note == "no efficiency points: the outputs must be right first");
  }
}

TEST_CASE("without a GPU, speed_without_gpu: efficiency grades the speed points by the rule, and Gradescope "
          "awards them", "[efficiency][sim]") {
  TestSuite suite;
  suite.lab = "matmul";
  TestCase timed = testing::sized_case("performance-48", {48, 48, 48}, CaseKind::kPerformance);
  timed.points = 1;
  timed.timeout_s = 20;
  timed.speed = SpeedRule{"tiled_boundary", 4, 1.0, 2.0, 0.25, SpeedWithoutGpu::kEfficiency,
                          EfficiencyRule{EfficiencyMetric::kGlobalTrafficRatio, 4, 48, 0.25}};
  suite.cases.push_back(timed);
  const GradeReport tiled = graded("reference/matmul/tiled.cu", suite);
  const CaseResult& result = tiled.cases[0];
  INFO(result.message);
  REQUIRE(result.status == CaseStatus::kPassed);
  CHECK(result.max_points == 5);  // the speed points stay in the total
  REQUIRE(result.efficiency);
  CHECK(result.efficiency->grades_speed);
  CHECK(result.efficiency->max_points == 4);
  CHECK(result.efficiency->points == 4);  // 48 / 16 = 3 tiles of K: traffic (3 + 3 + 1) / 3 = 2.33 < 4
  CHECK(result.points == 5);
  CHECK_THAT(result.message, Catch::Contains("graded by its efficiency rule, counted by the simulator"));
  CHECK(tiled.score == 5);
  CHECK(tiled.max_score == 5);

  std::ostringstream out;
  GradescopePrinter(out).print(tiled);
  const nlohmann::json results = nlohmann::json::parse(out.str());
  CHECK(results["score"] == 5);
  REQUIRE(results["tests"].size() == 1);
  CHECK(results["tests"][0]["score"] == 5);
  CHECK(results["tests"][0]["max_score"] == 5);
  CHECK_THAT(results["tests"][0]["output"].get<std::string>(),
             Catch::Contains("efficiency: global_traffic_ratio 2.33x the fewest bytes (full points at or under 4, none "
                             "at or over 48), counted by the simulator at 48x48x48 and again at 32x32x32 (1.67x the fewest "
                             "bytes): 4 of 4 speed points"));
}

// The shipped reduction's first performance case, as testcases/reduction.yaml grades it without a GPU.
TestSuite modelled_reduction_suite() {
  TestSuite suite;
  suite.lab = "reduction";
  TestCase timed = testing::sized_case("performance-2^24", {int64_t{1} << 24}, CaseKind::kPerformance);
  timed.points = 1;
  timed.timeout_s = 60;
  timed.speed = SpeedRule{"reduce3", 2, 1.0, 3.0, 0.25, SpeedWithoutGpu::kEfficiency,
                          EfficiencyRule{EfficiencyMetric::kModelledTimeRatio, 2.25, 4.5, 0.25}};
  suite.cases.push_back(timed);
  return suite;
}

const EfficiencyResult& modelled(const GradeReport& report) {
  const CaseResult& result = report.cases.at(0);
  INFO(report.submission << ": " << result.message);
  REQUIRE(result.status == CaseStatus::kPassed);
  REQUIRE(result.efficiency);
  REQUIRE(result.efficiency->value);
  return *result.efficiency;
}

TEST_CASE("without a GPU the modelled time orders reductions as the GPU does: one thread or one warp earns no "
          "speed points, and a decoy kernel costs, never pays", "[efficiency][sim]") {
  const TestSuite suite = modelled_reduction_suite();
  const GradeReport reduce3 = graded("reference/reduction/reduce3.cu", suite);
  const GradeReport reduce1 = graded("reference/reduction/reduce1.cu", suite);
  const GradeReport single_thread = graded("submissions/reduction/single_thread.cu", suite);
  const GradeReport one_warp = graded("submissions/reduction/one_warp.cu", suite);
  const GradeReport decoyed = graded("submissions/reduction/decoy_kernel.cu", suite);
  CHECK(modelled(reduce3).points == 2);
  CHECK(modelled(reduce3).size == std::vector<int64_t>{1046528});
  // One SM of 132, and of it one warp: the model's idle GPU puts both far behind the grid's kernels.
  CHECK(*modelled(single_thread).value > 100 * *modelled(reduce3).value);
  CHECK(*modelled(one_warp).value > 20 * *modelled(reduce3).value);
  CHECK(modelled(single_thread).points == 0);
  CHECK(modelled(one_warp).points == 0);
  // The decoy re-reads the input four times: the call's time grows by about that much, and its points do not.
  CHECK(*modelled(decoyed).value > 2 * *modelled(reduce1).value);
  CHECK(modelled(decoyed).points <= modelled(reduce1).points);
  CHECK(*modelled(reduce1).value > *modelled(reduce3).value);
}

// The shipped transpose's coalescing case (testcases/transpose.yaml).
TestSuite transpose_coalescing_suite() {
  TestSuite suite;
  suite.lab = "transpose";
  TestCase test_case = testing::sized_case("coalescing-256", {256, 256}, CaseKind::kEfficiency);
  test_case.points = 2;
  test_case.timeout_s = 20;
  test_case.distribution = Distribution::kUniformFloat;
  test_case.efficiency = EfficiencyRule{EfficiencyMetric::kGlobalSectorsOverIdeal, 1.25, 4, 0.25};
  suite.cases.push_back(test_case);
  return suite;
}

TEST_CASE("a decoy kernel of coalesced reads does not buy a naive transpose its coalescing points",
          "[efficiency][sim]") {
  const TestSuite suite = transpose_coalescing_suite();
  const GradeReport naive = graded("reference/transpose/naive.cu", suite);
  const GradeReport decoyed = graded("submissions/transpose/decoy_kernel.cu", suite);
  const GradeReport padded = graded("reference/transpose/tiled_padded.cu", suite);
  for (const GradeReport* report : {&naive, &decoyed, &padded}) {
    INFO(report->submission << ": " << report->cases[0].message);
    REQUIRE(report->cases[0].status == CaseStatus::kPassed);
    REQUIRE(report->cases[0].efficiency);
    REQUIRE(report->cases[0].efficiency->value);
  }
  // The naive transpose's stores touch 8 sectors where 1 would do, its loads 1: (1 + 8) / 2 = 4.5.
  CHECK(*naive.cases[0].efficiency->value == Approx(4.5));
  CHECK(*decoyed.cases[0].efficiency->value == *naive.cases[0].efficiency->value);
  CHECK(decoyed.cases[0].points == 0);
  CHECK(*padded.cases[0].efficiency->value == Approx(1.0));
  CHECK(padded.cases[0].points == 2);
}

// A memcpy whose size the compiler cannot see stays a C library call, out of -fsanitize=thread's sight: the
// simulator saw no kernel read the input (host_compute, 0 points for a correct file) and counted nothing. The
// join routes the call through the checker (sim/checked_calls.h), which counts it as nvcc compiles it, a loop
// of byte loads and stores: the same sectors in four times the instructions, so it is no more efficient than
// its plain twin (on an H200 it earned 1 speed point of 5 to the plain one's 2, docs/runs/2026-11-28-checked-calls).
TEST_CASE("a transpose that moves its elements with memcpy is graded, and counted as byte loads and stores",
          "[efficiency][sim]") {
  const TestSuite suite = transpose_coalescing_suite();
  const GradeReport naive = graded("reference/transpose/naive.cu", suite);
  const GradeReport copied = graded("submissions/transpose/copies_through_memcpy.cu", suite);
  for (const GradeReport* report : {&naive, &copied}) {
    INFO(report->submission << ": " << report->cases[0].message);
    REQUIRE(report->cases[0].status == CaseStatus::kPassed);
    REQUIRE(report->cases[0].efficiency);
    REQUIRE(report->cases[0].efficiency->value);
  }
  // The plain loads touch 8 sectors where 1 would do, the stores 1: 4.5. A byte of each lane's float at a
  // time, a warp's loads touch 32 sectors where 1 would do, its stores 4: (32 + 4) / 2 = 18.
  CHECK(*naive.cases[0].efficiency->value == Approx(4.5));
  CHECK(*copied.cases[0].efficiency->value == Approx(18.0));
  CHECK(copied.cases[0].points <= naive.cases[0].points);
}


}  // namespace
}  // namespace cudagrade

namespace cudagrade {
namespace {

// Issue #33: a file tiled at the sizes the shipped efficiency cases are counted at (64^3, and 160^3 for the
// performance cases) and naive elsewhere was graded as the tiled kernel. Each case is now counted again at a
// size drawn for the grade; where other code ran there (check/size_behaviour.h), the worse of the two counts,
// the second carried back to the listed size by the reference's own change, grades it.
TEST_CASE("a file tiled only at the listed size is graded by its count at a size drawn for the grade, and earns "
          "no more than the naive kernel", "[efficiency][sim][recount]") {
  TestSuite suite;
  suite.lab = "matmul";
  for (TestCase test_case : efficiency_suite().cases) {
    test_case.size = {64, 64, 64};
    suite.cases.push_back(test_case);
  }
  const GradeReport singling = graded("submissions/gpu-only/matmul/tiled_only_at_counted_sizes.cu", suite);
  const GradeReport naive = graded("submissions/gpu-only/matmul/naive_twin.cu", suite);
  const GradeReport tiled = graded("reference/matmul/tiled.cu", suite);
  for (const TestCase& test_case : suite.cases) {
    const CaseResult& cheat = required_case(singling, test_case.name);
    const CaseResult& twin = required_case(naive, test_case.name);
    const CaseResult& honest = required_case(tiled, test_case.name);
    INFO(test_case.name << ": " << cheat.message << " / " << cheat.efficiency->note);
    REQUIRE(cheat.status == CaseStatus::kPassed);
    REQUIRE(cheat.efficiency->recount_value);
    CHECK(cheat.efficiency->size == std::vector<int64_t>{64, 64, 64});
    CHECK(cheat.efficiency->recount_size == std::vector<int64_t>{48, 48, 48});  // 64 x 0.75, a multiple of 16
    CHECK(cheat.points <= twin.points);
    // The honest tiled kernel is no worse at 48^3: its first count grades it, as before the recount.
    REQUIRE(honest.efficiency->recount_value);
    CHECK(honest.efficiency->note.empty());
    CHECK(honest.points == honest.efficiency->max_points);
  }
  const EfficiencyResult& traffic = *required_case(singling, "traffic").efficiency;
  CHECK(*traffic.value < 4);            // at 64^3 it ran the tiled kernel ...
  CHECK(*traffic.recount_value > 4 * *traffic.value);  // ... and at 48^3 the naive one
  CHECK_THAT(traffic.note, Catch::Contains("counted again at 48x48x48, a size drawn for this grade, it launched "
                                            "{naive_kernel} there and {tiled_kernel} at the listed size"));
  CHECK(singling.score <= naive.score);
  CHECK(tiled.score > naive.score);

  // Both paths in one kernel: the name is the same at both sizes, the shared memory is not.
  const GradeReport branching = graded("submissions/gpu-only/matmul/tiled_branch_at_counted_sizes.cu", suite);
  for (const TestCase& test_case : suite.cases) {
    const CaseResult& cheat = required_case(branching, test_case.name);
    INFO(test_case.name << ": " << cheat.message << " / " << cheat.efficiency->note);
    REQUIRE(cheat.status == CaseStatus::kPassed);
    CHECK(cheat.points <= required_case(naive, test_case.name).points);
    CHECK_THAT(cheat.efficiency->note,
               Catch::Contains("it used no shared memory there and used shared memory at the listed size"));
  }
  CHECK(branching.score <= naive.score);
}

// The shipped matmul's first performance case, as testcases/matmul.yaml grades it without a GPU: counted at
// 160^3, where the file above runs its tiled kernel.
TEST_CASE("without a GPU, a file tiled only at the performance case's counted size earns no more speed points "
          "than the naive kernel", "[efficiency][sim][recount]") {
  TestSuite suite;
  suite.lab = "matmul";
  TestCase timed = testing::sized_case("performance-4096", {4096, 4096, 4096}, CaseKind::kPerformance);
  timed.points = 1;
  timed.timeout_s = 60;
  timed.speed = SpeedRule{"tiled_boundary", 4, 1.0, 2.0, 0.25, SpeedWithoutGpu::kEfficiency,
                          EfficiencyRule{EfficiencyMetric::kModelledTimeRatio, 12.75, 20, 0.25}};
  suite.cases.push_back(timed);
  const GradeReport singling = graded("submissions/gpu-only/matmul/tiled_only_at_counted_sizes.cu", suite);
  const GradeReport branching = graded("submissions/gpu-only/matmul/tiled_branch_at_counted_sizes.cu", suite);
  const GradeReport naive = graded("submissions/gpu-only/matmul/naive_twin.cu", suite);
  const GradeReport tiled = graded("reference/matmul/tiled_boundary.cu", suite);
  CHECK(modelled(branching).points <= modelled(naive).points);
  CHECK_THAT(modelled(branching).note, Catch::Contains("used no shared memory there"));
  const EfficiencyResult& cheat = modelled(singling);
  INFO(cheat.note);
  CHECK(cheat.size == std::vector<int64_t>{160, 160, 160});
  CHECK(cheat.recount_size == std::vector<int64_t>{112, 112, 112});  // 120 rounded down to 16s
  CHECK(*cheat.value == Approx(*modelled(tiled).value));  // at 160^3 it ran the tiled kernel
  CHECK_THAT(cheat.note, Catch::Contains("{naive_kernel} there"));
  CHECK(cheat.points <= modelled(naive).points);
  CHECK(singling.score <= naive.score);
  CHECK(modelled(tiled).note.empty());
  CHECK(modelled(tiled).points == 4);
}

TEST_CASE("a lab without a recount counts each case once, and a side too small to shrink by a whole step is kept",
          "[efficiency][sim][recount]") {
  // vector_add names no recount: the size comes back as it is, whatever the draw.
  const Lab& vector_add = *find_lab("vector_add");
  CHECK(vector_add.recount_size({4096}, [] { return 0.5; }) == std::vector<int64_t>{4096});
  // matmul's sides shrink by their own draws, keeping their remainders modulo 16; a side under 32 is kept.
  const Lab& matmul = *find_lab("matmul");
  std::vector<double> draws = {0.5, 0.9, 0.75};
  size_t next = 0;
  CHECK(matmul.recount_size({64, 67, 160}, [&] { return draws[next++]; }) == std::vector<int64_t>{32, 51, 112});
  CHECK(matmul.recount_size({8, 3, 9}, [] { return 0.5; }) == std::vector<int64_t>{8, 3, 9});
}

}  // namespace
}  // namespace cudagrade
