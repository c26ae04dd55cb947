#include "testing/fake_backend.h"

#include <fmt/format.h>

#include <fstream>

#include "core/files.h"
#include "model/lab.h"

#ifndef CUDAGRADE_FAKE_RUNNER
#error "CUDAGRADE_FAKE_RUNNER must name the fake runner binary (tests/tests.cmake)"
#endif

namespace cudagrade::testing {

BuildResult FakeToolchain::build(const BuildRequest& request) {
  std::string behaviour = read_file(request.source);
  while (!behaviour.empty() && (behaviour.back() == '\n' || behaviour.back() == ' ')) behaviour.pop_back();
  BuildResult result;
  if (behaviour.rfind("compile-error", 0) == 0) {
    result.outcome = BuildResult::Outcome::kCompileError;
    const std::string file = request.lab->submission_file();
    result.log = file + "(3): error: identifier \"acc\" is undefined\n";
    result.summary = "compile error: " + file + "(3): error: identifier \"acc\" is undefined";
    return result;
  }
  const std::filesystem::path script = dir_ / fmt::format("runner-{}", builds_++);
  std::ofstream(script) << fmt::format("#!/bin/sh\nexec '{}' lab={} {}\n", CUDAGRADE_FAKE_RUNNER, request.lab->name(),
                                      behaviour);
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  result.outcome = BuildResult::Outcome::kBuilt;
  result.runner = script;
  result.summary = "built";
  return result;
}

FakeProject::FakeProject() {
  paths_.root = dir_.path() / "project";
  paths_.cache = dir_.path() / "cache";
  write("reference/matmul/tiled_boundary.cu", "correct ms=2");
  write("reference/matmul/register_tiled.cu", "correct ms=0.5");
  write("reference/reduction/reduce3.cu", "correct ms=2");
  write("labs/matmul/baseline_cublas.cu", "correct ms=0.4");
  write("labs/reduction/baseline_cub.cu", "correct ms=0.25");
}

std::filesystem::path FakeProject::write(const std::string& relative, const std::string& contents) const {
  const std::filesystem::path path = paths_.root / relative;
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << contents;
  return path;
}

}  // namespace cudagrade::testing
