// Printers turn a GradeReport into one output format. Each format is one class behind this interface, and
// MultiPrinter writes several at once (a table on the terminal and JSON to a file, say).
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "model/report.h"

namespace cudagrade {

class Printer {
 public:
  virtual ~Printer() = default;
  virtual void print(const GradeReport& report) = 0;
};

class TextPrinter : public Printer {
 public:
  TextPrinter(std::ostream& out, bool colour) : out_(out), colour_(colour) {}
  void print(const GradeReport& report) override;

 private:
  std::string paint(const std::string& text, CaseStatus status) const;
  std::ostream& out_;
  bool colour_;
};

class JsonPrinter : public Printer {
 public:
  explicit JsonPrinter(std::ostream& out) : out_(out) {}
  void print(const GradeReport& report) override;

 private:
  std::ostream& out_;
};

class MultiPrinter : public Printer {
 public:
  void add(std::unique_ptr<Printer> printer) { printers_.push_back(std::move(printer)); }
  void print(const GradeReport& report) override {
    for (auto& printer : printers_) printer->print(report);
  }

 private:
  std::vector<std::unique_ptr<Printer>> printers_;
};

}  // namespace cudagrade
