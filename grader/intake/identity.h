// Whose upload a file is, read from the name the LMS gave it.
//
// Every LMS names a bulk download its own way, and none of them puts the student in the file's contents:
//   Blackboard  Assignment4_jdoe42_attempt_2023-10-05-12-34-56_<lab>.cu   (id, timestamp, the student's file)
//               Assignment4_jdoe42_attempt_2023-10-05-12-34-56.txt         (its receipt, not an upload)
//               Assignment4_2015000000_Name.zip                            (id, name; a per-student archive)
//   Canvas      smithjohn_12345_6789012_<lab>.cu, smithjohn_LATE_12345_6789012_<lab>.zip
//               (name, late flag, user id, attachment id, the student's file; a resubmitted file of the
//               same name comes back as <lab>-1.cu)
//   Moodle      Firstname Lastname_123456_assignsubmission_file_  (a folder) or ..._file_<lab>.cu
// A course with another naming supplies its own pattern (parse_custom_pattern). A name that matches no
// pattern still gets graded: its stem is the id, with a note, so nobody is dropped for a renamed file.
#pragma once

#include <chrono>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace cudagrade {

struct Identity {
  enum class Role { kUpload, kReceipt };  // kReceipt: the LMS's own record of an upload, not student work
  enum class Lateness { kNotMarked, kLate };

  std::string id;
  std::string name;     // empty when the pattern has none
  std::string pattern;  // what matched: "blackboard", "canvas", "moodle", "custom" or "file-stem"
  std::string file;     // the student's own file name when the LMS kept it ("<lab>.cu"), else empty
  Role role = Role::kUpload;
  Lateness lateness = Lateness::kNotMarked;
  // When the LMS wrote a time into the name: its wall-clock reading, in the LMS's own time zone.
  std::optional<std::chrono::sys_seconds> submitted;
  std::vector<std::string> notes;
};

// A way of reading names: a regex that must match the whole name, and which of its groups (1-based; 0
// for none) carries each part.
struct NamePattern {
  enum class CopyNumber { kKept, kDropped };  // kDropped: "<lab>-1.cu" is read as "<lab>.cu" (Canvas)

  std::string label;
  std::regex regex;
  int id_group = 0;
  int name_group = 0;
  int late_group = 0;  // matched at all: the upload is late
  int time_group = 0;  // YYYY-MM-DD-HH-MM-SS
  int file_group = 0;
  Identity::Role role = Identity::Role::kUpload;
  CopyNumber copy_number = CopyNumber::kKept;
};

// Blackboard, Canvas and Moodle, in the order they are tried (the strictest first).
std::vector<NamePattern> lms_patterns();

// An instructor's pattern, in one of two spellings:
//   a template, where {id}, {name} and {file} capture and {*} skips, and everything else is literal text:
//     "{name}_{id}_{file}", "Lab4 - {id} - {*}". {id} must appear once; each placeholder takes as little
//     as it can, except {file}, which takes the rest.
//   "regex:" and an ECMAScript regex matching the whole name: group 1 is the id, group 2 (optional) the name.
struct CustomPattern {
  enum class Outcome { kValid, kInvalid } outcome = Outcome::kValid;
  std::optional<NamePattern> pattern;
  std::string message;  // kInvalid: what is wrong, for the instructor
};
CustomPattern parse_custom_pattern(const std::string& spec);

enum class UploadShape { kFile, kFolder };  // a folder's name has no extension to strip

// The identity in `upload_name` by the first pattern that matches with a non-empty id; else the name's
// stem (archive extensions such as .tar.gz stripped whole), with a note.
Identity identify(const std::string& upload_name, UploadShape shape, const std::vector<NamePattern>& patterns);

}  // namespace cudagrade
