#include "package/template.h"

#include "core/files.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace cudagrade {
namespace {

bool placeholder_char(char c, bool first) {
  return (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
}

// The length of the name after an '@' at `at`, when a closing '@' follows it; 0 when this '@' starts no
// placeholder (an e-mail address, `actions/checkout@v4`).
size_t placeholder_length(const std::string& text, size_t at) {
  size_t end = at + 1;
  while (end < text.size() && placeholder_char(text[end], end == at + 1)) ++end;
  if (end == at + 1 || end >= text.size() || text[end] != '@') return 0;
  return end - at - 1;
}

}  // namespace

std::filesystem::path templates_dir(const ProjectPaths& paths) {
  return paths.grader_dir() / "package" / "templates";
}

RenderedTemplate render_template(const std::string& text, const TemplateValues& values) {
  RenderedTemplate rendered;
  size_t at = 0;
  while (at < text.size()) {
    const size_t marker = text.find('@', at);
    if (marker == std::string::npos) {
      rendered.text.append(text, at);
      break;
    }
    rendered.text.append(text, at, marker - at);
    const size_t length = placeholder_length(text, marker);
    if (length == 0) {
      rendered.text += '@';
      at = marker + 1;
      continue;
    }
    const std::string name = text.substr(marker + 1, length);
    auto value = values.find(name);
    if (value == values.end()) {
      rendered.outcome = RenderedTemplate::Outcome::kUnknownPlaceholder;
      rendered.problem = fmt::format("no value for the placeholder @{}@", name);
      return rendered;
    }
    rendered.text += value->second;
    at = marker + length + 2;
  }
  return rendered;
}

RenderedTemplate render_template_file(const std::filesystem::path& file, const TemplateValues& values) {
  std::optional<std::string> text = try_read_file(file);
  if (!text) {
    return {RenderedTemplate::Outcome::kMissingTemplate, "", fmt::format("cannot read the template {}", file.string())};
  }
  RenderedTemplate rendered = render_template(*text, values);
  if (!rendered.problem.empty()) rendered.problem = file.string() + ": " + rendered.problem;
  return rendered;
}

}  // namespace cudagrade
