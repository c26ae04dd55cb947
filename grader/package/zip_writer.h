// A .zip of one folder's files, as Gradescope's autograder upload wants it, written without a zip program
// so that packaging needs nothing more installed. Entries are stored (the sources are small), sorted and
// dated 1980-01-01, so the same folder always gives the same bytes; Unix modes are kept, so
// run_autograder stays executable.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cudagrade {

struct ZipResult {
  enum class Outcome { kWritten, kUnreadable, kTooLarge, kWriteFailed } outcome = Outcome::kWritten;
  std::string message;
  std::vector<std::string> entries;  // names inside the archive, '/'-separated, relative to the folder
};

ZipResult write_zip(const std::filesystem::path& folder, const std::filesystem::path& zip_file);

}  // namespace cudagrade
