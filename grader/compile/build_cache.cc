#include "compile/build_cache.h"

#include <atomic>

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cudagrade {
namespace {

constexpr const char* kInputsFile = "inputs";
constexpr const char* kSucceededFile = "succeeded";

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

BuildCache::Entry BuildCache::get_or_build(const std::string& label, const std::string& inputs,
                                           const std::function<MakeOutcome(const std::filesystem::path&)>& make) {
  const std::string key = fmt::format("{}-{:016x}", label, fnv1a(inputs));
  // Probing past collisions keeps distinct inputs in distinct entries.
  for (int probe = 0;; ++probe) {
    const std::filesystem::path dir = dir_ / (probe == 0 ? key : fmt::format("{}.{}", key, probe));
    if (std::filesystem::exists(dir / kInputsFile)) {
      if (read_file(dir / kInputsFile) != inputs) continue;
      return {dir, std::filesystem::exists(dir / kSucceededFile), true};
    }
    std::filesystem::create_directories(dir_);
    // Unique per process and per call: a batch builds many submissions at once, and they share harness entries.
    static std::atomic<unsigned> staging_counter{0};
    const std::filesystem::path staging = dir_ / fmt::format(".staging-{}-{}-{}", key, getpid(), staging_counter++);
    std::filesystem::remove_all(staging);
    std::filesystem::create_directories(staging);
    const MakeOutcome outcome = make(staging);
    if (outcome == MakeOutcome::kNotJudged) return {staging, false, false, true};
    const bool succeeded = outcome == MakeOutcome::kSucceeded;
    if (succeeded) write_file(staging / kSucceededFile, "");
    write_file(staging / kInputsFile, inputs);
    std::error_code error;
    std::filesystem::rename(staging, dir, error);
    if (error) {  // another grader finished the same entry first; theirs is as good as ours
      std::filesystem::remove_all(staging);
      if (!std::filesystem::exists(dir / kInputsFile) || read_file(dir / kInputsFile) != inputs) {
        throw std::runtime_error("cannot store build in " + dir.string() + ": " + error.message());
      }
      return {dir, std::filesystem::exists(dir / kSucceededFile), true};
    }
    return {dir, succeeded, false};
  }
}

}  // namespace cudagrade
