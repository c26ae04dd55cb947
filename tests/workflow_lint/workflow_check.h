// A structural check of a GitHub Actions workflow, standing in for actionlint (which Debian does not
// package): the rules that catch a workflow GitHub would reject or run wrongly, checked by our tests on
// every workflow `cudagrade package github` writes. See workflow_check.cc for the list.
#pragma once

#include <string>
#include <vector>

namespace cudagrade {

struct WorkflowProblem {
  int line = 0;  // 1-based; 0 when the file as a whole is at fault
  std::string message;

  std::string to_string() const;  // "line 12: job 'gpu' has no runs-on"
};

std::vector<WorkflowProblem> check_workflow(const std::string& text);

// One `run:` script, with its expressions blanked, for shellcheck (actionlint runs it the same way).
struct RunScript {
  std::string job;
  std::string step;   // its name, else its id, else its position
  std::string shell;  // the step's, else the job's or the workflow's default, else bash
  std::string script;
};

// For a workflow check_workflow() found no problem in.
std::vector<RunScript> run_scripts(const std::string& text);

}  // namespace cudagrade
