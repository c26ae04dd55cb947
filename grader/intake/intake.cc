#include "intake/intake.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "core/hash.h"
#include "intake/lab_file_search.h"
#include "intake/safe_name.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;
using Outcome = Submission::Outcome;
using Clock = std::chrono::system_clock;

struct Upload {
  fs::path path;
  std::string name;
  UploadShape shape;
};

// One upload, named and dated, before it is opened.
struct Candidate {
  Upload upload;
  Identity identity;
  Clock::time_point uploaded;
  Submission::TimeSource time_source;
};

// Where an upload's lab file is, or why there is none.
struct Located {
  Outcome outcome;
  std::string message;
  std::vector<std::string> notes;
  fs::path file;  // kFound
};

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool named_like_archive(const std::string& name) {
  for (std::string_view extension : {".zip", ".tar", ".tgz", ".gz", ".bz2", ".xz", ".zst", ".7z", ".rar"}) {
    if (ends_with(name, extension)) return true;
  }
  return false;
}

std::string hash_of_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read {}", file.string()));
  uint64_t hash = fnv1a("");
  std::string chunk(1 << 20, '\0');
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    hash = fnv1a(chunk.substr(0, static_cast<size_t>(in.gcount())), hash);
  }
  return fmt::format("{:016x}", hash);
}

Clock::time_point file_time(const fs::path& path) {
  return std::chrono::time_point_cast<Clock::duration>(std::chrono::file_clock::to_sys(fs::last_write_time(path)));
}

// A folder's time is its newest file's: the folder's own changes whenever it is copied or extracted.
Clock::time_point upload_time(const Upload& upload) {
  if (upload.shape == UploadShape::kFile) return file_time(upload.path);
  Clock::time_point newest = file_time(upload.path);
  bool any = false;
  for (const std::string& file : files_under(upload.path)) {
    const Clock::time_point time = file_time(upload.path / file);
    newest = any ? std::max(newest, time) : time;
    any = true;
  }
  return newest;
}

// The entries of `folder`, each an upload, by name. Links and hidden files are no student's upload.
std::vector<Upload> uploads_in(const fs::path& folder, std::vector<std::string>& notes) {
  std::vector<Upload> uploads;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (is_os_metadata(name)) continue;
    const fs::file_status status = entry.symlink_status();
    if (name.front() == '.' || !(fs::is_regular_file(status) || fs::is_directory(status))) {
      notes.push_back(fmt::format("skipped {}: {}", escaped(name), name.front() == '.' ? "a hidden file" : "not a file or folder"));
      continue;
    }
    uploads.push_back({entry.path(), name, fs::is_directory(status) ? UploadShape::kFolder : UploadShape::kFile});
  }
  std::sort(uploads.begin(), uploads.end(), [](const Upload& a, const Upload& b) { return a.name < b.name; });
  return uploads;
}

std::vector<NamePattern> patterns_for(const IntakeOptions& options) {
  std::vector<NamePattern> patterns = lms_patterns();
  if (options.custom_pattern) patterns.insert(patterns.begin(), *options.custom_pattern);
  return patterns;
}

// The class archive opened into the work folder; its top-level entries are the uploads.
std::optional<std::vector<Upload>> class_archive_uploads(const fs::path& input, const IntakeOptions& options,
                                                         IntakeResult& result) {
  const fs::path staging = options.work_dir / ".class-archive";
  fs::remove_all(staging);
  ExtractResult extracted = safe_extract(input, staging, options.class_limits);
  for (const std::string& note : extracted.notes) result.notes.push_back("the class archive: " + note);
  if (extracted.outcome != ExtractResult::Outcome::kExtracted) {
    result.outcome = IntakeResult::Outcome::kInputRefused;
    result.message = fmt::format("{} is neither a folder of uploads nor a usable archive of them: {}",
                                 input.filename().string(), extracted.message);
    return std::nullopt;
  }
  fs::path root = staging;
  std::vector<Upload> top = uploads_in(root, result.notes);
  // A download folder zipped again has one folder at the top, and the uploads inside it (unless that one
  // folder is itself a student's, as Moodle names them).
  if (top.size() == 1 && top.front().shape == UploadShape::kFolder &&
      identify(top.front().name, UploadShape::kFolder, patterns_for(options)).pattern == "file-stem") {
    result.notes.push_back(
        fmt::format("the class archive holds one folder, {}; its entries are the uploads", top.front().name));
    top = uploads_in(top.front().path, result.notes);
  }
  return top;
}

