// The class as intake found it, stored in the output folder (OutputLayout::class_manifest) by every
// `cudagrade grade`: the lab, the test-case file and its hash, and every submission. What runs later, apart
// from the intake, reads it instead of taking the uploads in again: the Slurm tasks on other nodes, each
// grading its shard (batch/slurm_plan.h), and `cudagrade gradebook DIR`, which writes the gradebook from the
// stored results. The lab files it names are intake's copies in OUT/.work/, on the same shared filesystem.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "intake/intake.h"

namespace cudagrade {

struct ClassManifest {
  std::string lab;
  std::filesystem::path cases_file;  // absolute; the YAML the class is graded on
  std::string cases_hash;            // of that file's bytes when the class was taken in
  std::vector<Submission> submissions;

  // The current submissions only (a student's newest upload), in intake's order.
  std::vector<const Submission*> current() const;
};

// FNV-1a of a test-case file's bytes, 16 hex digits: a changed file regrades everyone.
std::string cases_file_hash(const std::filesystem::path& file);

void save_manifest(const std::filesystem::path& file, const ClassManifest& manifest);

struct LoadedManifest {
  enum class Outcome { kLoaded, kMissing, kUnreadable } outcome = Outcome::kMissing;
  ClassManifest manifest;
  std::string message;  // kMissing, kUnreadable: why, for the instructor
};
LoadedManifest load_manifest(const std::filesystem::path& file);

}  // namespace cudagrade
