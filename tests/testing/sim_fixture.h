// A reduction file graded end to end in the CPU simulator: the fixture the simulator's pipeline tests share.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "backend/sim_backend.h"
#include "core/temp_dir.h"
#include "labs/registry.h"
#include "pipeline/grader.h"

namespace cudagrade::testing {

inline TestSuite reduction_suite(std::vector<int64_t> sizes) {
  TestSuite suite;
  suite.lab = "reduction";
  for (int64_t n : sizes) {
    TestCase test_case;
    test_case.name = "n-" + std::to_string(n);
    test_case.kind = CaseKind::kNonMultiple;
    test_case.size = {n};
    test_case.seed = 7;
    test_case.timeout_s = 20;
    test_case.points = 1;
    suite.cases.push_back(test_case);
  }
  return suite;
}

struct SimFixture {
  ProjectPaths paths = ProjectPaths::discover("", "");
  SubprocessCommandRunner runner;
  SimBackend backend{paths, runner};
  TempDir scratch{TempDir::Medium::kDisk};
  GradeOptions options;

  // `source` as reduction.cu in the scratch folder, after the lab's header.
  std::filesystem::path write_reduction(const std::string& source) const {
    std::ofstream(scratch.path() / "reduction.cu") << "#include \"reduction.cuh\"\n" << source;
    return scratch.path() / "reduction.cu";
  }
  GradeReport grade(const std::string& source, std::vector<int64_t> sizes = {1000, 4099}) {
    Grader grader(*find_lab("reduction"), backend, paths, options);
    return grader.grade(write_reduction(source), reduction_suite(std::move(sizes)));
  }
};

// The harness calls reduce_sum(in, out, n, scratch); every test kernel below is launched once per block of
// 256 elements into scratch, and a second launch of one block adds the partial sums up.
inline const std::string kTwoPassLauncher = R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)";

inline const std::string kAddUp = R"(
__global__ void add_up(const int* partial, int* out, int count) {
  __shared__ int s[256];
  int sum = 0;
  for (int i = threadIdx.x; i < count; i += 256) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}
)";

// Every case of `report` has `status`, and its message names every phrase.
inline void check_every_case(const GradeReport& report, CaseStatus status, const std::vector<std::string>& phrases) {
  REQUIRE_FALSE(report.cases.empty());
  for (const CaseResult& result : report.cases) {
    INFO(report.build_summary << "\n" << result.name << ": " << result.message << "\n" << result.details);
    CHECK(result.status == status);
    for (const std::string& phrase : phrases) CHECK_THAT(result.message, Catch::Contains(phrase));
  }
}

}  // namespace cudagrade::testing