bool is_lab_file(const Upload& upload, const Identity& identity, const std::string& lab_file_name) {
  return upload.name == lab_file_name || ends_with(upload.name, "_" + lab_file_name) || identity.file == lab_file_name;
}

Located from_search(const LabFileSearch& search, const fs::path& root) {
  switch (search.outcome) {
    case LabFileSearch::Outcome::kFound: return {Outcome::kFound, search.message, {}, root / search.path};
    case LabFileSearch::Outcome::kAmbiguous: return {Outcome::kAmbiguous, search.message, {}, {}};
    case LabFileSearch::Outcome::kMissing: break;
  }
  return {Outcome::kMissingFile, search.message, {}, {}};
}

// A file that is no archive: a mislabelled archive, or the wrong file.
Located plain_file(const Upload& upload, const Identity& identity, const std::string& lab_file_name,
                   const std::string& why) {
  if (named_like_archive(upload.name)) {
    return {Outcome::kNotAnArchive, fmt::format("{}: {}", identity.file.empty() ? upload.name : identity.file, why), {}, {}};
  }
  return {Outcome::kMissingFile,
          fmt::format("no {} in the upload; it is a single file, {}: upload {} itself or an archive that holds it",
                      lab_file_name, identity.file.empty() ? upload.name : identity.file, lab_file_name), {}, {}};
}

Located locate_in_file(const Upload& upload, const Identity& identity, const std::string& lab_file_name,
                       const fs::path& unpacked, const ExtractLimits& limits) {
  if (is_lab_file(upload, identity, lab_file_name)) return {Outcome::kFound, fmt::format("found {}", lab_file_name), {}, upload.path};
  fs::remove_all(unpacked);
  ExtractResult extracted = safe_extract(upload.path, unpacked, limits);
  Located located;
  switch (extracted.outcome) {
    case ExtractResult::Outcome::kExtracted: located = from_search(find_lab_file(extracted.files, lab_file_name), unpacked); break;
    case ExtractResult::Outcome::kNotAnArchive: located = plain_file(upload, identity, lab_file_name, extracted.message); break;
    case ExtractResult::Outcome::kUnsafe: located = {Outcome::kUnsafeArchive, extracted.message, {}, {}}; break;
    case ExtractResult::Outcome::kTooLarge: located = {Outcome::kTooLarge, extracted.message, {}, {}}; break;
    case ExtractResult::Outcome::kDamaged: located = {Outcome::kDamaged, extracted.message, {}, {}}; break;
  }
  located.notes = std::move(extracted.notes);
  return located;
}

Located locate_in_folder(const Upload& upload, const std::string& lab_file_name, const fs::path& unpacked,
                         const ExtractLimits& limits) {
  const std::vector<std::string> files = files_under(upload.path);
  const LabFileSearch search = find_lab_file(files, lab_file_name);
  if (search.outcome == LabFileSearch::Outcome::kMissing && files.size() == 1 && files.front().find('/') == std::string::npos) {
    // Moodle's folder around what the student uploaded: one file in it is the upload itself.
    Located located = locate_in_file({upload.path / files.front(), files.front(), UploadShape::kFile}, Identity{},
                                     lab_file_name, unpacked, limits);
    located.notes.insert(located.notes.begin(), fmt::format("the folder holds one file, {}, taken as the upload", files.front()));
    return located;
  }
  return from_search(search, upload.path);
}

Located locate(const Candidate& candidate, const std::string& lab_file_name, const fs::path& unpacked,
               const ExtractLimits& limits) {
  Located located = candidate.upload.shape == UploadShape::kFolder
                        ? locate_in_folder(candidate.upload, lab_file_name, unpacked, limits)
                        : locate_in_file(candidate.upload, candidate.identity, lab_file_name, unpacked, limits);
  if (located.outcome == Outcome::kFound && fs::file_size(located.file) > limits.max_file_bytes) {
    located = {Outcome::kTooLarge, fmt::format("{} is larger than {}, the most one file may hold", lab_file_name,
                                               size_text(limits.max_file_bytes)), std::move(located.notes), {}};
  }
  return located;
}

