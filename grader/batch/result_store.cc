#include "batch/result_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "core/files.h"
#include "intake/safe_name.h"
#include "report/json_printer.h"
#include "report/json_reader.h"

namespace cudagrade {
namespace {

constexpr const char* kResultFile = "result.json";

void fsync_path(const std::filesystem::path& path, int flags) {
  const int fd = open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "open " + path.string());
  const int synced = fsync(fd);
  const int saved = errno;
  close(fd);
  if (synced != 0) throw std::system_error(saved, std::generic_category(), "fsync " + path.string());
}

}  // namespace

void write_atomically(const std::filesystem::path& path, const std::string& contents) {
  const std::filesystem::path temporary = path.string() + ".tmp-" + std::to_string(getpid());
  {
    const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "create " + temporary.string());
    size_t written = 0;
    while (written < contents.size()) {
      const ssize_t n = write(fd, contents.data() + written, contents.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        const int saved = errno;
        close(fd);
        throw std::system_error(saved, std::generic_category(), "write " + temporary.string());
      }
      written += static_cast<size_t>(n);
    }
    const int synced = fsync(fd);
    const int saved = errno;
    close(fd);
    if (synced != 0) throw std::system_error(saved, std::generic_category(), "fsync " + temporary.string());
  }
  std::filesystem::rename(temporary, path);
  fsync_path(path.parent_path().empty() ? "." : path.parent_path(), O_RDONLY | O_DIRECTORY);
}

nlohmann::json student_to_json(const StudentResult& result) {
  nlohmann::json json = {
      {"student_id", result.student_id}, {"name", result.name},
      {"upload", result.upload},         {"status", result.status},
      {"score", result.score},           {"max_score", result.max_score},
      {"message", result.message},       {"notes", result.notes},
      {"content_hash", result.content_hash}, {"cases_hash", result.cases_hash},
      {"isolation", result.isolation},
  };
  json["report"] = result.report ? report_to_json(*result.report) : nlohmann::json();
  return json;
}

std::optional<StudentResult> student_from_json(const nlohmann::json& json) {
  try {
    StudentResult result;
    result.student_id = json.at("student_id").get<std::string>();
    result.name = json.at("name").get<std::string>();
    result.upload = json.at("upload").get<std::string>();
    result.status = json.at("status").get<std::string>();
    result.score = json.at("score").get<double>();
    result.max_score = json.at("max_score").get<double>();
    result.message = json.at("message").get<std::string>();
    result.notes = json.at("notes").get<std::vector<std::string>>();
    result.content_hash = json.at("content_hash").get<std::string>();
    result.cases_hash = json.at("cases_hash").get<std::string>();
    result.isolation = json.at("isolation").get<std::string>();
    if (!json.at("report").is_null()) {
      std::string problem;
      result.report = report_from_json(json.at("report"), problem);
      if (!result.report) return std::nullopt;
    }
    return result;
  } catch (const std::exception&) {  // written by another version, or damaged: grade the student again
    return std::nullopt;
  }
}

ResultStore::ResultStore(std::filesystem::path out_dir) : out_dir_(std::move(out_dir)) {}

std::filesystem::path ResultStore::student_dir(const std::string& student_id) const {
  return out_dir_ / "students" / folder_name(student_id);
}

void ResultStore::save(const StudentResult& result) const {
  const std::filesystem::path dir = student_dir(result.student_id);
  std::filesystem::create_directories(dir);
  write_atomically(dir / kResultFile, json_text(student_to_json(result)) + "\n");
}

std::optional<StudentResult> ResultStore::load(const std::string& student_id) const {
  const std::filesystem::path file = student_dir(student_id) / kResultFile;
  std::optional<std::string> text = try_read_file(file);
  if (!text) return std::nullopt;
  const nlohmann::json json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return std::nullopt;
  return student_from_json(json);
}

std::vector<StudentResult> ResultStore::load_all() const {
  std::vector<StudentResult> results;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(out_dir_ / "students", error)) {
    std::optional<std::string> text = try_read_file(entry.path() / kResultFile);
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
