// A report's case that a test requires to be there: the test fails, naming it, where the report has none.
#pragma once

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "model/report.h"

namespace cudagrade::testing {

inline const CaseResult& required_case(const GradeReport& report, const std::string& name) {
  if (const CaseResult* found = case_named(report, name)) return *found;
  FAIL("no case named " << name);
  throw std::logic_error("unreachable");
}

}  // namespace cudagrade::testing