Submission examine(const Candidate& candidate, Submission::Standing standing, const std::string& lab_file_name,
                   const IntakeOptions& options) {
  Submission submission;
  submission.identity = candidate.identity;
  submission.upload = candidate.upload.path;
  submission.upload_name = candidate.upload.name;
  submission.notes = candidate.identity.notes;
  submission.uploaded = candidate.uploaded;
  submission.time_source = candidate.time_source;
  submission.standing = standing;
  if (candidate.identity.lateness == Identity::Lateness::kLate) submission.notes.push_back("the LMS marked this upload late");
  const fs::path student = options.work_dir / folder_name(candidate.identity.id);
  const fs::path unpacked = student / "uploads" / folder_name(candidate.upload.name);
  const fs::path lab_copy = standing == Submission::Standing::kCurrent
                                ? student / lab_file_name
                                : student / "superseded" / folder_name(candidate.upload.name) / lab_file_name;
  fs::remove(lab_copy);  // a copy from an earlier run must not outlive an upload that no longer has one
  Located located = locate(candidate, lab_file_name, unpacked, options.upload_limits);
  submission.outcome = located.outcome;
  submission.message = located.message;
  submission.notes.insert(submission.notes.end(), located.notes.begin(), located.notes.end());
  if (located.outcome == Outcome::kFound) {
    submission.lab_file = lab_copy;
    fs::create_directories(submission.lab_file.parent_path());
    fs::copy_file(located.file, submission.lab_file, fs::copy_options::overwrite_existing);
    submission.content_hash = hash_of_file(submission.lab_file);
  } else if (candidate.upload.shape == UploadShape::kFile) {
    submission.content_hash = hash_of_file(candidate.upload.path);
  }
  return submission;
}

Candidate candidate_for(const Upload& upload, const std::vector<NamePattern>& patterns) {
  Candidate candidate{upload, identify(upload.name, upload.shape, patterns), {}, Submission::TimeSource::kFileTime};
  if (candidate.identity.submitted) {
    candidate.uploaded = Clock::time_point(*candidate.identity.submitted);
    candidate.time_source = Submission::TimeSource::kLms;
  } else {
    candidate.uploaded = upload_time(upload);
  }
  return candidate;
}

// Each student's uploads, newest first: the first is current, the rest superseded, each note naming the other.
void take_student(std::vector<Candidate> uploads, const std::string& lab_file_name, const IntakeOptions& options,
                  std::vector<Submission>& out) {
  std::sort(uploads.begin(), uploads.end(), [](const Candidate& a, const Candidate& b) {
    return a.uploaded != b.uploaded ? a.uploaded > b.uploaded : a.upload.name > b.upload.name;
  });
  for (size_t i = 0; i < uploads.size(); ++i) {
    const auto standing = i == 0 ? Submission::Standing::kCurrent : Submission::Standing::kSuperseded;
    Submission submission = examine(uploads[i], standing, lab_file_name, options);
    if (i == 0) {
      for (size_t older = 1; older < uploads.size(); ++older) {
        submission.notes.push_back(fmt::format("this upload replaced an older one, {}", uploads[older].upload.name));
      }
    } else {
      submission.notes.push_back(fmt::format("a later upload replaced this one: {}", uploads[0].upload.name));
    }
    out.push_back(std::move(submission));
  }
}

}  // namespace

IntakeResult take_in(const fs::path& input, const std::string& lab_file_name, const IntakeOptions& options) {
  IntakeResult result;
  std::error_code error;
  const fs::file_status status = fs::status(input, error);
  if (!fs::exists(status)) {
    return {IntakeResult::Outcome::kInputMissing, fmt::format("{} does not exist", input.string()), {}, {}};
  }
  fs::create_directories(options.work_dir);
  std::vector<Upload> uploads;
  if (fs::is_directory(status)) {
    uploads = uploads_in(input, result.notes);
  } else if (std::optional<std::vector<Upload>> inside = class_archive_uploads(input, options, result)) {
    uploads = std::move(*inside);
  } else {
    return result;
  }
  const std::vector<NamePattern> patterns = patterns_for(options);
  std::map<std::string, std::vector<Candidate>> by_student;
  for (const Upload& upload : uploads) {
    Candidate candidate = candidate_for(upload, patterns);
    if (candidate.identity.role == Identity::Role::kReceipt) {
      result.notes.push_back(fmt::format("skipped {}: the LMS's receipt of an upload, not the upload", upload.name));
      continue;
    }
    by_student[candidate.identity.id].push_back(std::move(candidate));
  }
  for (auto& [id, candidates] : by_student) take_student(std::move(candidates), lab_file_name, options, result.submissions);
  return result;
}

const char* outcome_name(Submission::Outcome outcome) {
  switch (outcome) {
    case Outcome::kFound: return "found";
    case Outcome::kMissingFile: return "missing_file";
    case Outcome::kAmbiguous: return "ambiguous_file";
    case Outcome::kNotAnArchive: return "not_an_archive";
    case Outcome::kUnsafeArchive: return "unsafe_archive";
    case Outcome::kTooLarge: return "too_large";
    case Outcome::kDamaged: return "damaged";
  }
  return "unknown";
}

}  // namespace cudagrade
