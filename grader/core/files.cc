#include "core/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace cudagrade {
namespace {

void fsync_path(const std::filesystem::path& path, int flags) {
  const int fd = open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "open " + path.string());
  const int synced = fsync(fd);
  const int saved = errno;
  close(fd);
  if (synced != 0) throw std::system_error(saved, std::generic_category(), "fsync " + path.string());
}

}  // namespace

void write_atomically(const std::filesystem::path& path, const std::string& contents) {
  const std::filesystem::path temporary = path.string() + ".tmp-" + std::to_string(getpid());
  {
    const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "create " + temporary.string());
    size_t written = 0;
    while (written < contents.size()) {
      const ssize_t n = write(fd, contents.data() + written, contents.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        const int saved = errno;
        close(fd);
        throw std::system_error(saved, std::generic_category(), "write " + temporary.string());
      }
      written += static_cast<size_t>(n);
    }
    const int synced = fsync(fd);
    const int saved = errno;
    close(fd);
    if (synced != 0) throw std::system_error(saved, std::generic_category(), "fsync " + temporary.string());
  }
  std::filesystem::rename(temporary, path);
  fsync_path(path.parent_path().empty() ? "." : path.parent_path(), O_RDONLY | O_DIRECTORY);
}


std::optional<std::string> try_read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return bytes.str();
}

std::string read_file(const std::filesystem::path& path) {
  std::optional<std::string> bytes = try_read_file(path);
  if (!bytes) throw std::runtime_error("cannot read " + path.string());
  return *bytes;
}

}  // namespace cudagrade
