#include "package/package_writer.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <system_error>
#include <vector>

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

// "out/" and "out" name the same folder; the staging folder is named after the last component.
fs::path normalized(const fs::path& path) {
  fs::path absolute = fs::absolute(path).lexically_normal();
  if (absolute.filename().empty()) absolute = absolute.parent_path();
  return absolute;
}

// Why `out` cannot receive a package, or empty when it can (absent, or an empty folder).
std::string out_problem(const fs::path& out) {
  std::error_code error;
  const fs::file_status status = fs::status(out, error);
  if (status.type() == fs::file_type::not_found) return "";
  if (status.type() != fs::file_type::directory)
    return fmt::format("--out {} exists and is not a folder", out.string());
  if (!fs::is_empty(out, error) || error) {
    return fmt::format("--out {} is not empty: choose a new folder (cudagrade never overwrites one)", out.string());
  }
  return "";
}

}  // namespace

PackageWriter::PackageWriter(const fs::path& out) : out_(normalized(out)) {
  if (std::string problem = out_problem(out_); !problem.empty()) {
    fail(PackageOutcome::kOutNotEmpty, problem);
    return;
  }
  staging_ = out_.parent_path() / fmt::format(".{}.partial-{}", out_.filename().string(), getpid());
  std::error_code error;
  fs::remove_all(staging_, error);  // left by an earlier run with this pid that was killed
  fs::create_directories(staging_, error);
  if (error)
    fail(PackageOutcome::kWriteFailed, fmt::format("cannot create {}: {}", staging_.string(), error.message()));
}

PackageWriter::~PackageWriter() {
  if (published_ || staging_.empty()) return;
  std::error_code error;
  fs::remove_all(staging_, error);
}

fs::path PackageWriter::target(const fs::path& relative) {
  const fs::path path = staging_ / relative;
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error)
    fail(PackageOutcome::kWriteFailed,
         fmt::format("cannot create {}: {}", path.parent_path().string(), error.message()));
  return path;
}

void PackageWriter::write(const fs::path& relative, const std::string& text, FileMode mode) {
  if (!ok()) return;
  const fs::path path = target(relative);
  if (!ok()) return;
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file) {
    fail(PackageOutcome::kWriteFailed, fmt::format("cannot write {}", path.string()));
    return;
  }
  const fs::perms perms = mode == FileMode::kExecutable ? fs::perms(0755) : fs::perms(0644);
  std::error_code error;
  fs::permissions(path, perms, error);
  if (error)
    fail(PackageOutcome::kWriteFailed, fmt::format("cannot set the mode of {}: {}", path.string(), error.message()));
  if (ok()) result_.files.push_back(relative);
}

void PackageWriter::copy(const fs::path& from, const fs::path& relative) {
  if (!ok()) return;
  if (!fs::is_regular_file(from)) {
    fail(PackageOutcome::kMissingSource, fmt::format("{} is missing", from.string()));
    return;
  }
  const fs::path path = target(relative);
  if (!ok()) return;
  std::error_code error;
  fs::copy_file(from, path, error);
  if (error) {
    fail(PackageOutcome::kWriteFailed, fmt::format("cannot copy {}: {}", from.string(), error.message()));
    return;
  }
  result_.files.push_back(relative);
}

void PackageWriter::copy_tree(const fs::path& from, const fs::path& relative, const std::set<fs::path>& except) {
  if (!ok()) return;
  if (!fs::is_directory(from)) {
    fail(PackageOutcome::kMissingSource, fmt::format("{} is missing", from.string()));
    return;
  }
  std::vector<fs::path> files;
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator(from, error); !error && it != fs::recursive_directory_iterator();
       it.increment(error)) {
    const fs::path file = it->path().lexically_relative(from);
    if (it->is_regular_file() && !except.count(file)) files.push_back(file);
  }
  if (error) {
    fail(PackageOutcome::kMissingSource, fmt::format("cannot list {}: {}", from.string(), error.message()));
    return;
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) copy(from / file, relative / file);
}

std::string PackageWriter::render(const fs::path& template_file, const TemplateValues& values) {
  if (!ok()) return "";
  RenderedTemplate rendered = render_template_file(template_file, values);
  if (rendered.outcome != RenderedTemplate::Outcome::kRendered) fail(PackageOutcome::kMissingSource, rendered.problem);
  return rendered.text;
}

void PackageWriter::adopt(const fs::path& relative) {
  if (ok()) result_.files.push_back(relative);
}

void PackageWriter::fail(PackageOutcome outcome, const std::string& message) {
  if (!ok()) return;  // the first failure is the one worth reporting
  result_.outcome = outcome;
  result_.message = message;
}

PackageResult PackageWriter::publish() {
  if (!ok()) return result_;
  std::error_code error;
  fs::rename(staging_, out_, error);  // replaces `out` only when it is an empty folder
  if (error == std::errc::directory_not_empty || error == std::errc::file_exists) {
    fail(PackageOutcome::kOutNotEmpty, fmt::format("--out {} was filled while the package was written", out_.string()));
  } else if (error) {
    fail(PackageOutcome::kWriteFailed,
         fmt::format("cannot move the package to {}: {}", out_.string(), error.message()));
  } else {
    published_ = true;
  }
  return result_;
}

}  // namespace cudagrade
