// JUnit XML, the test report CI systems read (GitLab, Jenkins, test-reporter actions): the submission is one
// <testsuite> and every case one <testcase>, failed, in error or skipped as its status says.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "report/printer.h"

namespace cudagrade {

class JunitPrinter : public Printer {
 public:
  explicit JunitPrinter(std::ostream& out) : out_(out) {}
  void print(const GradeReport& report) override;

 private:
  std::ostream& out_;
};

// Messages quote what a submission printed, which can be any bytes, and XML 1.0 cannot hold them all: invalid
// UTF-8 becomes U+FFFD and the control characters XML forbids are written out as "\x01", so the document
// always parses. In an attribute, line breaks and tabs become character references so that parsers keep them.
std::string xml_text(std::string_view text);
std::string xml_attribute(std::string_view text);

}  // namespace cudagrade
