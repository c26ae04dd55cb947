#include "package/gradescope_package.h"

#include <fmt/format.h>

#include "package/package_writer.h"
#include "package/zip_writer.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

// What building cudagrade and grading this one lab read: the grader, and the lab's declaration (a declared
// lab's labs/<lab>/), skeleton (the header), references (speed points) and test cases. Other labs' files stay out, and so does tests/: the image
// builds with CUDAGRADE_BUILD_TESTS=OFF.
void copy_sources(PackageWriter& writer, const PackageRequest& request) {
  const ProjectPaths& paths = request.paths;
  const std::string& lab = request.lab.name;
  const fs::path source = fs::path(kAutograderFolder) / kSourceFolder;
  // The grader's own files come from where this grader keeps them, which for a course's root (--root COURSE,
  // holding only its labs) is the installed data, not the root.
  const fs::path grader_data = paths.grader_dir().parent_path();
  writer.copy(grader_data / "CMakeLists.txt", source / "CMakeLists.txt");
  writer.copy(grader_data / "README.md", source / "README.md");
  writer.copy_tree(grader_data / "cmake", source / "cmake");
  writer.copy(grader_data / "scripts" / "install-deps.sh", source / "scripts" / "install-deps.sh");
  writer.copy_tree(grader_data / "scripts" / "deps", source / "scripts" / "deps");
  writer.copy_tree(paths.grader_dir(), source / "grader");
  std::error_code error;
  if (fs::is_directory(paths.lab_dir(lab), error)) writer.copy_tree(paths.lab_dir(lab), source / "labs" / lab);
  writer.copy_tree(paths.skeleton_dir(lab), source / "skeleton" / lab);
  writer.copy_tree(paths.reference_dir(lab), source / "reference" / lab);
  writer.copy(paths.testcases_file(lab), source / "testcases" / (lab + ".yaml"));
}

void write_zip_of_autograder(PackageWriter& writer) {
  if (!writer.ok()) return;
  ZipResult zip = write_zip(writer.staging() / kAutograderFolder, writer.staging() / kAutograderZip);
  if (zip.outcome == ZipResult::Outcome::kWritten) {
    writer.adopt(kAutograderZip);
  } else {
    writer.fail(PackageOutcome::kWriteFailed, fmt::format("cannot write {}: {}", kAutograderZip, zip.message));
  }
}

}  // namespace

PackageResult write_gradescope_package(const PackageRequest& request) {
  PackageWriter writer(request.out);
  const TemplateValues values = common_template_values(request.lab);
  const fs::path templates = templates_dir(request.paths) / "gradescope";
  const fs::path autograder = kAutograderFolder;
  writer.write(autograder / "setup.sh", writer.render(templates / "setup.sh", values), FileMode::kExecutable);
  writer.write(autograder / "run_autograder", writer.render(templates / "run_autograder", values),
               FileMode::kExecutable);
  copy_sources(writer, request);
  writer.write("README.md", writer.render(templates / "README.md", values));
  write_zip_of_autograder(writer);
  return writer.publish();
}

}  // namespace cudagrade
