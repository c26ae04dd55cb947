// libFuzzer target: arbitrary bytes as a test-case YAML file, read the way `cudagrade validate` reads one
// (grader/cli/commands.cc: load_test_suite with loader_context(paths), here through the in-memory entry
// point parse_test_suite, which load_test_suite calls once it has the text).
//
// The loader's contract (grader/testcases/loader.h): a malformed file comes back as reported problems,
// never as an exception, a crash or a hang; a suite is given only when there is no problem, and then with
// every default filled in. Anything else aborts, so libFuzzer reports it as a crash with the input.
//
// Built by fuzz/build.sh; run by fuzz/run.sh.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <system_error>

#include "core/paths.h"
#include "model/lab.h"
#include "labs/registry.h"
#include "testcases/loader.h"

#ifndef CUDAGRADE_SOURCE_ROOT
#error "build with -DCUDAGRADE_SOURCE_ROOT=<the project root> (fuzz/build.sh does)"
#endif

namespace {

using namespace cudagrade;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "yaml_loader_fuzzer: invariant broken: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

// grader/cli/command_support.cc's loader_context, with the same labs and the real reference/ folder. Keep
// the two in step: a change there must be copied here. (The non-throwing exists() is the fix for the one
// bug this fuzzer found: fuzz/regressions/yaml/yaml-reference-name-too-long.yaml.)
ProjectPaths project_paths() {
  ProjectPaths paths;
  paths.root = CUDAGRADE_SOURCE_ROOT;
  paths.cache = std::filesystem::temp_directory_path() / "cudagrade-fuzz-cache";
  return paths;
}

LoaderContext validate_context() {
  return {[](const std::string& name) { return find_lab(name); },
          [paths = project_paths()](const std::string& lab, const std::string& reference) {
            std::error_code error;
            return std::filesystem::exists(paths.reference_file(lab, reference), error);
          }};
}

bool non_negative(double value) { return std::isfinite(value) && value >= 0; }

// What the loader promises about a suite it hands out.
void check_suite(const TestSuite& suite, const std::string& file_name) {
  if (suite.path != file_name) fail("the suite's path is not the file's name");
  const Lab* lab = find_lab(suite.lab);
  if (lab == nullptr) fail("a suite for an unknown lab '" + suite.lab + "'");
  if (suite.cases.empty()) fail("a suite without cases");
  const size_t fields = lab->size_fields().size();
  for (const TestCase& test_case : suite.cases) {
    const std::string where = "case '" + test_case.name + "': ";
    if (test_case.size.size() != fields) fail(where + "wrong number of size fields");
    for (int64_t dimension : test_case.size) {
      if (dimension < 1) fail(where + "a size below 1");
    }
    if (!non_negative(test_case.points)) fail(where + "points not a finite number >= 0");
    if (!non_negative(test_case.tolerance.abs) || !non_negative(test_case.tolerance.rel)) {
      fail(where + "tolerance not finite and >= 0");
    }
    if (!(test_case.timeout_s > 0 && test_case.timeout_s <= kLongestTimeoutSeconds)) {
      fail(where + "timeout outside (0, kLongestTimeoutSeconds]");
    }
    if (test_case.line < 1) fail(where + "no line");
    // An efficiency rule the loader accepted is one the scorer can use: lower is better, so 0 <= full < zero.
    auto check_efficiency = [&](const EfficiencyRule& rule) {
      if (!(non_negative(rule.full) && rule.zero > rule.full && std::isfinite(rule.zero) && non_negative(rule.step))) {
        fail(where + "efficiency thresholds or step invalid");
      }
      if (!(rule.cache_fraction > 0 && rule.cache_fraction <= 1)) fail(where + "cache_fraction outside (0, 1]");
    };
    if ((test_case.kind == CaseKind::kEfficiency) != test_case.efficiency.has_value()) {
      fail(where + "an efficiency rule on a case that is not of kind efficiency, or one missing");
    }
    if (test_case.efficiency) check_efficiency(*test_case.efficiency);
    if (test_case.speed && test_case.speed->efficiency) check_efficiency(*test_case.speed->efficiency);
    if (test_case.speed && test_case.speed->without_gpu == SpeedWithoutGpu::kEfficiency &&
        test_case.speed->points > 0 && !test_case.speed->efficiency) {
      fail(where + "speed_without_gpu: efficiency with no efficiency rule to grade by");
    }
    if (test_case.speed) {
      if (test_case.kind != CaseKind::kPerformance) fail(where + "a speed rule on a case that is not performance");
      const SpeedRule& speed = *test_case.speed;
      if (!non_negative(speed.points) || !non_negative(speed.step)) fail(where + "speed points or step invalid");
      if (!(speed.full_ratio > 0 && speed.zero_ratio > speed.full_ratio)) fail(where + "speed ratios invalid");
      // A reference is a plain name of a file in reference/<lab>/, never a path.
      if (speed.reference.empty() || speed.reference.find_first_of("/\\.") != std::string::npos) {
        fail(where + "speed reference is not a plain name: " + speed.reference);
      }
      std::error_code error;
      if (!std::filesystem::is_regular_file(project_paths().reference_file(suite.lab, speed.reference), error)) {
        fail(where + "speed reference names no file in reference/" + suite.lab + "/: " + speed.reference);
      }
    }
    if (!std::isfinite(test_case.max_points())) fail(where + "max_points() not finite");
  }
}

}  // namespace

// The labs are data: read the source tree's declarations once, as cudagrade's main does.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  load_declared_labs(project_paths());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const LoaderContext context = validate_context();
  static const std::string file_name = "fuzz.yaml";
  const std::string text(reinterpret_cast<const char*>(data), size);
  LoadResult result;
  try {
    result = parse_test_suite(text, file_name, context);
  } catch (const std::exception& error) {
    fail(std::string("the loader threw instead of reporting a problem: ") + error.what());
  } catch (...) {
    fail("the loader threw something that is not a std::exception");
  }
  if (result.suite.has_value() == !result.problems.empty()) {
    fail("a suite must be given exactly when there is no problem");
  }
  for (const LoadProblem& problem : result.problems) {
    if (problem.file != file_name) fail("a problem names another file: " + problem.file);
    if (problem.line < 0) fail("a problem with a negative line");
    if (problem.what.empty()) fail("a problem that says nothing");
    if (problem.to_string().empty()) fail("a problem that prints as nothing");
  }
  if (result.suite) check_suite(*result.suite, file_name);
  return 0;
}
