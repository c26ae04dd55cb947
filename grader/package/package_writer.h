// Writes a package folder as a whole or not at all: files go into a hidden staging folder beside --out,
// which is renamed into place at the end. A failure halfway leaves nothing behind, and a folder that
// already holds something is never touched.
#pragma once

#include <filesystem>
#include <set>
#include <string>

#include "package/package.h"
#include "package/template.h"

namespace cudagrade {

enum class FileMode { kRegular, kExecutable };

class PackageWriter {
 public:
  // Refuses an `out` that exists and is not an empty folder (the result says so); else stages beside it.
  explicit PackageWriter(const std::filesystem::path& out);
  ~PackageWriter();  // removes the staging folder unless it was published
  PackageWriter(const PackageWriter&) = delete;
  PackageWriter& operator=(const PackageWriter&) = delete;

  // False after the first failure; every later call then does nothing, so callers check once at the end.
  bool ok() const { return result_.outcome == PackageOutcome::kWritten; }
  const std::filesystem::path& staging() const { return staging_; }

  void write(const std::filesystem::path& relative, const std::string& text, FileMode mode = FileMode::kRegular);
  // Byte for byte, keeping the file's permissions.
  void copy(const std::filesystem::path& from, const std::filesystem::path& relative);
  // Every regular file under `from`, recursively, in sorted order; `except` holds paths relative to `from`.
  void copy_tree(const std::filesystem::path& from, const std::filesystem::path& relative,
                 const std::set<std::filesystem::path>& except = {});
  // A template rendered, or "" after failing the writer (a missing template or an unfilled placeholder).
  std::string render(const std::filesystem::path& template_file, const TemplateValues& values);
  // A file the caller wrote into staging() itself (an archive).
  void adopt(const std::filesystem::path& relative);
  void fail(PackageOutcome outcome, const std::string& message);

  // Moves the staged folder to `out` and returns what was written, or why nothing was.
  PackageResult publish();

 private:
  std::filesystem::path target(const std::filesystem::path& relative);

  std::filesystem::path out_;
  std::filesystem::path staging_;
  PackageResult result_;
  bool published_ = false;
};

}  // namespace cudagrade
