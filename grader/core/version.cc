#include "core/version.h"

// Generated at configure time into the build folder; only this file includes it, so a new commit rebuilds
// one file.
#include "version_values.h"

namespace cudagrade {

const GraderVersion& grader_version() {
  static const GraderVersion version{CUDAGRADE_VERSION_STRING, CUDAGRADE_COMMIT_STRING};
  return version;
}

std::string grader_version_text() {
  const GraderVersion& version = grader_version();
  return "cudagrade " + version.version + " (commit " + version.commit + ")";
}

}  // namespace cudagrade
