#include "core/files.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cudagrade {

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
