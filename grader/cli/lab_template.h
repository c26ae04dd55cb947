// The folders `cudagrade lab new NAME` writes: a complete lab (out = 2 * in) that passes `lab check` as
// written, so an author changes a working lab into theirs instead of starting from a blank page.
#pragma once

#include <string>
#include <vector>

namespace cudagrade {

struct TemplateFile {
  std::string path;  // relative to the project root
  std::string text;
};

std::vector<TemplateFile> lab_template(const std::string& name);

}  // namespace cudagrade
