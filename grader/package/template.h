// The package templates (grader/package/templates/) are plain files with @NAME@ placeholders, so each one
// reads as the YAML, shell or Markdown it becomes, and GitHub's own ${{ }} needs no escaping.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "core/paths.h"

namespace cudagrade {

using TemplateValues = std::map<std::string, std::string>;  // "LAB" -> the lab's name

struct RenderedTemplate {
  enum class Outcome { kRendered, kMissingTemplate, kUnknownPlaceholder } outcome = Outcome::kRendered;
  std::string text;
  std::string problem;  // which file or placeholder, when not rendered
};

std::filesystem::path templates_dir(const ProjectPaths& paths);

// Replaces every @NAME@ (capitals, digits, '_') in one pass. A placeholder without a value is an error
// rather than left in place, so a template and the code that fills it cannot drift apart unnoticed.
RenderedTemplate render_template(const std::string& text, const TemplateValues& values);
RenderedTemplate render_template_file(const std::filesystem::path& file, const TemplateValues& values);

}  // namespace cudagrade
