// The output formats by name, for the command line's --format: adding a format adds one line to
// printer_registry.cc.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "report/printer.h"

namespace cudagrade {

// {"text", "json", "junit", "github", "gradescope", "prairielearn"}
std::vector<std::string> printer_formats();

// The printer for a format, writing to out; colour matters only to text. Throws std::invalid_argument for a
// format not in printer_formats().
std::unique_ptr<Printer> make_printer(const std::string& format, std::ostream& out, bool colour);

}  // namespace cudagrade
