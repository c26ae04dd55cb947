#include "package/github_package.h"

#include <fmt/format.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "core/files.h"
#include "core/version.h"
#include "package/course_lab.h"
#include "package/package_writer.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

TemplateValues github_values(const PackageRequest& request, const GithubOptions& options) {
  TemplateValues values = common_template_values(request.lab);
  values["GRADER_REPO"] = options.grader_repo;
  values["GRADER_REF"] = pinned_grader_ref(options);
  values["OUT"] = request.out.string();
  return values;
}

// The skeleton's README, behind the badge: byte for byte, so the lab's text reads as its author wrote it.
void write_readme(PackageWriter& writer, const fs::path& skeleton, const std::string& header) {
  writer.write("README.md", header + try_read_file(skeleton / "README.md").value_or(""));
}

}  // namespace

std::optional<std::string> grader_repo_problem(const std::string& repo) {
  static const std::regex pattern("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
  if (std::regex_match(repo, pattern)) return std::nullopt;
  return fmt::format("--grader-repo '{}' must be OWNER/NAME, e.g. my-course/cudagrade", repo);
}

std::optional<std::string> grader_ref_problem(const std::string& ref) {
  static const std::regex pattern("[A-Za-z0-9_.][A-Za-z0-9_./-]*");
  if (std::regex_match(ref, pattern)) return std::nullopt;
  return fmt::format("--grader-ref '{}' must be a branch, tag or commit (letters, digits, . _ - /)", ref);
}

std::string pinned_grader_ref(const GithubOptions& options) {
  return options.grader_ref.empty() ? grader_version().commit : options.grader_ref;
}

std::optional<std::string> own_commit_problem() {
  static const std::regex full_commit("[0-9a-f]{40}");
  const std::string& commit = grader_version().commit;
  if (std::regex_match(commit, full_commit)) return std::nullopt;
  return fmt::format(
      "this cudagrade was built from '{}', not a commit the workflow can check out (a modified tree, or one "
      "without git): name a tag or commit of the grader repository with --grader-ref",
      commit);
}

PackageResult write_github_package(const PackageRequest& request, const GithubOptions& options) {
  PackageWriter writer(request.out);
  const TemplateValues values = github_values(request, options);
  const fs::path templates = templates_dir(request.paths) / "github";
  const fs::path skeleton = request.paths.skeleton_dir(request.lab.name);
  writer.copy_tree(skeleton, "", {"README.md"});
  write_readme(writer, skeleton, writer.render(templates / "readme-header.md", values));
  writer.write(kWorkflowFile, writer.render(templates / "workflow.yml", values));
  writer.write(".gitignore", writer.render(templates / "gitignore", values));
  // The workflow grades with --root kCourseFolder when the starter holds one (a course's own lab).
  if (is_course_lab(request)) write_course_lab(writer, request, kCourseFolder, CourseAudience::kStudents);
  return writer.publish();
}

std::string github_next_steps(const PackageRequest& request, const GithubOptions& options) {
  const fs::path file = templates_dir(request.paths) / "github" / "next-steps.txt";
  RenderedTemplate rendered = render_template_file(file, github_values(request, options));
  return rendered.outcome == RenderedTemplate::Outcome::kRendered ? rendered.text : rendered.problem + "\n";
}

}  // namespace cudagrade
