// A content-addressed store of build outputs. An entry is found by a hash of everything that went into it
// and confirmed by comparing those inputs byte for byte, so a hash collision can never hand one student
// another's build. Entries are written in a temporary folder and renamed into place, so a killed build
// never leaves half an entry.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "core/files.h"
#include "core/hash.h"

namespace cudagrade {

class BuildCache {
 public:
  explicit BuildCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // A failed build is kept too, so that a file with a compile error is not recompiled on every run; a build
  // that could not be judged (the compiler missing, timed out) is not.
  enum class MakeOutcome { kSucceeded, kFailed, kNotJudged };

  struct Entry {
    std::filesystem::path dir;
    bool succeeded = false;
    bool cached = false;
    bool transient = false;  // a kNotJudged build's folder, outside the store: remove it when done
  };

  // The folder of the entry built from `inputs` (a full description: flags, sources, versions), building
  // it with `make` in a fresh folder when there is none.
  Entry get_or_build(const std::string& label, const std::string& inputs,
                     const std::function<MakeOutcome(const std::filesystem::path& dir)>& make);

 private:
  std::filesystem::path dir_;
};

}  // namespace cudagrade
