// Which file of an upload is the one to grade: the lab's file name (<lab>.cu), matched exactly, at any
// depth. Students zip a folder, a project, a folder inside a folder; the name is what the assignment
// fixes, so the name is what is looked for. Two files of that name are not guessed between.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cudagrade {

struct LabFileSearch {
  enum class Outcome { kFound, kMissing, kAmbiguous } outcome = Outcome::kMissing;
  std::string path;                     // kFound: the file, relative to the upload
  std::vector<std::string> candidates;  // kAmbiguous: every file of that name
  // One line a student can read: "no <lab>.cu in the upload; found: main.cu, notes.txt", with a hint
  // when a name differs only in case or a file is an archive (which is not opened).
  std::string message;
};

// `files` are relative, '/'-separated paths (as safe_extract gives them).
LabFileSearch find_lab_file(const std::vector<std::string>& files, const std::string& lab_file_name);

// The regular files under `folder`, relative, '/'-separated and sorted; links are neither listed nor
// followed, and OS clutter (safe_name.h) is left out.
std::vector<std::string> files_under(const std::filesystem::path& folder);

}  // namespace cudagrade
