// A test case of a given size with the pipeline tests' defaults: seed 42, five seconds, one point.
#pragma once

#include <string>
#include <vector>

#include "model/testcase.h"

namespace cudagrade::testing {

inline TestCase sized_case(const std::string& name, std::vector<int64_t> size, CaseKind kind = CaseKind::kSquare) {
  TestCase test_case;
  test_case.name = name;
  test_case.kind = kind;
  test_case.size = std::move(size);
  test_case.seed = 42;
  test_case.timeout_s = 5;
  return test_case;
}

}  // namespace cudagrade::testing
