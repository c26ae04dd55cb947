#include "labdef/declared_lab.h"

#include <catch2/catch.hpp>
#include <cstring>

#include "core/command_runner.h"
#include "core/temp_dir.h"
#include "labdef/check_self_test.h"

namespace cudagrade {
namespace {

const std::filesystem::path kRoot = CUDAGRADE_SOURCE_ROOT;

// The shipped vector_add lab, its CPU reference compiled by g++ into a cache of the test's own.
struct VectorAdd {
  TempDir cache{TempDir::Medium::kDisk};
  SubprocessCommandRunner runner;
  std::unique_ptr<DeclaredLab> lab;

  VectorAdd() {
    DeclarationResult loaded = load_declaration(kRoot / "labs/vector_add/lab.yaml");
    REQUIRE(loaded.problems.empty());
    lab = std::make_unique<DeclaredLab>(std::move(*loaded.declaration), "labs/vector_add", [this] {
      CpuReference::Loaded built = CpuReference::build(kRoot / "labs/vector_add/reference.cc",
                                                       kRoot / "grader/labdef/include", cache.path(), runner);
      if (!built.reference) throw std::runtime_error(built.problem);
      return built.reference;
    });
  }
};

TestCase case_of(int64_t n, Distribution distribution = Distribution::kUniformFloat) {
  TestCase test_case;
  test_case.name = "n-" + std::to_string(n);
  test_case.size = {n};
  test_case.seed = 42;
  test_case.distribution = distribution;
  return test_case;
}

TEST_CASE("a declared lab answers the pipeline's questions from its declaration", "[labdef][declared_lab]") {
  VectorAdd fixture;
  const DeclaredLab& lab = *fixture.lab;
  CHECK(lab.size_fields() == std::vector<std::string>{"n"});
  CHECK(lab.size_problem({0}) == std::optional<std::string>("n must be at least 1"));
  CHECK(lab.size_problem({int64_t{1} << 31}) == std::optional<std::string>("n must fit in an int (below 2^31)"));
  CHECK_FALSE(lab.size_problem({1000}));
  CHECK(lab.work(case_of(1000)).bytes == 12000);
  CHECK(lab.speed_of_light_references() == std::vector<std::string>{"copy"});
  // Above the simulator's budget the size shrinks to about the budget, keeping its remainder modulo 2048.
  const int64_t large = (int64_t{1} << 24) + 5;
  CHECK(lab.simulator_size({large})[0] <= (1 << 20) + 2048);
  CHECK(lab.simulator_size({large})[0] % 2048 == 5);
  CHECK(lab.simulator_size({1000}) == std::vector<int64_t>{1000});
}

TEST_CASE("the generated entry calls the student's function with the arena's buffers", "[labdef][declared_lab]") {
  VectorAdd fixture;
  const std::string entry = fixture.lab->entry_source("unused");
  CHECK_THAT(entry, Catch::Contains("#include \"vector_add.cuh\""));
  CHECK_THAT(entry, Catch::Contains(
                        "vector_add(static_cast<const float*>(data[0]), static_cast<const float*>(data[1]), "
                        "static_cast<float*>(data[2]), static_cast<int>(dims[0]));"));
}

TEST_CASE("inputs follow the case's seed and distribution; outputs start as poison", "[labdef][declared_lab]") {
  VectorAdd fixture;
  const Workload first = fixture.lab->make_workload(case_of(1000), 0);
  const Workload again = fixture.lab->make_workload(case_of(1000), 0);
  const Workload other_set = fixture.lab->make_workload(case_of(1000), 1);
  REQUIRE(first.buffers.size() == 3);
  CHECK(first.buffers[0].bytes == again.buffers[0].bytes);
  CHECK(first.buffers[0].bytes != other_set.buffers[0].bytes);
  CHECK(first.buffers[0].bytes != first.buffers[1].bytes);
  CHECK(first.buffers[2].role == BufferRole::kOutput);
  CHECK(first.buffers[2].bytes.empty());
  const Workload integers = fixture.lab->make_workload(case_of(1000, Distribution::kSmallIntegers), 0);
  for (size_t i = 0; i < 1000; ++i) {
    const float value = element_as<float>(integers.buffers[0].elements(), i);
    REQUIRE(value == static_cast<float>(static_cast<int>(value)));
    REQUIRE(std::abs(value) < 10);
  }
}

TEST_CASE("the check passes the right answer and names the first wrong element", "[labdef][declared_lab]") {
  VectorAdd fixture;
  const TestCase test_case = case_of(300);
  const Workload sent = fixture.lab->make_workload(test_case, 0);
  std::vector<float> c(300);
  for (size_t i = 0; i < 300; ++i) {
    c[i] = element_as<float>(sent.buffers[0].elements(), i) + element_as<float>(sent.buffers[1].elements(), i);
  }
  const Elements c_elements(reinterpret_cast<const std::byte*>(c.data()), c.size(), ElementType::kFloat32);
  ReturnedSet returned{{sent.buffers[0].elements(), sent.buffers[1].elements(), c_elements}};
  CHECK(fixture.lab->check(test_case, sent, returned).status == CaseStatus::kPassed);
  c[257] += 1.0f;
  std::memcpy(&c[299], &kFloatPoison, sizeof kFloatPoison);
  const CheckOutcome wrong = fixture.lab->check(test_case, sent, returned);
  CHECK(wrong.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(wrong.message, Catch::StartsWith("2 of 300 checked elements of C are wrong; 1 of 300 were never "
                                                        "written; first: C[257]: expected "));
  CHECK_THAT(wrong.details, Catch::Contains("C[299]: expected "));
  CHECK_THAT(wrong.details, Catch::Contains("never written"));
}

TEST_CASE("lab check's self-test: the right answer passes, the four wrong ones fail", "[labdef][declared_lab]") {
  VectorAdd fixture;
  TempDir scratch(TempDir::Medium::kDisk);
  const std::vector<SelfTestFinding> findings = self_test_check(*fixture.lab, case_of(1000), scratch.path());
  REQUIRE(findings.size() == 5);
  for (const SelfTestFinding& finding : findings) {
    INFO(finding.answer << ": " << finding.message);
    CHECK(finding.as_it_should());
  }
  CHECK_THAT(findings[4].message, Catch::Contains("past"));
}

}  // namespace
}  // namespace cudagrade
