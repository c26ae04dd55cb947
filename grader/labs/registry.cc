#include "labs/registry.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "core/command_runner.h"
#include "labdef/cpu_reference.h"
#include "labdef/declared_lab.h"

namespace cudagrade {

namespace {

struct Registry {
  std::vector<std::unique_ptr<DeclaredLab>> declared;
  std::vector<const Lab*> all;
  std::vector<DeclarationProblem> problems;
};

Registry& registry() {
  static Registry labs;
  return labs;
}

DeclaredLab::ReferenceBuilder reference_builder(const ProjectPaths& paths, const LabDeclaration& declaration) {
  const std::filesystem::path source = declaration.folder / declaration.reference_source;
  const std::filesystem::path interface = paths.grader_dir() / "labdef" / "include";
  const std::filesystem::path cache = paths.cache;
  return [source, interface, cache] {
    static SubprocessCommandRunner runner;
    CpuReference::Loaded loaded = CpuReference::build(source, interface, cache, runner);
    if (!loaded.reference) throw std::runtime_error(loaded.problem);
    return loaded.reference;
  };
}

}  // namespace

const std::vector<const Lab*>& all_labs() {
  return registry().all;
}

const Lab* find_lab(std::string_view name) {
  for (const Lab* lab : all_labs()) {
    if (lab->name() == name) return lab;
  }
  return nullptr;
}

void load_declared_labs(const ProjectPaths& paths) {
  Registry& labs = registry();
  labs.declared.clear();
  labs.problems.clear();
  labs.all.clear();
  const std::filesystem::path folder = paths.root / "labs";
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) return;
  std::vector<std::filesystem::path> declarations;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (std::filesystem::is_regular_file(entry.path() / "lab.yaml", error)) declarations.push_back(entry.path() / "lab.yaml");
  }
  std::sort(declarations.begin(), declarations.end());
  for (const std::filesystem::path& path : declarations) {
    DeclarationResult loaded = load_declaration(path);
    if (loaded.declaration && loaded.declaration->name != path.parent_path().filename().string()) {
      loaded.problems.push_back({path.string(), 1, fmt::format("'lab: {}' must be the folder's name, {}", loaded.declaration->name,
                                                               path.parent_path().filename().string())});
    }
    if (!loaded.problems.empty()) {
      labs.problems.insert(labs.problems.end(), loaded.problems.begin(), loaded.problems.end());
      continue;
    }
    const std::string name = loaded.declaration->name;
    DeclaredLab::ReferenceBuilder builder = reference_builder(paths, *loaded.declaration);
    labs.declared.push_back(std::make_unique<DeclaredLab>(std::move(*loaded.declaration), "labs/" + name, std::move(builder)));
    labs.all.push_back(labs.declared.back().get());
  }
}

const std::vector<DeclarationProblem>& declaration_problems() {
  return registry().problems;
}

}  // namespace cudagrade
