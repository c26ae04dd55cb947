#include "package/package.h"

#include "core/version.h"

namespace cudagrade {

TemplateValues common_template_values(const LabFiles& lab) {
  return {{"LAB", lab.name},
          {"SUBMISSION", lab.submission_file},
          {"CUDA_VERSION", kCudaVersion},
          {"GRADING_USER", kGradingUser},
          {"GRADER_VERSION", grader_version().version},
          {"GRADER_COMMIT", grader_version().commit}};
}

}  // namespace cudagrade
