#include "model/lab.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cudagrade {

std::string Lab::entry_source(const std::filesystem::path& grader_dir) const {
  const std::filesystem::path path = grader_dir / "labs" / name() / "entry.cu";
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace cudagrade
