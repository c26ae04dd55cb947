#include "intake/lab_file_search.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "intake/safe_name.h"

namespace cudagrade {
namespace {

// A class's missing-file messages stay one readable line even for an upload of a whole project.
constexpr size_t kMaxListed = 8;

std::string base_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool same_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool looks_like_archive(const std::string& path) {
  const std::string name = base_name(path);
  for (const char* extension : {".zip", ".tar", ".tgz", ".gz", ".bz2", ".xz", ".7z", ".rar"}) {
    const std::string_view ext(extension);
    if (name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) return true;
  }
  return false;
}

std::string listing(std::vector<std::string> files) {
  std::sort(files.begin(), files.end());
  std::string text;
  for (size_t i = 0; i < files.size() && i < kMaxListed; ++i) text += (i == 0 ? "" : ", ") + files[i];
  if (files.size() > kMaxListed) text += fmt::format(" and {} more", files.size() - kMaxListed);
  return text;
}

std::string missing_message(const std::vector<std::string>& files, const std::string& lab_file_name) {
  if (files.empty()) return fmt::format("no {} in the upload; it holds no files", lab_file_name);
  std::string message = fmt::format("no {} in the upload; found: {}", lab_file_name, listing(files));
  for (const std::string& file : files) {
    if (same_ignoring_case(base_name(file), lab_file_name)) {
      message += fmt::format(" ({} differs only in case; the name must be exactly {})", file, lab_file_name);
      break;
    }
  }
  if (std::any_of(files.begin(), files.end(), looks_like_archive)) message += " (archives inside the upload are not opened)";
  return message;
}

}  // namespace

LabFileSearch find_lab_file(const std::vector<std::string>& files, const std::string& lab_file_name) {
  LabFileSearch search;
  for (const std::string& file : files) {
    if (base_name(file) == lab_file_name) search.candidates.push_back(file);
  }
  std::sort(search.candidates.begin(), search.candidates.end());
  if (search.candidates.empty()) {
    search.message = missing_message(files, lab_file_name);
  } else if (search.candidates.size() == 1) {
    search.outcome = LabFileSearch::Outcome::kFound;
    search.path = search.candidates.front();
    search.message = search.path == lab_file_name ? fmt::format("found {}", lab_file_name)
                                                   : fmt::format("found {} at {}", lab_file_name, search.path);
  } else {
    search.outcome = LabFileSearch::Outcome::kAmbiguous;
    search.message = fmt::format("{} files named {} in the upload: {}; keep only the one to grade",
                                 search.candidates.size(), lab_file_name, listing(search.candidates));
  }
  return search;
}

std::vector<std::string> files_under(const std::filesystem::path& folder) {
  std::vector<std::string> files;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(folder, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (!it->is_regular_file(error) || it->is_symlink(error)) continue;
    const std::string path = it->path().lexically_relative(folder).generic_string();
    if (!is_os_metadata(path)) files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace cudagrade
