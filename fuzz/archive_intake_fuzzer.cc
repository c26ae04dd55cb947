// libFuzzer target: arbitrary bytes as one student's upload, opened by safe_extract (grader/intake/
// safe_extract.h) and then taken in whole by take_in (grader/intake/intake.h), as `cudagrade grade` does
// with a folder of Blackboard downloads.
//
// The promises checked, each from those headers; a broken one aborts, so libFuzzer reports it as a crash
// with the input:
// - bad input never throws (only a broken machine does, and this one is not);
// - nothing is written outside the destination, no link is ever created, and no file and no total passes
//   its cap;
// - the files reported are exactly the regular files on disk; a refused archive (kUnsafe, kTooLarge)
//   leaves nothing behind; message is empty exactly when kExtracted; messages and notes are one line of
//   valid UTF-8 (names are repaired or escaped);
// - take_in names the upload's student, copies a found lab file into the student's work folder, and its
//   outcome agrees with what safe_extract said about the same bytes.
//
// Built by fuzz/build.sh; run by fuzz/run.sh. Every input works in one temporary folder (under $TMPDIR;
// run.sh puts it on /dev/shm) that is emptied between inputs and removed at exit.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "intake/intake.h"
#include "intake/safe_extract.h"
#include "intake/safe_name.h"

namespace {

namespace fs = std::filesystem;
using namespace cudagrade;
using Outcome = ExtractResult::Outcome;

const ExtractLimits kLimits{.max_total_bytes = 1u << 20, .max_file_bytes = 256u << 10, .max_entries = 200};
const char* const kUploadName = "Lab3_2026000001_Ana.zip";  // Blackboard: Assignment_id_Name.zip
const char* const kStudentId = "2026000001";
const char* const kLabFile = "matmul.cu";

fs::path g_base;  // this process's scratch folder

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "archive_intake_fuzzer: invariant broken: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

const char* outcome_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::kExtracted: return "extracted";
    case Outcome::kNotAnArchive: return "not_an_archive";
    case Outcome::kUnsafe: return "unsafe";
    case Outcome::kTooLarge: return "too_large";
    case Outcome::kDamaged: return "damaged";
  }
  return "?";
}

void remove_base() {
  std::error_code ignored;
  if (!g_base.empty()) fs::remove_all(g_base, ignored);
}

void fresh(const fs::path& folder) {
  std::error_code error;
  fs::remove_all(folder, error);
  if (error) fail("cannot empty " + folder.string() + ": " + error.message());
}

void write_file(const fs::path& file, const uint8_t* data, size_t size) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out) fail("cannot write " + file.string());
}

// Nothing may appear beside the folders this fuzzer made: an entry that climbed out of its destination
// ("../x", "../../x") would land here. (Absolute names are refused by the reported-name check, and no link
// exists to write through, which walk() checks.)
void check_nothing_escaped(const char* who) {
  static const std::set<std::string> base = {"upload.bin", "box", "input", "work"};
  for (const fs::directory_entry& entry : fs::directory_iterator(g_base)) {
    if (base.count(entry.path().filename().string()) == 0) {
      fail(std::string(who) + " wrote outside its folder: " + escaped(entry.path().filename().string()));
    }
  }
  for (const fs::directory_entry& entry : fs::directory_iterator(g_base / "box")) {
    if (entry.path().filename() != "extracted") {
      fail(std::string(who) + " wrote outside its folder: box/" + escaped(entry.path().filename().string()));
    }
  }
}

bool one_line_utf8(const std::string& text) { return valid_utf8(text) == text && text.find('\n') == std::string::npos; }

struct Tree {
  std::set<std::string> files;  // regular files, relative, '/'-separated
  uint64_t bytes = 0;
  uint64_t largest = 0;
  size_t entries = 0;  // files and folders
};

// Everything under `folder`, never following a link; any link, device, FIFO or socket is a broken promise.
Tree walk(const fs::path& folder, const char* who) {
  Tree tree;
  if (!fs::exists(fs::symlink_status(folder))) return tree;
  for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator(); ++it) {
    ++tree.entries;
    const fs::file_status status = it->symlink_status();
    const std::string relative = it->path().lexically_relative(folder).generic_string();
    if (fs::is_symlink(status)) fail(std::string(who) + " left a symbolic link: " + relative);
    if (fs::is_directory(status)) continue;
    if (!fs::is_regular_file(status)) fail(std::string(who) + " left something that is not a file: " + relative);
    const uint64_t size = fs::file_size(it->path());
    tree.files.insert(relative);
    tree.bytes += size;
    tree.largest = std::max(tree.largest, size);
  }
  return tree;
}

void check_text(const std::string& text, const char* what) {
  if (!one_line_utf8(text)) fail(std::string(what) + " is not one line of valid UTF-8: " + escaped(text));
}

