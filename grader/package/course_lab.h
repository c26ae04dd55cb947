// A course's own lab in a package. Its files live in the course's repository (--root COURSE), which neither
// the grader's repository nor its image holds, so a package that grades it must carry them; what it carries
// depends on who can read the package.
#pragma once

#include <filesystem>
#include <string>

#include "package/package_writer.h"

namespace cudagrade {

// Whether the lab comes from a course's root rather than from the grader's own files.
bool is_course_lab(const PackageRequest& request);

enum class CourseAudience {
  kStudents,    // a starter repository: the declaration, its CPU reference, the header and the public cases;
                // never the reference kernels (the lecture's solutions) nor a hidden case
  kGraderOnly,  // a folder only the platform's grader reads (PrairieLearn's tests/): every case as well
};

// Writes the lab's course root under `folder` of the package, as --root reads it.
void write_course_lab(PackageWriter& writer, const PackageRequest& request, const std::filesystem::path& folder,
                      CourseAudience audience);

// The test-case file without its hidden cases; throws std::runtime_error when it is not YAML.
std::string public_test_cases(const std::string& yaml_text, const std::string& lab);

}  // namespace cudagrade
