#include "batch/output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "core/files.h"
#include "gradebook/layout.h"

namespace cudagrade {

std::unique_ptr<OutputLock> OutputLock::acquire(const std::filesystem::path& dir, Outcome& outcome,
                                                std::string& holder) {
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = OutputLayout(dir).lock_file();
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "open " + path.string());
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int saved = errno;
    close(fd);
    if (saved != EWOULDBLOCK) throw std::system_error(saved, std::generic_category(), "lock " + path.string());
    outcome = Outcome::kHeldByAnother;
    holder = try_read_file(path).value_or("another cudagrade process");
    return nullptr;
  }
  const std::string me = "cudagrade process " + std::to_string(getpid()) + "\n";
  if (ftruncate(fd, 0) == 0 && pwrite(fd, me.data(), me.size(), 0) < 0) {
    // Only informs whoever finds the folder locked; the lock itself holds regardless.
  }
  outcome = Outcome::kAcquired;
  return std::unique_ptr<OutputLock>(new OutputLock(fd));
}

OutputLock::~OutputLock() { close(fd_); }

}  // namespace cudagrade