ExtractResult check_safe_extract(const fs::path& upload, const fs::path& destination) {
  ExtractResult result;
  try {
    result = safe_extract(upload, destination, kLimits);
  } catch (const std::exception& error) {
    fail(std::string("safe_extract threw on bad input: ") + error.what());
  } catch (...) {
    fail("safe_extract threw something that is not a std::exception");
  }
  const std::string outcome = outcome_text(result.outcome);
  if (!fs::is_directory(fs::symlink_status(destination))) fail("safe_extract left no destination folder");
  std::set<std::string> reported;
  for (const std::string& file : result.files) {
    if (!reported.insert(file).second) fail("a file reported twice: " + escaped(file));
    const EntryPath path = entry_path(file);
    if (path.outcome != EntryPath::Outcome::kSafe || path.path != file) fail("a reported name that is not clean: " + escaped(file));
    if (!fs::is_regular_file(fs::symlink_status(destination / file))) fail("a reported file that is not on disk: " + escaped(file));
  }
  const Tree tree = walk(destination, "safe_extract");
  if (tree.files != reported) fail("the files on disk are not the files reported (" + outcome + ")");
  if (tree.bytes > kLimits.max_total_bytes) fail("more bytes written than the total cap");
  if (tree.largest > kLimits.max_file_bytes) fail("a file larger than the per-file cap");
  if ((result.outcome == Outcome::kUnsafe || result.outcome == Outcome::kTooLarge) && tree.entries != 0) {
    fail("a refused archive (" + outcome + ") left something behind");
  }
  if (result.outcome == Outcome::kNotAnArchive && tree.entries != 0) fail("not an archive, yet something was written");
  if ((result.outcome == Outcome::kExtracted) != result.message.empty()) {
    fail("message must be empty exactly when extracted (" + outcome + ": '" + result.message + "')");
  }
  check_text(result.message, "the message");
  for (const std::string& note : result.notes) check_text(note, "a note");
  return result;
}

bool hash_text(const std::string& text) {
  return text.size() == 16 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

void check_take_in(const fs::path& input, const fs::path& work, const ExtractResult& extracted) {
  IntakeOptions options;
  options.work_dir = work;
  options.upload_limits = kLimits;
  IntakeResult result;
  try {
    result = take_in(input, kLabFile, options);
  } catch (const std::exception& error) {
    fail(std::string("take_in threw on bad input: ") + error.what());
  } catch (...) {
    fail("take_in threw something that is not a std::exception");
  }
  if (result.outcome != IntakeResult::Outcome::kTakenIn) fail("take_in refused a folder of uploads: " + result.message);
  if (result.submissions.size() != 1) fail("one upload, but not one submission");
  const Submission& submission = result.submissions.front();
  if (submission.identity.id != kStudentId) fail("the upload's student id was not read: " + submission.identity.id);
  if (submission.standing != Submission::Standing::kCurrent) fail("the only upload is not current");
  if (!hash_text(submission.content_hash)) fail("content_hash is not 16 hex digits: " + submission.content_hash);
  check_text(submission.message, "the submission's message");
  for (const std::string& note : submission.notes) check_text(note, "a submission note");
  using S = Submission::Outcome;
  bool agrees = false;
  switch (extracted.outcome) {
    case Outcome::kExtracted:
      agrees = submission.outcome == S::kFound || submission.outcome == S::kMissingFile || submission.outcome == S::kAmbiguous;
      break;
    case Outcome::kNotAnArchive: agrees = submission.outcome == S::kNotAnArchive; break;
    case Outcome::kUnsafe: agrees = submission.outcome == S::kUnsafeArchive; break;
    case Outcome::kTooLarge: agrees = submission.outcome == S::kTooLarge; break;
    case Outcome::kDamaged: agrees = submission.outcome == S::kDamaged; break;
  }
  if (!agrees) {
    fail(std::string("take_in says ") + outcome_name(submission.outcome) + ", safe_extract said " +
         outcome_text(extracted.outcome));
  }
  if (submission.outcome == S::kFound) {
    const fs::path expected = work / folder_name(kStudentId) / kLabFile;
    if (submission.lab_file != expected) fail("the lab file was copied elsewhere: " + submission.lab_file.string());
    if (!fs::is_regular_file(fs::symlink_status(expected))) fail("the lab file copy is not a regular file");
    if (fs::file_size(expected) > kLimits.max_file_bytes) fail("a lab file over the per-file cap was accepted");
  } else if (!submission.lab_file.empty()) {
    fail("a lab file path without a found lab file");
  }
  // The upload's extraction, and at most one copy of a file from it.
  const Tree tree = walk(work, "take_in");
  if (tree.bytes > kLimits.max_total_bytes + kLimits.max_file_bytes) fail("take_in wrote more than its caps allow");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/cudagrade-archive-fuzz.XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    std::perror("archive_intake_fuzzer: mkdtemp");
    std::abort();
  }
  g_base = fs::canonical(pattern);
  std::atexit(remove_base);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fs::path upload = g_base / "upload.bin";
  const fs::path destination = g_base / "box" / "extracted";
  const fs::path input = g_base / "input";
  const fs::path work = g_base / "work";
  fresh(destination);
  fresh(input);
  fresh(work);
  write_file(upload, data, size);
  fs::create_directories(destination.parent_path());
  const ExtractResult extracted = check_safe_extract(upload, destination);
  check_nothing_escaped("safe_extract");
  fresh(destination);

  fs::create_directories(input);
  write_file(input / kUploadName, data, size);
  check_take_in(input, work, extracted);
  check_nothing_escaped("take_in");
  // take_in reads only the input folder and writes only the work folder.
  const Tree left = walk(input, "take_in (input folder)");
  if (left.files != std::set<std::string>{kUploadName}) fail("take_in changed its input folder");
  fresh(input);
  fresh(work);
  return 0;
}
