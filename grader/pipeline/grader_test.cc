// The whole pipeline after the build (runner processes, arenas, checks, scoring) against the fake runner.
#include "pipeline/grader.h"

#include <catch2/catch.hpp>
#include <functional>

#include "labs/registry.h"
#include "testing/fake_backend.h"
#include "testing/phase_count.h"
#include "testing/required_case.h"
#include "testing/sized_case.h"

namespace cudagrade {
namespace {

using testing::FakeBackend;
using testing::FakeProject;
using testing::required_case;

TestCase matmul_case(const std::string& name, std::vector<int64_t> size, CaseKind kind = CaseKind::kSquare) {
  return testing::sized_case(name, std::move(size), kind);
}

TestSuite performance_suite();

TestSuite matmul_suite() {
  TestSuite suite;
  suite.lab = "matmul";
  suite.cases.push_back(matmul_case("small", {16, 13, 7}));
  suite.cases.push_back(matmul_case("seven", {7, 5, 9}));
  suite.cases.push_back(matmul_case("larger", {40, 33, 21}));
  return suite;
}

struct Fixture {
  FakeProject project;
  TempDir scratch{TempDir::Medium::kDisk};
  FakeBackend backend{scratch.path()};
  const Lab& lab = *find_lab("matmul");

  GradeReport grade(const std::string& behaviour, const TestSuite& suite, GradeOptions options = {}) {
    const std::filesystem::path file = project.write("student/matmul.cu", behaviour);
    Grader grader(lab, backend, project.paths(), options);
    return grader.grade(file, suite);
  }
};

TEST_CASE("a correct submission passes every case with full points", "[pipeline]") {
  Fixture fixture;
  GradeReport report = fixture.grade("correct", matmul_suite());
  REQUIRE(report.cases.size() == 3);
  for (const CaseResult& result : report.cases) CHECK(result.status == CaseStatus::kPassed);
  CHECK(report.verdict == CaseStatus::kPassed);
  CHECK(report.score == 3);
  CHECK(report.device == "Fake GPU (CPU)");
}

TEST_CASE("a crash in one case fails that case only, a fresh runner grades the rest", "[pipeline]") {
  Fixture fixture;
  GradeReport report = fixture.grade("crash-on-size=7", matmul_suite());
  CHECK(required_case(report, "small").status == CaseStatus::kPassed);
  const CaseResult& crashed = required_case(report, "seven");
  CHECK(crashed.status == CaseStatus::kCrashed);
  CHECK_THAT(crashed.message, Catch::Contains("Aborted"));
  CHECK(required_case(report, "larger").status == CaseStatus::kPassed);
  CHECK(report.verdict == CaseStatus::kCrashed);
  CHECK(report.score == 2);
}

TEST_CASE("a hang is killed at the case's timeout and the rest still run", "[pipeline]") {
  Fixture fixture;
  TestSuite suite = matmul_suite();
  suite.cases[1].timeout_s = 0.5;
  const auto started = Clock::now();
  GradeReport report = fixture.grade("hang-on-size=7", suite);
  CHECK(required_case(report, "seven").status == CaseStatus::kTimeout);
  CHECK(required_case(report, "seven").elapsed_ms < 3000);
  CHECK(required_case(report, "larger").status == CaseStatus::kPassed);
  CHECK(Clock::now() - started < std::chrono::seconds(10));
}

TEST_CASE("cases with the same inputs share a run only under the same time limit", "[pipeline]") {
  Fixture fixture;
  TestCase tight = matmul_case("tight", {7, 5, 9});
  tight.timeout_s = 0.3;
  TestCase generous = tight;
  generous.name = "generous";
  generous.timeout_s = 10;
  TestCase also_generous = generous;
  also_generous.name = "also-generous";
  for (const bool tight_first : {true, false}) {
    INFO((tight_first ? "the tight case first" : "the generous cases first"));
    TestSuite suite;
    suite.lab = "matmul";
    suite.cases = tight_first ? std::vector<TestCase>{tight, generous, also_generous}
                              : std::vector<TestCase>{generous, also_generous, tight};
    // Every check of that size is answered 1.5 s late: past the tight limit, well inside the generous one.
    const GradeReport report = fixture.grade("sleep-on-size=7", suite);
    CHECK(required_case(report, "tight").status == CaseStatus::kTimeout);
    CHECK(required_case(report, "generous").status == CaseStatus::kPassed);
    CHECK(required_case(report, "also-generous").status == CaseStatus::kPassed);
    CHECK_THAT(required_case(report, "also-generous").message, Catch::Contains("the same inputs as case generous"));
    CHECK_THAT(required_case(report, "generous").message, !Catch::Contains("the same inputs"));
  }
}

TEST_CASE("a case is first waited for 0.5 s, 3 s in the simulator until the student's runner hangs once", "[pipeline]") {
  CHECK(first_wait_seconds(false, false, 5) == kTimeoutFloorSeconds);
  CHECK(first_wait_seconds(true, false, 5) == kSimulatorFirstWaitSeconds);
  CHECK(first_wait_seconds(true, true, 5) == kTimeoutFloorSeconds);
  CHECK(first_wait_seconds(true, false, 1) == 1);  // never past the case's ceiling
  CHECK(first_wait_seconds(false, false, 0.2) == 0.2);
}

// reference/scan/naive.cu's second order took 3.4 s alone at its largest case, whose ceiling is 5 s.
TEST_CASE("the simulator's second order waits twice the case's ceiling, or exactly the YAML's own timeout",
          "[pipeline]") {
  CHECK(second_order_limit_seconds(false, 5) == 10);
  CHECK(second_order_limit_seconds(false, 60) == 120);
  CHECK(second_order_limit_seconds(true, 5) == 5);  // an instructor's limit is theirs
  CHECK(second_order_limit_seconds(true, 0.5) == 0.5);
}

// How many times the graders measured a case's limit from the references, while `grade` ran.
int limit_measurements(const std::function<void()>& grade) {
  return testing::phase_count("time limit: the references' own time on the case", grade);
}

TEST_CASE("graders that share a class's time limits measure each case's limit once, for every student",
          "[pipeline]") {
  Fixture fixture;
  TestSuite suite = matmul_suite();
  suite.cases[1].timeout_given = false;  // "seven": held to the limit the references give it
  auto two_hanging_students = [&](const GradeOptions& options) {
    return limit_measurements([&] {
      for (int student = 0; student < 2; ++student) {
        const GradeReport report = fixture.grade("hang-on-size=7", suite, options);
        CHECK(required_case(report, "seven").status == CaseStatus::kTimeout);
        CHECK(required_case(report, "larger").status == CaseStatus::kPassed);
      }
    });
  };
  CHECK(two_hanging_students(GradeOptions{}) == 2);  // each grader its own
  GradeOptions shared;
  shared.limits = std::make_shared<TimeLimits>();
  CHECK(two_hanging_students(shared) == 1);
}

TEST_CASE("a sticky CUDA error is reported as a crash with the CUDA error named", "[pipeline]") {
  Fixture fixture;
  GradeReport report = fixture.grade("cuda-error-on-size=16", matmul_suite());
  const CaseResult& result = required_case(report, "small");
  CHECK(result.status == CaseStatus::kCrashed);
  CHECK_THAT(result.message, Catch::Contains("cudaErrorIllegalAddress"));
  CHECK(required_case(report, "seven").status == CaseStatus::kPassed);
}

TEST_CASE("exiting with status 0 instead of answering is a crash, not a pass", "[pipeline]") {
  Fixture fixture;
  GradeReport report = fixture.grade("exit-zero-on-size=7", matmul_suite());
  CHECK(required_case(report, "seven").status == CaseStatus::kCrashed);
  CHECK_THAT(required_case(report, "seven").message, Catch::Contains("exit code 0"));
}

TEST_CASE("wrong, unwritten, out-of-bounds and input-changing outputs are wrong answers", "[pipeline]") {
  Fixture fixture;
  auto single = [](std::vector<int64_t> size) {
    TestSuite suite;
    suite.lab = "matmul";
    suite.cases.push_back(matmul_case("case", std::move(size)));
    return suite;
  };
  SECTION("one wrong element") {
    GradeReport report = fixture.grade("wrong", single({16, 13, 7}));
    CHECK(report.cases[0].status == CaseStatus::kWrongAnswer);
    CHECK_THAT(report.cases[0].message, Catch::Contains("1 of 112 checked elements of C are wrong"));
    CHECK_THAT(report.cases[0].message, Catch::Contains("C[row 15, col 6]"));
  }
  SECTION("a row never written shows in the picture") {
    GradeReport report = fixture.grade("skip-last-row", single({40, 8, 40}));
    CHECK(report.cases[0].status == CaseStatus::kWrongAnswer);
    CHECK_THAT(report.cases[0].message, Catch::Contains("40 of 1600 were never written"));
    CHECK_THAT(report.cases[0].details, Catch::Contains("  |...|\n  |...|\n  |???|\n"));
  }
  SECTION("a write past the end of C") {
    GradeReport report = fixture.grade("past-end", single({16, 13, 7}));
    CHECK(report.cases[0].status == CaseStatus::kWrongAnswer);
    CHECK_THAT(report.cases[0].message, Catch::Contains("past the end of C"));
  }
  SECTION("a changed input") {
    GradeReport report = fixture.grade("modify-input", single({16, 13, 7}));
    CHECK(report.cases[0].status == CaseStatus::kWrongAnswer);
    CHECK_THAT(report.cases[0].message, Catch::Contains("input A was modified"));
  }
}

TEST_CASE("nothing a submission prints changes a verdict, and a flood is capped", "[pipeline]") {
  Fixture fixture;
  GradeReport report = fixture.grade("flood", matmul_suite());
  CHECK(report.verdict == CaseStatus::kPassed);
  TestSuite single;
  single.lab = "matmul";
  single.cases.push_back(matmul_case("case", {3, 3, 3}));
  // The flood prints forged "ok" lines on stdout; the one wrong element still fails the case.
  GradeReport wrong = fixture.grade("flood wrong", single);
  CHECK(wrong.cases[0].status == CaseStatus::kWrongAnswer);
}

TEST_CASE("tampering with the arena or the control channel is the submission's fault, not the grader's", "[pipeline]") {
  Fixture fixture;
  GradeReport truncated = fixture.grade("truncate-arena", matmul_suite());
  CHECK(truncated.cases[0].status == CaseStatus::kCrashed);
  CHECK_THAT(truncated.cases[0].message, Catch::Contains("arena file was cut short"));
  GradeReport junk = fixture.grade("junk-on-control", matmul_suite());
  CHECK(junk.cases[0].status == CaseStatus::kCrashed);
  CHECK_THAT(junk.cases[0].message, Catch::Contains("control channel"));
  CHECK(junk.verdict != CaseStatus::kInfraError);
  GradeReport forged = fixture.grade("forge-reply", performance_suite());
  CHECK(forged.cases[0].status == CaseStatus::kCrashed);
  CHECK(forged.cases[0].points == 0);
}

TEST_CASE("compile errors fail every case with the compiler's words", "[pipeline]") {
  Fixture fixture;
  GradeReport report = fixture.grade("compile-error", matmul_suite());
  CHECK(report.verdict == CaseStatus::kCompileError);
  for (const CaseResult& result : report.cases) {
    CHECK(result.status == CaseStatus::kCompileError);
    CHECK_THAT(result.message, Catch::Contains("identifier \"acc\" is undefined"));
  }
  CHECK(report.score == 0);
}

TEST_CASE("no usable device is an infrastructure error, never zero points for a wrong answer", "[pipeline]") {
  FakeProject project;
  TempDir scratch{TempDir::Medium::kDisk};
  FakeBackend backend(scratch.path(), /*usable=*/false);
  Grader grader(*find_lab("matmul"), backend, project.paths(), {});
  GradeReport report = grader.grade(project.write("student/matmul.cu", "correct"), matmul_suite());
  CHECK(report.verdict == CaseStatus::kInfraError);
  CHECK_THAT(report.cases[0].message, Catch::Contains("no fake device today"));
}

TEST_CASE("a runner that blames the machine is believed only when a reference fails the same way", "[pipeline]") {
  for (const std::string claim : {"no-device", "harness-error"}) {
    INFO(claim);
    Fixture alone;
    GradeReport blamed = alone.grade(claim, matmul_suite());
    for (const CaseResult& result : blamed.cases) {
      CHECK(result.status == CaseStatus::kCrashed);
      CHECK_THAT(result.message, Catch::Contains("the reference register_tiled runs on the same device"));
    }
    Fixture broken_machine;
    broken_machine.project.write("reference/matmul/register_tiled.cu", claim);
    GradeReport confirmed = broken_machine.grade(claim, matmul_suite());
    CHECK(confirmed.verdict == CaseStatus::kInfraError);
    CHECK_THAT(confirmed.cases[0].message, Catch::Contains("fails the same way here"));
  }
}

TEST_CASE("a runner that never greets costs one wait, not one a case: the other cases get its verdict at once",
          "[pipeline]") {
  Fixture fixture;
  GradeOptions options;
  options.runner_start_timeout = std::chrono::milliseconds(2000);
  const auto started = std::chrono::steady_clock::now();
  const GradeReport report = fixture.grade("silent-greeting", matmul_suite(), options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  REQUIRE(report.cases.size() == 3);
  for (const CaseResult& result : report.cases) {
    CHECK(result.status == CaseStatus::kTimeout);
    CHECK_THAT(result.message, Catch::Contains("before the harness started"));
  }
  CHECK_THAT(report.cases[2].message, Catch::Contains("for an earlier case: the runner is not started again"));
  CHECK(seconds < 5.0);  // one wait of 2 s; waiting again for each case would take at least 6
}

TEST_CASE("on a GPU, an output the runner saw written from host memory is host_compute, as in the simulator",
          "[pipeline]") {
  Fixture fixture;
  const GradeReport report = fixture.grade("host-copied-output", matmul_suite());
  for (const CaseResult& result : report.cases) {
    CHECK(result.status == CaseStatus::kHostCompute);
    CHECK_THAT(result.message, Catch::StartsWith("C was written by a copy from host memory, not by a kernel"));
    CHECK(result.points == 0);
  }
}

TEST_CASE("hidden cases are graded only when asked", "[pipeline]") {
  Fixture fixture;
  TestSuite suite = matmul_suite();
  suite.cases[2].hidden = true;
  CHECK(fixture.grade("correct", suite).cases.size() == 2);
  GradeOptions all;
  all.include_hidden = true;
  CHECK(fixture.grade("correct", suite, all).cases.size() == 3);
}

TestSuite performance_suite() {
  TestSuite suite;
  suite.lab = "matmul";
  TestCase timed = matmul_case("timed", {32, 32, 32}, CaseKind::kPerformance);
  timed.speed = SpeedRule{"tiled_boundary", 4, 1.0, 3.0};
  suite.cases.push_back(timed);
  return suite;
}

TEST_CASE("speed points follow the time ratio against the reference timed in the same run", "[pipeline]") {
  Fixture fixture;
  SECTION("as fast as the reference: full points") {
    GradeReport report = fixture.grade("correct ms=2", performance_suite());
    const CaseResult& result = report.cases[0];
    REQUIRE(result.speed);
    CHECK(result.speed->ratio == Approx(1.0));
    CHECK(result.points == Approx(5));
    REQUIRE(result.speed->baselines.size() == 1);
    CHECK(result.speed->baselines[0].name == "cublas");
    CHECK(*result.speed->percent_of_baseline == Approx(20));  // 0.4 ms against 2 ms
    CHECK(result.speed->gflops == Approx(2.0 * 32 * 32 * 32 / 2e-3 / 1e9));
  }
  SECTION("twice the reference's time: halfway between full (1x) and zero (3x)") {
    GradeReport report = fixture.grade("correct ms=4", performance_suite());
    CHECK(report.cases[0].speed->ratio == Approx(2.0));
    CHECK(report.cases[0].points == Approx(1 + 2));
  }
  SECTION("a submission that caches its answer fails when timed on fresh inputs") {
    GradeReport report = fixture.grade("cache ms=1", performance_suite());
    CHECK(report.cases[0].status == CaseStatus::kWrongAnswer);
    CHECK_THAT(report.cases[0].message, Catch::Contains("on inputs of its own"));
    CHECK(report.cases[0].points == 0);
  }
  SECTION("a submission that answers timed calls from the sets it has seen fails on a mixed sample") {
    GradeReport report = fixture.grade("remembered ms=1", performance_suite());
    CHECK(report.cases[0].status == CaseStatus::kWrongAnswer);
    CHECK_THAT(report.cases[0].message, Catch::Matches("wrong in timed call [0-9]+ of 12, on inputs of its own: .*"));
    CHECK(report.cases[0].points == 0);
  }
}

// The samples a runner hands back for judging are the student's process's word: a list that names a sample
// twice, one it did not time, or too few is refused whole, and the reference's start shows it is not the machine.
TEST_CASE("a timing reply whose audited samples are malformed earns nothing", "[pipeline]") {
  Fixture fixture;
  for (const char* mode : {"audit-repeated", "audit-beyond", "audit-short"}) {
    INFO(mode);
    GradeReport report = fixture.grade(std::string(mode) + " ms=1", performance_suite());
    const CaseResult& result = report.cases[0];
    CHECK(result.status == CaseStatus::kCrashed);
    CHECK_THAT(result.message, Catch::Contains("malformed timing reply"));
    CHECK(result.points == 0);
  }
}

TEST_CASE("a reported median the grader's clock refutes is rejected as a forged time", "[pipeline]") {
  Fixture fixture;
  // Twelve samples of 40 ms take the runner half a second, but it reports a 2 ms median: the reference's.
  GradeReport report = fixture.grade("rewrite-median ms=40", performance_suite());
  const CaseResult& result = report.cases[0];
  CHECK(result.status == CaseStatus::kRejected);
  CHECK_THAT(result.message, Catch::StartsWith("rejected: forged time: the runner reported a median of 2 ms"));
  CHECK(result.points == 0);
  // The honest twin, as slow as it says: no speed points, but its correctness points stand.
  GradeReport honest = fixture.grade("correct ms=40", performance_suite());
  CHECK(honest.cases[0].status == CaseStatus::kPassed);
  CHECK(honest.cases[0].points == Approx(1));
}

TEST_CASE("a median no GPU could reach is rejected as a forged time", "[pipeline]") {
  Fixture fixture;
  // 1 ns for 32^3: 12 KB at 12 TB/s, past the fake device's copy (1000 GB/s) and within the wall clock's
  // allowances, which only a physical limit catches.
  GradeReport report = fixture.grade("impossible-median ms=0.01", performance_suite());
  const CaseResult& result = report.cases[0];
  CHECK(result.status == CaseStatus::kRejected);
  CHECK_THAT(result.message, Catch::Contains("GB/s this GPU copies at"));
  CHECK(result.points == 0);
}

TEST_CASE("a missing reference is an infrastructure error, not lost points", "[pipeline]") {
  Fixture fixture;
  TestSuite suite = performance_suite();
  suite.cases[0].speed->reference = "no_such_reference";
  GradeReport report = fixture.grade("correct", suite);
  CHECK(report.cases[0].status == CaseStatus::kInfraError);
  CHECK_THAT(report.cases[0].message, Catch::Contains("no_such_reference"));
}

TEST_CASE("the reduction lab runs through the same pipeline", "[pipeline]") {
  Fixture fixture;
  const Lab& lab = *find_lab("reduction");
  TestSuite suite;
  suite.lab = "reduction";
  for (int64_t n : {1, 257, 100003}) {
    TestCase test_case;
    test_case.name = "n" + std::to_string(n);
    test_case.size = {n};
    test_case.seed = 7;
    test_case.timeout_s = 5;
    suite.cases.push_back(test_case);
  }
  Grader grader(lab, fixture.backend, fixture.project.paths(), {});
  GradeReport right = grader.grade(fixture.project.write("student/reduction.cu", "correct"), suite);
  CHECK(right.verdict == CaseStatus::kPassed);
  Grader second(lab, fixture.backend, fixture.project.paths(), {});
  GradeReport wrong = second.grade(fixture.project.write("student/reduction.cu", "wrong"), suite);
  CHECK(wrong.verdict == CaseStatus::kWrongAnswer);
  CHECK_THAT(wrong.cases[0].message, Catch::Contains("off by 1"));
}

}  // namespace
}  // namespace cudagrade

namespace cudagrade {
namespace {

// The matmul lab as a lab with a speed of light named "copy", as the transpose lab has: everything else is
// the real lab's.
class LabWithSpeedOfLight : public Lab {
 public:
  explicit LabWithSpeedOfLight(const Lab& lab) : lab_(lab) {}
  std::string name() const override { return lab_.name(); }
  std::string title() const override { return lab_.title(); }
  std::string submission_file() const override { return lab_.submission_file(); }
  std::vector<std::string> size_fields() const override { return lab_.size_fields(); }
  std::vector<int64_t> example_size() const override { return lab_.example_size(); }
  std::optional<std::string> size_problem(const std::vector<int64_t>& size) const override {
    return lab_.size_problem(size);
  }
  std::vector<Distribution> distributions() const override { return lab_.distributions(); }
  Tolerance default_tolerance(Distribution distribution) const override {
    return lab_.default_tolerance(distribution);
  }
  std::string default_speed_reference() const override { return "copy"; }
  std::vector<std::string> speed_of_light_references() const override { return {"copy"}; }
  std::vector<Baseline> baselines() const override { return {}; }
  Workload make_workload(const TestCase& test_case, int set_index) const override {
    return lab_.make_workload(test_case, set_index);
  }
  CheckOutcome check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const override {
    return lab_.check(test_case, sent, returned);
  }
  WorkCount work(const TestCase& test_case) const override { return lab_.work(test_case); }
  void dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const override {
    lab_.dump(sent, returned, dir);
  }

