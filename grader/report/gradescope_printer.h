// Gradescope's results.json, as its autograder specification describes it
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): the score, one test per case, hidden cases
// shown only once grades are published, and a leaderboard of kernel times.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "report/printer.h"

namespace cudagrade {

class GradescopePrinter : public Printer {
 public:
  explicit GradescopePrinter(std::ostream& out) : out_(out) {}
  void print(const GradeReport& report) override;

 private:
  std::ostream& out_;
};

nlohmann::json gradescope_results(const GradeReport& report);

}  // namespace cudagrade
