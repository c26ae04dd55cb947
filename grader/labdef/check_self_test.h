// `cudagrade lab check`'s test of a declared lab's own check: on one case, answers are written into a real
// arena as a runner would leave them and judged by the same code that judges students. The right answer must
// pass; an unwritten output, an all-zero output, one wrong element in the last row, and a write one element
// past the end must not. A check that lets any of them through would hand points to a wrong kernel.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "labdef/declared_lab.h"

namespace cudagrade {

struct SelfTestFinding {
  std::string answer;   // "the right answer", "every output left unwritten", ...
  bool should_pass = false;
  CaseStatus status = CaseStatus::kPassed;
  std::string message;  // what the check said

  bool as_it_should() const { return (status == CaseStatus::kPassed) == should_pass; }
};

// `scratch` is an empty folder for the arena files.
std::vector<SelfTestFinding> self_test_check(const DeclaredLab& lab, const TestCase& test_case,
                                             const std::filesystem::path& scratch);

}  // namespace cudagrade