 private:
  const Lab& lab_;
};

TEST_CASE("a speed of light times the student without computing the lab's answer", "[pipeline]") {
  FakeProject project;
  TempDir scratch{TempDir::Medium::kDisk};
  FakeBackend backend{scratch.path()};
  const LabWithSpeedOfLight lab(*find_lab("matmul"));
  TestSuite suite = performance_suite();
  suite.cases[0].speed->reference = "copy";
  const std::filesystem::path student = project.write("student/matmul.cu", "correct ms=2");
  SECTION("a wrong answer written whole is a fine speed of light") {
    project.write("reference/matmul/copy.cu", "wrong ms=1");
    GradeReport report = Grader(lab, backend, project.paths(), {}).grade(student, suite);
    const CaseResult& result = report.cases[0];
    INFO(result.message);
    CHECK(result.status == CaseStatus::kPassed);
    REQUIRE(result.speed);
    CHECK(result.speed->ratio == Approx(2.0));
    CHECK(result.points == Approx(1 + 2));
  }
  SECTION("one that leaves outputs unwritten times nobody") {
    project.write("reference/matmul/copy.cu", "skip-last-row ms=1");
    GradeReport report = Grader(lab, backend, project.paths(), {}).grade(student, suite);
    CHECK(report.cases[0].status == CaseStatus::kInfraError);
    CHECK_THAT(report.cases[0].message, Catch::Contains("could not time the reference 'copy'"));
    CHECK_THAT(report.cases[0].message, Catch::Contains("elements of C were never written"));
  }
  SECTION("the same file as an ordinary reference is refused for its wrong answer") {
    project.write("reference/matmul/copy.cu", "wrong ms=1");
    GradeReport report = Grader(*find_lab("matmul"), backend, project.paths(), {}).grade(student, suite);
    CHECK(report.cases[0].status == CaseStatus::kInfraError);
    CHECK_THAT(report.cases[0].message, Catch::Contains("it computed a wrong answer"));
  }
}

}  // namespace
}  // namespace cudagrade
