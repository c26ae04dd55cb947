#include "cli/package_command.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/command_support.h"
#include "package/github_package.h"
#include "package/gradescope_package.h"
#include "package/prairielearn_package.h"

namespace cudagrade {
namespace {

struct PackageOptions {
  std::string lab;
  std::string out;
  GithubOptions github;
  PrairielearnOptions prairielearn;
};

void add_common_options(CLI::App& target, PackageOptions& options) {
  target.add_option("lab", options.lab, lab_option_help())->required();
  target.add_option("--out", options.out, "a new or empty folder to write the package into")->required();
}

// An --out that holds something is the user's to fix (exit 2); a missing template or a disk that refuses
// is the checkout's or the machine's (exit 3).
int report(const PackageResult& result, const std::string& out) {
  switch (result.outcome) {
    case PackageOutcome::kWritten:
      std::cout << fmt::format("wrote {} files to {}\n", result.files.size(), out);
      return kExitPassed;
    case PackageOutcome::kOutNotEmpty: throw UsageError(result.message);
    case PackageOutcome::kMissingSource:
    case PackageOutcome::kWriteFailed: break;
  }
  std::cerr << fmt::format("cudagrade: nothing was written: {}\n", result.message);
  return kExitInfra;
}

int package_github(const PackageRequest& request, const GithubOptions& options) {
  if (auto problem = grader_repo_problem(options.grader_repo)) throw UsageError(*problem);
  if (options.grader_ref.empty()) {
    if (auto problem = own_commit_problem()) throw UsageError(*problem);
  } else if (auto problem = grader_ref_problem(options.grader_ref)) {
    throw UsageError(*problem);
  }
  const int code = report(write_github_package(request, options), request.out.string());
  if (code != kExitPassed) return code;
  if (options.grader_repo == kPlaceholderGraderRepo) {
    std::cerr << fmt::format(
        "cudagrade: warning: the workflow checks out {}, a placeholder: pass --grader-repo "
        "OWNER/NAME or edit {}\n",
        kPlaceholderGraderRepo, kWorkflowFile);
  }
  std::cout << github_next_steps(request, options);
  return code;
}

int package_gradescope(const PackageRequest& request) {
  const int code = report(write_gradescope_package(request), request.out.string());
  if (code == kExitPassed) {
    std::cout << fmt::format("upload {} as the autograder; {} says what it does without a GPU\n",
                             (request.out / kAutograderZip).string(), (request.out / "README.md").string());
  }
  return code;
}

int package_prairielearn(const PackageRequest& request, const PrairielearnOptions& options) {
  if (auto problem = image_problem(options.image)) throw UsageError(*problem);
  const int code = report(write_prairielearn_package(request, options), request.out.string());
  if (code != kExitPassed) return code;
  if (options.image == kPlaceholderImage) {
    std::cerr << fmt::format("cudagrade: warning: info.json names the image {}, a placeholder: pass --image "
                             "REGISTRY/NAME or edit it\n",
                             kPlaceholderImage);
  }
  std::cout << fmt::format("copy {} into the course's questions/; {} says how to build the grader image\n",
                           (request.out / "questions" / request.lab.name).string(),
                           (request.out / "README.md").string());
  return code;
}

}  // namespace

CommandAction setup_package(CLI::App& command, const GlobalOptions& globals) {
  auto options = std::make_shared<PackageOptions>();
  command.require_subcommand(1);
  CLI::App* github = command.add_subcommand(
      "github", "a starter repository: the skeleton, a self-check workflow (CPU and a `gpu` runner), a badge");
  add_common_options(*github, *options);
  github
      ->add_option("--grader-repo", options->github.grader_repo,
                   "the course's cudagrade repository the workflow checks out, OWNER/NAME")
      ->capture_default_str();
  github->add_option("--grader-ref", options->github.grader_ref,
                     "the tag or commit of it to grade with all term (default: this cudagrade's own commit)");
  CLI::App* gradescope =
      command.add_subcommand("gradescope", "a Gradescope autograder: setup.sh, run_autograder and autograder.zip");
  add_common_options(*gradescope, *options);
  CLI::App* prairielearn = command.add_subcommand(
      "prairielearn", "a PrairieLearn question graded externally: info.json, question.html, tests/ with the entrypoint");
  add_common_options(*prairielearn, *options);
  prairielearn
      ->add_option("--image", options->prairielearn.image,
                   "the grader image PrairieLearn pulls, without a tag (the version is added)")
      ->capture_default_str();
  return [options, github, prairielearn, &globals] {
    const Lab& lab = lab_named(options->lab);
    const PackageRequest request{
        ProjectPaths::discover(globals.root, globals.cache_dir), {lab.name(), lab.submission_file()}, options->out};
    if (github->parsed()) return package_github(request, options->github);
    if (prairielearn->parsed()) return package_prairielearn(request, options->prairielearn);
    return package_gradescope(request);
  };
}

}  // namespace cudagrade
