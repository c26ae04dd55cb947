// `cudagrade lab new NAME` writes a lab's folders to fill in; `cudagrade lab check LAB` proves a declared lab
// sound before students see it (docs/LABS.md, "Checking a lab").
#pragma once

#include "cli/commands.h"

namespace cudagrade {

CommandAction setup_lab(CLI::App& command, const GlobalOptions& globals);

// The verdict a bundled example predicts in its first lines for `backend` ("gpu" or "sim"):
// "// cudagrade-expect-<backend>: STATUS" first, else "// cudagrade-expect: STATUS", else passed.
std::string predicted_verdict(const std::string& text, const std::string& backend);

}  // namespace cudagrade
