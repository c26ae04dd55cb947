// Reads testcases/<lab>.yaml into a TestSuite, filling every default, and reports every problem it finds
// with the file, the line and what is wrong.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/testcase.h"

namespace cudagrade {

class Lab;

struct LoadProblem {
  std::string file;
  int line = 0;  // 1-based; 0 when the problem has no line
  std::string what;

  std::string to_string() const;
};

struct LoadResult {
  std::optional<TestSuite> suite;  // set only when problems is empty
  std::vector<LoadProblem> problems;
};

struct LoaderContext {
  std::function<const Lab*(const std::string& name)> find_lab;
  // Whether reference/<lab>/<name>.cu exists, so a speed rule cannot name a reference that is not there.
  std::function<bool(const std::string& lab, const std::string& reference)> reference_exists;
};

// Timeouts when a case names none: generous for correctness, longer where the case is timed.
inline constexpr double kDefaultTimeoutSeconds = 5;
inline constexpr double kDefaultPerformanceTimeoutSeconds = 60;
inline constexpr double kLongestTimeoutSeconds = 3600;

LoadResult parse_test_suite(const std::string& text, const std::string& file_name, const LoaderContext& context);
LoadResult load_test_suite(const std::filesystem::path& path, const LoaderContext& context);

// The seed a case gets when it names none: stable across runs and machines, different for every case name.
uint64_t default_seed(const std::string& case_name);

}  // namespace cudagrade
