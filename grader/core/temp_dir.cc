#include "core/temp_dir.h"

#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <system_error>

namespace cudagrade {
namespace {

uint64_t free_bytes(const char* dir) {
  struct statvfs info {};
  if (statvfs(dir, &info) != 0 || access(dir, W_OK) != 0) return 0;
  return static_cast<uint64_t>(info.f_bavail) * info.f_frsize;
}

std::string parent_for(TempDir::Medium medium) {
  if (medium == TempDir::Medium::kMemory && free_bytes("/dev/shm") > 0) return "/dev/shm";
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
}

}  // namespace

TempDir::TempDir(Medium medium) {
  std::string pattern = parent_for(medium) + "/cudagrade-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "cannot create a work folder " + pattern);
  }
  path_ = pattern;
}

uint64_t TempDir::free_bytes() const { return cudagrade::free_bytes(path_.c_str()); }

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace cudagrade
