// The steps of `cudagrade lab check`, each a line of findings: the header against the declaration, the check's
// self-test, the references, the skeleton and the examples graded on the backend at hand.
#pragma once

#include <string>
#include <vector>

#include "cli/command_support.h"
#include "labdef/declared_lab.h"

namespace cudagrade {

struct LabCheckLine {
  bool ok = true;
  std::string what;  // "reference/vector_add/naive.cu: passed 17 of 17 cases"
};

class LabChecker {
 public:
  LabChecker(const DeclaredLab& lab, PreparedRun& run, std::string sandbox);

  std::vector<LabCheckLine> header_matches() const;
  std::vector<LabCheckLine> check_rejects_wrong_answers(const TestSuite& suite) const;
  std::vector<LabCheckLine> files_get_their_verdicts(const TestSuite& suite) const;

 private:
  LabCheckLine grade_file(const std::filesystem::path& file, const TestSuite& suite, const std::string& expected) const;

  const DeclaredLab& lab_;
  PreparedRun& run_;
  std::string sandbox_;
};

}  // namespace cudagrade
