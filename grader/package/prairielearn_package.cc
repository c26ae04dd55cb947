#include "package/prairielearn_package.h"

#include <fmt/format.h>

#include <random>
#include <regex>

#include "package/course_lab.h"
#include "package/package_writer.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

TemplateValues prairielearn_values(const PackageRequest& request, const PrairielearnOptions& options) {
  TemplateValues values = common_template_values(request.lab);
  values["IMAGE"] = options.image;
  values["UUID"] = options.uuid.empty() ? random_uuid() : options.uuid;
  values["TIMEOUT"] = std::to_string(kPrairielearnTimeoutSeconds);
  values["TIME_BUDGET"] = std::to_string(kPrairielearnTimeoutSeconds - 30);
  return values;
}

}  // namespace

std::optional<std::string> image_problem(const std::string& image) {
  // A registry host (with a port), path components and no tag: the version's tag is added here.
  static const std::regex pattern("[a-z0-9]+([._-][a-z0-9]+)*(:[0-9]+)?(/[a-z0-9]+([._-][a-z0-9]+)*)*");
  if (std::regex_match(image, pattern)) return std::nullopt;
  if (image == kPlaceholderImage) return std::nullopt;
  return fmt::format("--image '{}' must be an image name without a tag, e.g. ghcr.io/my-course/cudagrade", image);
}

std::string random_uuid() {
  std::random_device device;
  std::uniform_int_distribution<int> nibble(0, 15);
  std::string uuid;
  for (int i = 0; i < 32; ++i) {
    if (i == 8 || i == 12 || i == 16 || i == 20) uuid += '-';
    int value = nibble(device);
    if (i == 12) value = 4;                        // version 4: random
    if (i == 16) value = 8 + (value & 3);          // the RFC 4122 variant
    uuid += "0123456789abcdef"[value];
  }
  return uuid;
}

PackageResult write_prairielearn_package(const PackageRequest& request, const PrairielearnOptions& options) {
  PackageWriter writer(request.out);
  const TemplateValues values = prairielearn_values(request, options);
  const fs::path templates = templates_dir(request.paths) / "prairielearn";
  const fs::path question = fs::path("questions") / request.lab.name;
  writer.write(question / "info.json", writer.render(templates / "info.json", values));
  writer.write(question / "question.html", writer.render(templates / "question.html", values));
  writer.write(question / "tests" / "grade.sh", writer.render(templates / "grade.sh", values), FileMode::kExecutable);
  writer.copy(request.paths.testcases_file(request.lab.name), question / "tests" / (request.lab.name + ".yaml"));
  // A course's own lab is not in the image: grade.sh grades with --root tests/course when it is there. Only
  // PrairieLearn's grader reads tests/, so the lab travels whole.
  if (is_course_lab(request))
    write_course_lab(writer, request, question / "tests" / "course", CourseAudience::kGraderOnly);
  writer.write("README.md", writer.render(templates / "README.md", values));
  return writer.publish();
}

}  // namespace cudagrade
