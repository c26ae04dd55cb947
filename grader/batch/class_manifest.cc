#include "batch/class_manifest.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/hash.h"

namespace cudagrade {
namespace {

using Json = nlohmann::json;

// Written and read by the same grader version in one class's run; the version guards against a folder left
// by another one, whose manifest is then taken in again rather than misread.
constexpr int kManifestVersion = 1;

int64_t seconds_of(std::chrono::system_clock::time_point time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

Json identity_to_json(const Identity& identity) {
  Json json = {{"id", identity.id},       {"name", identity.name},
               {"pattern", identity.pattern}, {"file", identity.file},
               {"role", static_cast<int>(identity.role)}, {"lateness", static_cast<int>(identity.lateness)},
               {"notes", identity.notes}};
  if (identity.submitted) json["submitted"] = identity.submitted->time_since_epoch().count();
  return json;
}

Identity identity_from_json(const Json& json) {
  Identity identity;
  identity.id = json.at("id").get<std::string>();
  identity.name = json.at("name").get<std::string>();
  identity.pattern = json.at("pattern").get<std::string>();
  identity.file = json.at("file").get<std::string>();
  identity.role = static_cast<Identity::Role>(json.at("role").get<int>());
  identity.lateness = static_cast<Identity::Lateness>(json.at("lateness").get<int>());
  identity.notes = json.at("notes").get<std::vector<std::string>>();
  if (json.contains("submitted")) {
    identity.submitted = std::chrono::sys_seconds(std::chrono::seconds(json.at("submitted").get<int64_t>()));
  }
  return identity;
}

Json submission_to_json(const Submission& submission) {
  return {{"identity", identity_to_json(submission.identity)},
          {"upload", submission.upload.string()},
          {"upload_name", submission.upload_name},
          {"outcome", static_cast<int>(submission.outcome)},
          {"message", submission.message},
          {"notes", submission.notes},
          {"lab_file", submission.lab_file.string()},
          {"content_hash", submission.content_hash},
          {"uploaded", seconds_of(submission.uploaded)},
          {"time_source", static_cast<int>(submission.time_source)},
          {"standing", static_cast<int>(submission.standing)}};
}

Submission submission_from_json(const Json& json) {
  Submission submission;
  submission.identity = identity_from_json(json.at("identity"));
  submission.upload = json.at("upload").get<std::string>();
  submission.upload_name = json.at("upload_name").get<std::string>();
  submission.outcome = static_cast<Submission::Outcome>(json.at("outcome").get<int>());
  submission.message = json.at("message").get<std::string>();
  submission.notes = json.at("notes").get<std::vector<std::string>>();
  submission.lab_file = json.at("lab_file").get<std::string>();
  submission.content_hash = json.at("content_hash").get<std::string>();
  submission.uploaded = std::chrono::system_clock::time_point(std::chrono::seconds(json.at("uploaded").get<int64_t>()));
  submission.time_source = static_cast<Submission::TimeSource>(json.at("time_source").get<int>());
  submission.standing = static_cast<Submission::Standing>(json.at("standing").get<int>());
  return submission;
}

}  // namespace

std::vector<const Submission*> ClassManifest::current() const {
  std::vector<const Submission*> result;
  for (const Submission& submission : submissions) {
    if (submission.standing == Submission::Standing::kCurrent) result.push_back(&submission);
  }
  return result;
}

std::string cases_file_hash(const std::filesystem::path& file) {
  return fmt::format("{:016x}", fnv1a(read_file(file)));
}

void save_manifest(const std::filesystem::path& file, const ClassManifest& manifest) {
  Json submissions = Json::array();
  for (const Submission& submission : manifest.submissions) submissions.push_back(submission_to_json(submission));
  const Json json = {{"version", kManifestVersion},
                     {"lab", manifest.lab},
                     {"cases_file", manifest.cases_file.string()},
                     {"cases_hash", manifest.cases_hash},
                     {"submissions", submissions}};
  std::filesystem::create_directories(file.parent_path());
  write_atomically(file, json.dump(1) + "\n");
}

LoadedManifest load_manifest(const std::filesystem::path& file) {
  LoadedManifest loaded;
  std::optional<std::string> text = try_read_file(file);
  if (!text) {
    loaded.message = fmt::format("{} is missing: this folder was not written by `cudagrade grade`, or not yet",
                                 file.string());
    return loaded;
  }
  loaded.outcome = LoadedManifest::Outcome::kUnreadable;
  const Json json = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object() || json.value("version", 0) != kManifestVersion) {
    loaded.message = fmt::format("{} is not a class manifest this grader version wrote; grade the class again",
                                 file.string());
    return loaded;
  }
  try {
    loaded.manifest.lab = json.at("lab").get<std::string>();
    loaded.manifest.cases_file = json.at("cases_file").get<std::string>();
    loaded.manifest.cases_hash = json.at("cases_hash").get<std::string>();
    for (const Json& submission : json.at("submissions")) {
      loaded.manifest.submissions.push_back(submission_from_json(submission));
    }
  } catch (const Json::exception& error) {
    loaded.message = fmt::format("{} is damaged ({}); grade the class again", file.string(), error.what());
    return loaded;
  }
  loaded.outcome = LoadedManifest::Outcome::kLoaded;
  return loaded;
}

}  // namespace cudagrade
