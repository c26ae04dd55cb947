#include "batch/result_store.h"

#include <algorithm>

#include "core/files.h"
#include "gradebook/layout.h"
#include "report/report_json.h"

namespace cudagrade {


ResultStore::ResultStore(std::filesystem::path out_dir) : out_dir_(std::move(out_dir)) {}

std::filesystem::path ResultStore::student_dir(const std::string& student_id) const {
  return OutputLayout(out_dir_).student_dir(student_id);
}

void ResultStore::save(const StudentResult& result) const {
  const std::filesystem::path dir = student_dir(result.student_id);
  std::filesystem::create_directories(dir);
  write_atomically(dir / OutputLayout::kResultFile, json_text(student_to_json(result)) + "\n");
}

std::optional<StudentResult> ResultStore::load(const std::string& student_id) const {
  const std::filesystem::path file = student_dir(student_id) / OutputLayout::kResultFile;
  std::optional<std::string> text = try_read_file(file);
  if (!text) return std::nullopt;
  const nlohmann::json json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return std::nullopt;
  return student_from_json(json);
}

std::vector<StudentResult> ResultStore::load_all() const {
  std::vector<StudentResult> results;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(OutputLayout(out_dir_).students_dir(), error)) {
    std::optional<std::string> text = try_read_file(entry.path() / OutputLayout::kResultFile);
    if (!text) continue;
    const nlohmann::json json = nlohmann::json::parse(*text, nullptr, false);
    if (json.is_discarded()) continue;
    if (std::optional<StudentResult> result = student_from_json(json)) results.push_back(std::move(*result));
  }
  std::sort(results.begin(), results.end(),
            [](const StudentResult& a, const StudentResult& b) { return a.student_id < b.student_id; });
  return results;
}

}  // namespace cudagrade
