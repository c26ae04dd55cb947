// What `grade` and a Slurm task (`slurm-task`) share: the options of a class's grading run from the command
// line's words, so a task grades its shard exactly as the one-machine run would.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "batch/batch_grader.h"
#include "cli/command_support.h"

namespace cudagrade {

struct ClassSetup {
  BatchOptions options;
  std::unique_ptr<Backend> race_checker;  // options.race_checker points at it
};

// `jobs` 0: the number of cores.
ClassSetup class_setup(PreparedRun& run, const std::filesystem::path& out, int jobs, bool resume,
                       const std::string& sandbox, const std::string& race_check, const std::string& cases_hash);

}  // namespace cudagrade
