#include "core/temp_dir.h"

#include <signal.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
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

// Folders of graders that were killed before they could clean up (Ctrl-C, SIGKILL) hold arenas that can
// be gigabytes of tmpfs: each new folder removes those whose grader is gone.
void remove_abandoned(const std::string& parent) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(parent, error)) {
    const std::string name = entry.path().filename().string();
    int pid = 0;
    if (std::sscanf(name.c_str(), "cudagrade-%d-", &pid) != 1 || pid <= 0) continue;
    if (kill(pid, 0) == 0 || errno != ESRCH) continue;
    std::error_code ignored;
    std::filesystem::remove_all(entry.path(), ignored);
  }
}

TempDir::TempDir(Medium medium) {
  const std::string parent = parent_for(medium);
  remove_abandoned(parent);
  std::string pattern = parent + "/cudagrade-" + std::to_string(getpid()) + "-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "cannot create a work folder " + pattern);
  }
  path_ = pattern;
}

uint64_t TempDir::free_bytes() const {
  return cudagrade::free_bytes(path_.c_str());
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace cudagrade
