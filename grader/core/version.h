// Which cudagrade this is: the version and commit set when the build was configured (CMakeLists.txt writes
// them into the generated version_values.h), so every report can say what graded it.
#pragma once

#include <string>

namespace cudagrade {

struct GraderVersion {
  std::string version;  // "0.1.0", from project(VERSION) in CMakeLists.txt
  std::string commit;   // the git commit configured from (40 hex digits, "-dirty" when edited), else "unknown"
};

const GraderVersion& grader_version();

// "cudagrade 0.1.0 (commit 5b0d191d2c1a)": what --version prints and every report carries.
std::string grader_version_text();

}  // namespace cudagrade
