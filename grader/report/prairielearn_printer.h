// PrairieLearn's external-grader results.json (docs/externalGrading.md in PrairieLearn/PrairieLearn): a score
// in [0, 1], one test per case, and "gradable": false for a file that does not compile, which PrairieLearn
// then neither scores nor counts as an attempt.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "report/printer.h"

namespace cudagrade {

class PrairielearnPrinter : public Printer {
 public:
  explicit PrairielearnPrinter(std::ostream& out) : out_(out) {}
  void print(const GradeReport& report) override;

 private:
  std::ostream& out_;
};

nlohmann::json prairielearn_results(const GradeReport& report);

}  // namespace cudagrade
