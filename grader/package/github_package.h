// `cudagrade package github`: a starter repository for students. The lab's skeleton at the root (its
// README behind a status badge), a workflow that checks every push with cudagrade (on GitHub's CPU runners
// and on the course's self-hosted runner labelled `gpu`) and a .gitignore.
#pragma once

#include <optional>
#include <string>

#include "package/package.h"

namespace cudagrade {

// An obvious placeholder: the workflow fails at checkout, with GitHub's "repository not found", until the
// instructor names the course's cudagrade repository.
inline constexpr const char* kPlaceholderGraderRepo = "YOUR-ORG/cudagrade";
inline constexpr const char* kWorkflowFile = ".github/workflows/cudagrade.yml";
// A course's own lab, as students may see it (course_lab.h), in the starter: the workflow's --root.
inline constexpr const char* kCourseFolder = ".cudagrade-course";

struct GithubOptions {
  std::string grader_repo = kPlaceholderGraderRepo;  // OWNER/NAME of the course's cudagrade
  // A tag or commit, fixed for the term; empty: the commit of the cudagrade writing the package.
  std::string grader_ref;
};

// The ref the workflow checks cudagrade out at: --grader-ref, else this cudagrade's own commit.
std::string pinned_grader_ref(const GithubOptions& options);
// Why this cudagrade's own commit cannot be pinned (a build from a modified tree, or without git), or nullopt.
std::optional<std::string> own_commit_problem();

// Why an option cannot go into the workflow, or nullopt when it can. Both are written into the YAML
// unquoted, so only the characters GitHub allows in these names pass.
std::optional<std::string> grader_repo_problem(const std::string& repo);
std::optional<std::string> grader_ref_problem(const std::string& ref);

PackageResult write_github_package(const PackageRequest& request, const GithubOptions& options);
// What the instructor does next, for the command to print.
std::string github_next_steps(const PackageRequest& request, const GithubOptions& options);

}  // namespace cudagrade
