// What `cudagrade package` writes from, and how writing ended. A package is a folder an instructor hands on:
// a starter repository for students (github_package.h) or a Gradescope autograder (gradescope_package.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/paths.h"
#include "package/template.h"

namespace cudagrade {

enum class PackageOutcome {
  kWritten,
  kOutNotEmpty,    // --out already holds something: never overwrite an instructor's files
  kMissingSource,  // a template or a course file is missing: the cudagrade checkout is incomplete
  kWriteFailed,    // the disk refused (permissions, space)
};

struct PackageResult {
  PackageOutcome outcome = PackageOutcome::kWritten;
  std::string message;                       // why, when not written
  std::vector<std::filesystem::path> files;  // relative to the output folder, in the order written
};

// The lab as packaging needs it; a plain struct so tests need no registry.
struct LabFiles {
  std::string name;             // the lab's name
  std::string submission_file;  // "<lab>.cu"
};

struct PackageRequest {
  ProjectPaths paths;
  LabFiles lab;
  std::filesystem::path out;
};

// The CUDA release a package installs where it needs nvcc (a GPU runner without one), pinned so that a new
// CUDA release cannot change a course's grading in the middle of a term: scripts/install-deps.sh --cuda
// installs its cuda-nvcc and cuda-cudart-dev, not the toolkit metapackage.
inline constexpr const char* kCudaVersion = "13.0";

// The unprivileged user a platform's grader runs student code as (Gradescope's setup.sh makes it).
inline constexpr const char* kGradingUser = "cudagrade";

// The values every package template may use; GRADER_VERSION and GRADER_COMMIT name the cudagrade that wrote
// the package (core/version.h), which is the one a package builds and grades with all term.
TemplateValues common_template_values(const LabFiles& lab);

}  // namespace cudagrade
