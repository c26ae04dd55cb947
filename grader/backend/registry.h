// The backends `--backend` can name. `auto` takes the first usable one in this table's order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "core/command_runner.h"
#include "core/paths.h"

namespace cudagrade {

struct BackendChoice {
  std::unique_ptr<Backend> backend;  // null when the named backend does not exist in this build
  std::string note;                  // why auto chose what it chose, or why there is none
};

std::vector<std::string> backend_names();  // for --help: "gpu", "sim", "auto"
BackendChoice choose_backend(const std::string& name, const ProjectPaths& paths, CommandRunner& runner);

}  // namespace cudagrade
