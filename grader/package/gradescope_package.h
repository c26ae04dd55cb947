// `cudagrade package gradescope`: a Gradescope autograder
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/). The zip's root holds setup.sh (run once
// when Gradescope builds the image: it installs CUDA and builds cudagrade), run_autograder (run for each
// submission: it writes /autograder/results/results.json) and cudagrade/, the sources that build needs.
//
//   OUT/README.md        for the instructor: what to upload, and what grading without a GPU means
//   OUT/autograder/      the zip's contents, to read or edit
//   OUT/autograder.zip   what to upload
#pragma once

#include "package/package.h"

namespace cudagrade {

inline constexpr const char* kAutograderFolder = "autograder";
inline constexpr const char* kAutograderZip = "autograder.zip";
inline constexpr const char* kSourceFolder = "cudagrade";  // /autograder/source/cudagrade on Gradescope

PackageResult write_gradescope_package(const PackageRequest& request);

}  // namespace cudagrade
