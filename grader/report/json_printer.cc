#include "report/json_printer.h"

#include "report/printer.h"

namespace cudagrade {

void JsonPrinter::print(const GradeReport& report) {
  out_ << json_text(report_to_json(report)) << "\n";
}

}  // namespace cudagrade
