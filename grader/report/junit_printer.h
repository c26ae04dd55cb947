// JUnit XML, the test report CI systems read (GitLab, Jenkins, test-reporter actions): the submission is one
// <testsuite> and every case one <testcase>, failed, in error or skipped as its status says.
#pragma once

#include <ostream>

#include "report/printer.h"

namespace cudagrade {

class JunitPrinter : public Printer {
 public:
  explicit JunitPrinter(std::ostream& out) : out_(out) {}
  void print(const GradeReport& report) override;

 private:
  std::ostream& out_;
};

}  // namespace cudagrade
