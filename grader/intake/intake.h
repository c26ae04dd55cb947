// Intake, the first stage of grading a class (`cudagrade grade <lab> <folder-or-zip> --out DIR`): from
// what the instructor downloaded from the LMS to one gradable file per student, or a message saying why a
// student has none.
//
// The input is a folder whose entries are the uploads (files, per-student archives, or per-student
// folders as Moodle makes them), or one archive holding such entries (opened with safe_extract first,
// under the generous class_limits). Each upload is:
//   - named: its identity (identity.h) from the LMS's file name;
//   - opened: a single file named like the lab file (<lab>.cu, or ending in _<lab>.cu) is taken as it
//     is; any other file is opened as an archive (safe_extract); a folder is searched, and a folder that
//     holds one file only is taken as that file (Moodle's folder around a student's zip);
//   - searched: the lab file at any depth, by exact name (lab_file_search.h);
//   - copied: the file to grade lands in <work_dir>/<student>/<lab file>, so later stages never read
//     the upload itself.
// When one student has several uploads, the newest (by the LMS's timestamp in the name, else the file's
// time) is current and the others stay in the result as superseded, each with a note; the newest counts
// even when it is broken, as the LMS itself would count it.
//
// Bad uploads are outcomes with messages, never exceptions; only a broken machine throws (the work folder
// cannot be written).
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "intake/identity.h"
#include "intake/safe_extract.h"

namespace cudagrade {

struct IntakeOptions {
  std::filesystem::path work_dir;             // required; per-student folders are made in it
  std::optional<NamePattern> custom_pattern;  // the instructor's, tried before the LMS patterns
  ExtractLimits upload_limits;                // one student's archive; also caps the lab file's size
  // The one archive holding a whole class: hundreds of uploads, some with a stray build folder in them,
  // so its caps are a class's worth of upload_limits, still well short of filling a disk.
  ExtractLimits class_limits{.max_total_bytes = 4ull << 30, .max_file_bytes = 512ull << 20, .max_entries = 100000};
};

struct Submission {
  enum class Outcome { kFound, kMissingFile, kAmbiguous, kNotAnArchive, kUnsafeArchive, kTooLarge, kDamaged };
  enum class Standing { kCurrent, kSuperseded };
  enum class TimeSource { kLms, kFileTime };

  Identity identity;
  std::filesystem::path upload;  // as delivered: in the input folder, or in the class archive's extraction
  std::string upload_name;
  Outcome outcome = Outcome::kMissingFile;
  std::string message;             // one line a student can read
  std::vector<std::string> notes;  // what was skipped, renamed, replaced
  std::filesystem::path lab_file;  // kFound: the copy to grade, in the student's work folder
  // FNV-1a of the lab file's bytes (16 hex digits); of the upload's bytes when no lab file was found and
  // the upload is a file; empty for a folder without one.
  std::string content_hash;
  std::chrono::system_clock::time_point uploaded;
  TimeSource time_source = TimeSource::kFileTime;
  Standing standing = Standing::kCurrent;
};

struct IntakeResult {
  // kInputRefused: the input is neither a folder nor an archive that can be used (message says why).
  enum class Outcome { kTakenIn, kInputMissing, kInputRefused } outcome = Outcome::kTakenIn;
  std::string message;
  std::vector<std::string> notes;  // about the input as a whole: skipped entries, LMS receipts
  // By student id; a student's current upload first, then the ones it replaced, newest first.
  std::vector<Submission> submissions;
};

IntakeResult take_in(const std::filesystem::path& input, const std::string& lab_file_name, const IntakeOptions& options);

// The status names StudentResult uses (grader/model/student_result.h): "found", "missing_file",
// "ambiguous_file", "not_an_archive", "unsafe_archive", "too_large", "damaged".
const char* outcome_name(Submission::Outcome outcome);

}  // namespace cudagrade
