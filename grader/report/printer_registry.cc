#include "report/printer_registry.h"

#include <fmt/format.h>

#include <functional>
#include <stdexcept>
#include <utility>

#include "report/github_printer.h"
#include "report/gradescope_printer.h"
#include "report/junit_printer.h"
#include "report/prairielearn_printer.h"

namespace cudagrade {
namespace {

using Factory = std::function<std::unique_ptr<Printer>(std::ostream& out, bool colour)>;

const std::vector<std::pair<std::string, Factory>>& factories() {
  static const std::vector<std::pair<std::string, Factory>> kFactories = {
      {"text", [](std::ostream& out, bool colour) { return std::make_unique<TextPrinter>(out, colour); }},
      {"json", [](std::ostream& out, bool) { return std::make_unique<JsonPrinter>(out); }},
      {"junit", [](std::ostream& out, bool) { return std::make_unique<JunitPrinter>(out); }},
      {"github", [](std::ostream& out, bool) { return std::make_unique<GithubPrinter>(out); }},
      {"gradescope", [](std::ostream& out, bool) { return std::make_unique<GradescopePrinter>(out); }},
      {"prairielearn", [](std::ostream& out, bool) { return std::make_unique<PrairielearnPrinter>(out); }},
  };
  return kFactories;
}

}  // namespace

std::vector<std::string> printer_formats() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : factories()) names.push_back(name);
  return names;
}

std::unique_ptr<Printer> make_printer(const std::string& format, std::ostream& out, bool colour) {
  for (const auto& [name, factory] : factories()) {
    if (name == format) return factory(out, colour);
  }
  throw std::invalid_argument(
      fmt::format("unknown output format '{}' (formats: {})", format, fmt::join(printer_formats(), ", ")));
}

}  // namespace cudagrade
