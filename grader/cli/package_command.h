// `cudagrade package github|gradescope <lab> --out DIR`: what an instructor hands on, written from this
// checkout's skeleton, references, test cases and grader (grader/package/).
#pragma once

#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace cudagrade {

CommandAction setup_package(CLI::App& command, const GlobalOptions& globals);

}  // namespace cudagrade
