// A test case of a given size with the pipeline tests' defaults: seed 42, five seconds, one point.
#pragma once

#include <string>
#include <vector>

#include "model/lab.h"
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

// One 16 x 16 x 16 matmul case worth a point, seed 7, ten seconds: the suite of the tests that grade a file
// beside a fake GPU.
inline TestSuite one_square_matmul_suite(const Lab& lab) {
  TestSuite suite;
  suite.lab = "matmul";
  TestCase square;
  square.name = "square-16";
  square.size = {16, 16, 16};
  square.points = 1;
  square.seed = 7;
  square.tolerance = lab.default_tolerance(square.distribution);
  square.timeout_s = 10;
  suite.cases.push_back(square);
  return suite;
}

}  // namespace cudagrade::testing
