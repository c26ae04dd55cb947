// A stand-in for compute-sanitizer, for tests on machines without a GPU: it logs the words it was given, runs
// the runner (its last word) as its child, as the real tool does, passing the grader's channel on, and when the
// runner ends prints the report of the tool it was asked for (`--tool racecheck` or `--tool synccheck`), or
// `racy_report` instead of racecheck's when the runner's script holds the word "racy".
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "core/temp_dir.h"
#include "testing/sandbox_probe.h"

namespace cudagrade::testing {

struct FakeSanitizer {
  TempDir dir{TempDir::Medium::kDisk};
  std::filesystem::path log = dir.path() / "words";
  std::filesystem::path program;

  FakeSanitizer(const std::string& racecheck_report, const std::string& synccheck_report,
                const std::string& racy_report = "") {
    std::ofstream(dir.path() / "racecheck") << racecheck_report;
    std::ofstream(dir.path() / "synccheck") << synccheck_report;
    std::ofstream(dir.path() / "racy") << racy_report;
    const std::string reports = dir.path().string() + "/";
    program = executable_file(dir.path() / "compute-sanitizer",
                              "#!/bin/sh\necho \"$@\" >> '" + log.string() +
                                  "'\nfor last; do :; done\nFAKE_SANITIZER_WRAPS=1 \"$last\"\n"
                                  "echo '========= COMPUTE-SANITIZER'\n"
                                  "if [ \"$2\" = racecheck ] && grep -q racy \"$last\"; then cat '" +
                                  reports +
                                  "racy'\n"
                                  "else cat '" +
                                  reports + "'\"$2\"; fi\n");
  }
};

}  // namespace cudagrade::testing
