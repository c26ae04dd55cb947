// `cudagrade package prairielearn`: a PrairieLearn question graded by cudagrade as an external grader
// (https://prairielearn.readthedocs.io/en/latest/externalGrading/). PrairieLearn copies the question's tests/
// to /grade/tests, the student's file to /grade/student, and runs the entrypoint in the grader image (the
// Dockerfile in cudagrade's repository), which must leave /grade/results/results.json.
//
//   OUT/README.md                          for the instructor: the image, the course layout, what was tried
//   OUT/questions/<lab>/info.json          external grading on, the image, the entrypoint, the time limit
//   OUT/questions/<lab>/question.html      the statement, the file upload, the grader's results
//   OUT/questions/<lab>/tests/grade.sh     the entrypoint: cudagrade check ... --format prairielearn
//   OUT/questions/<lab>/tests/<lab>.yaml   the course's test cases, hidden ones included
#pragma once

#include <string>

#include "package/package.h"

namespace cudagrade {

// An obvious placeholder, as for GitHub's grader repository: PrairieLearn cannot pull it, and says so.
inline constexpr const char* kPlaceholderImage = "YOUR-REGISTRY/cudagrade";
// PrairieLearn refuses more than 600 s; the grade itself gets this less a margin to write the result.
inline constexpr int kPrairielearnTimeoutSeconds = 300;

struct PrairielearnOptions {
  std::string image = kPlaceholderImage;  // what `docker pull` is given, without the tag
  std::string uuid;                       // the question's; empty: a new random one
};

// Why an --image cannot go into info.json (it is written unquoted into no shell, but must be a pullable
// name), or nullopt.
std::optional<std::string> image_problem(const std::string& image);
// A random version-4 UUID, as PrairieLearn wants one per question.
std::string random_uuid();

PackageResult write_prairielearn_package(const PackageRequest& request, const PrairielearnOptions& options);

}  // namespace cudagrade
