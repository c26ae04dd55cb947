// A lab whose right answer is not unique, judged by its own check (`check: own`, cudagrade_check): the index
// of a maximum, where small integers make ties, so any index holding the maximum is right.
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>

#include "core/command_runner.h"
#include "core/temp_dir.h"
#include "labdef/declared_lab.h"

namespace cudagrade {
namespace {

const std::filesystem::path kRoot = CUDAGRADE_SOURCE_ROOT;

constexpr const char* kDeclaration = R"lab(lab: argmax
title: "the index of a maximum (int)"
header: argmax.cuh
function: void argmax(const int* in, int* out, int n)
sizes:
  n: {example: 100}
constraints:
  - {require: "n >= 1", message: "n must be at least 1"}
distributions: [small-integers]
parameters:
  in: {role: input, length: n, generate: small_integers}
  out: {role: output, length: 1, check: own}
reference: reference.cc
work: {flops: n, bytes: 4 * n}
)lab";

// The reference gives one right answer (the first maximum); the check accepts any index that holds one.
constexpr const char* kReference = R"cc(#include <cudagrade/reference.h>
#include <cstdio>

                                        extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
                                          const int32_t* in = cudagrade_lab::input<int32_t>(call, 0);
                                          int64_t best = 0;
                                          for (int64_t i = 1; i < cudagrade_lab::size(call, 0); ++i)
                                            if (in[i] > in[best]) best = i;
                                          call->value[0] = static_cast<double>(best);
                                          return 0;
                                        }
)cc";

constexpr const char* kOwnCheck = R"cc(
  // Why its own check: ties make several indices right, and exact, multiset or sorted each accept only one.
  extern "C" int cudagrade_check(const cudagrade_reference_call* call, cudagrade_own_check* check) {
    const int32_t* in = cudagrade_lab::input<int32_t>(call, 0);
    const int64_t n = cudagrade_lab::size(call, 0);
    int32_t max = in[0];
    for (int64_t i = 1; i < n; ++i)
      if (in[i] > max) max = in[i];
    const int32_t got = *static_cast<const int32_t*>(check->got);
    if (got >= 0 && got < n && in[got] == max) return 0;
    check->wrong = 1;
    check->first_wrong = 0;
    if (got < 0 || got >= n)
      std::snprintf(check->message, sizeof check->message, "%d is not an index of in", got);
    else
      std::snprintf(check->message, sizeof check->message, "in[%d] = %d, but the maximum is %d", got, in[got], max);
    return 0;
  }
)cc";

struct Argmax {
  TempDir folder{TempDir::Medium::kDisk};
  TempDir cache{TempDir::Medium::kDisk};
  SubprocessCommandRunner runner;
  std::unique_ptr<DeclaredLab> lab;

  explicit Argmax(bool with_own_check) {
    std::ofstream(folder.path() / "lab.yaml") << kDeclaration;
    std::ofstream(folder.path() / "reference.cc") << kReference << (with_own_check ? kOwnCheck : "");
    DeclarationResult loaded = load_declaration(folder.path() / "lab.yaml");
    for (const DeclarationProblem& problem : loaded.problems) UNSCOPED_INFO(problem.to_string());
    REQUIRE(loaded.problems.empty());
    lab = std::make_unique<DeclaredLab>(std::move(*loaded.declaration), "labs/argmax", [this] {
      CpuReference::Loaded built =
          CpuReference::build(folder.path() / "reference.cc", kRoot / "grader/labdef/include", cache.path(), runner);
      if (!built.reference) throw std::runtime_error(built.problem);
      return built.reference;
    });
  }
};

TestCase case_of(int64_t n) {
  TestCase test_case;
  test_case.name = "n-" + std::to_string(n);
  test_case.size = {n};
  test_case.seed = 9;
  test_case.distribution = Distribution::kSmallIntegers;
  return test_case;
}

TEST_CASE("a lab's own check accepts every right answer and words a wrong one", "[labdef][own_check]") {
  Argmax fixture(true);
  const TestCase test_case = case_of(1000);
  const Workload sent = fixture.lab->make_workload(test_case, 0);
  std::vector<uint32_t> in(sent.buffers[0].count);
  std::memcpy(in.data(), sent.buffers[0].bytes.data(), sent.buffers[0].bytes.size());
  // Small integers in 1000 draws: the maximum, 9, is held by many indices; the first and the last are both right.
  std::vector<size_t> maxima;
  for (size_t i = 0; i < in.size(); ++i) {
    if (static_cast<int32_t>(in[i]) == 9) maxima.push_back(i);
  }
  REQUIRE(maxima.size() > 10);
  std::vector<uint32_t> out{static_cast<uint32_t>(maxima.back())};
  ReturnedSet returned{{sent.buffers[0].elements(), words_as_elements(out, ElementType::kInt32)}};
  CHECK(fixture.lab->check(test_case, sent, returned).status == CaseStatus::kPassed);
  out[0] = static_cast<uint32_t>(maxima.front());
  CHECK(fixture.lab->check(test_case, sent, returned).status == CaseStatus::kPassed);

  out[0] = static_cast<uint32_t>(
      std::find_if(in.begin(), in.end(), [](uint32_t w) { return static_cast<int32_t>(w) < 9; }) - in.begin());
  const CheckOutcome wrong = fixture.lab->check(test_case, sent, returned);
  CHECK(wrong.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(wrong.message, Catch::StartsWith("1 of 1 elements of out are wrong; first: out[0]: in["));
  CHECK_THAT(wrong.message, Catch::EndsWith("but the maximum is 9"));
  out[0] = 5000;
  CHECK_THAT(fixture.lab->check(test_case, sent, returned).message, Catch::EndsWith("5000 is not an index of in"));
  // Never written: refused before the lab's check sees it.
  out[0] = kIntPoison;
  CHECK_THAT(fixture.lab->check(test_case, sent, returned).message, Catch::Contains("were never written"));
}

TEST_CASE("a lab that declares its own check but defines none is the lab's error", "[labdef][own_check]") {
  Argmax fixture(false);
  const TestCase test_case = case_of(100);
  const Workload sent = fixture.lab->make_workload(test_case, 0);
  std::vector<uint32_t> out{0};
  ReturnedSet returned{{sent.buffers[0].elements(), words_as_elements(out, ElementType::kInt32)}};
  CHECK_THROWS_WITH(fixture.lab->check(test_case, sent, returned), Catch::Contains("defines no cudagrade_check"));
}

}  // namespace
}  // namespace cudagrade
