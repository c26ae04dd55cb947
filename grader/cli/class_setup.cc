#include "cli/class_setup.h"

#include "core/parallel.h"

namespace cudagrade {

ClassSetup class_setup(PreparedRun& run, const std::filesystem::path& out, int jobs, bool resume,
                       const std::string& sandbox, const std::string& race_check, const std::string& cases_hash) {
  ClassSetup setup;
  BatchOptions& batch = setup.options;
  batch.out_dir = out;
  batch.jobs = jobs > 0 ? jobs : static_cast<int>(usable_cores());
  batch.resume = resume;
  batch.confinement = confinement_named(sandbox, run.command_runner);
  batch.cases_hash = cases_hash;
  batch.race_check = race_check_for(race_check, *run.backend.backend);
  setup.race_checker = race_checker_for(batch.race_check, *run.backend.backend, run.paths, run.command_runner);
  batch.race_checker = setup.race_checker.get();
  return setup;
}

}  // namespace cudagrade
