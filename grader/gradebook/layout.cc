#include "gradebook/layout.h"

#include <fmt/format.h>

#include "intake/safe_name.h"

namespace cudagrade {

std::filesystem::path OutputLayout::student_dir(const std::string& student_id) const {
  return students_dir() / folder_name(student_id);
}

std::string OutputLayout::report_href(const std::string& student_id) {
  std::string encoded;
  for (unsigned char c : folder_name(student_id)) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_' || c == '~';
    encoded += plain ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
  }
  return fmt::format("{}/{}/{}", kStudents, encoded, kReportHtml);
}

}  // namespace cudagrade
