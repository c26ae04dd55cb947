#include "package/course_lab.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <stdexcept>

#include "core/files.h"

namespace cudagrade {

namespace fs = std::filesystem;

bool is_course_lab(const PackageRequest& request) {
  std::error_code error;
  return !fs::equivalent(request.paths.grader_dir().parent_path(), request.paths.root, error);
}

std::string public_test_cases(const std::string& yaml_text, const std::string& lab) {
  YAML::Node suite;
  try {
    suite = YAML::Load(yaml_text);
  } catch (const YAML::Exception& error) {
    throw std::runtime_error(fmt::format("the test cases of {} are not YAML: {}", lab, error.msg));
  }
  YAML::Node kept(YAML::NodeType::Sequence);
  for (const YAML::Node& test_case : suite["cases"]) {
    const YAML::Node hidden = test_case["hidden"];
    if (hidden && hidden.IsScalar() && hidden.as<bool>(false)) continue;
    kept.push_back(test_case);
  }
  suite["cases"] = kept;
  YAML::Emitter out;
  out << suite;
  return fmt::format(
      "# The public test cases of the {} lab, written by cudagrade package: the hidden ones stay with the course.\n"
      "{}\n",
      lab, out.c_str());
}

void write_course_lab(PackageWriter& writer, const PackageRequest& request, const fs::path& folder,
                      CourseAudience audience) {
  const ProjectPaths& paths = request.paths;
  const std::string& lab = request.lab.name;
  writer.copy_tree(paths.lab_dir(lab), folder / "labs" / lab);
  writer.copy_tree(paths.skeleton_dir(lab), folder / "skeleton" / lab);
  const fs::path cases = folder / "testcases" / (lab + ".yaml");
  if (audience == CourseAudience::kGraderOnly) {
    writer.copy(paths.testcases_file(lab), cases);
    return;
  }
  writer.write(
      folder / "reference" / lab / "WITHHELD",
      fmt::format("The {} lab's reference kernels are withheld from students' copies. Speed cases time them, so\n"
                  "a GPU grade needs the course's own copy of the lab: cudagrade --root COURSE (the starter's\n"
                  "workflow reads the runner variable CUDAGRADE_COURSE_ROOT).\n",
                  lab));
  const std::optional<std::string> text = try_read_file(paths.testcases_file(lab));
  if (!text) {
    writer.fail(PackageOutcome::kMissingSource, fmt::format("cannot read {}", paths.testcases_file(lab).string()));
    return;
  }
  try {
    writer.write(cases, public_test_cases(*text, lab));
  } catch (const std::runtime_error& error) {
    writer.fail(PackageOutcome::kMissingSource, error.what());
  }
}

}  // namespace cudagrade
