#include "cli/lab_command.h"

#include <fmt/format.h>

#include <iostream>
#include <regex>

#include "cli/command_support.h"
#include "cli/lab_check.h"
#include "cli/lab_template.h"
#include "core/files.h"
#include "labs/registry.h"

namespace cudagrade {
namespace {

int print_lines(const std::string& step, const std::vector<LabCheckLine>& lines, int& failures) {
  std::cout << step << "\n";
  for (const LabCheckLine& line : lines) {
    std::cout << (line.ok ? "  ok    " : "  FAIL  ") << line.what << "\n" << std::flush;
    failures += line.ok ? 0 : 1;
  }
  return failures;
}

const DeclaredLab& declared_lab_named(const std::string& name) {
  const auto* lab = dynamic_cast<const DeclaredLab*>(&lab_named(name));
  if (!lab) throw UsageError(fmt::format("{} is built into the grader, not declared in labs/{}/lab.yaml", name, name));
  return *lab;
}

CommandAction setup_lab_check(CLI::App& command, const GlobalOptions& globals) {
  struct Options : GradingOptions {
    std::string cases;
    bool no_grading = false;
  };
  auto options = std::make_shared<Options>();
  command.add_option("lab", options->lab, lab_option_help())->required();
  add_backend_option(command, options->backend);
  add_sandbox_option(command, options->sandbox);
  command.add_option("--cases", options->cases,
                     "test cases to grade the files on (default: testcases/<lab>.yaml; testcases/quick/<lab>.yaml "
                     "for a quicker check)");
  command.add_flag("--no-grading", options->no_grading,
                   "check the header and the check only, without grading the references, skeleton and examples "
                   "(for a suite that grades them already)");
  return [options, &globals] {
    const DeclaredLab& lab = declared_lab_named(options->lab);
    std::unique_ptr<PreparedRun> run = prepare_backend(globals, options->backend);
    std::cout << fmt::format("lab {}: {} (declared in {}; backend: {})\n", lab.name(), lab.title(), lab.declaration().file,
                             run->backend.backend->name());
    TestSuite suite = load_suite(run->paths, lab, options->cases);
    LabChecker checker(lab, *run, options->sandbox);
    int failures = 0;
    print_lines("the header", checker.header_matches(), failures);
    print_lines("the check, on answers written into an arena", checker.check_rejects_wrong_answers(suite), failures);
    if (!options->no_grading) {
      print_lines("the references, the skeleton and the examples", checker.files_get_their_verdicts(suite), failures);
    }
    std::cout << (failures == 0 ? fmt::format("lab {} is sound\n", lab.name())
                                : fmt::format("lab {}: {} problem(s)\n", lab.name(), failures));
    return static_cast<int>(failures == 0 ? kExitPassed : kExitFailed);
  };
}

CommandAction setup_lab_new(CLI::App& command, const GlobalOptions& globals) {
  auto name = std::make_shared<std::string>();
  command.add_option("name", *name, "the new lab's name: letters, digits and _")->required();
  return [name, &globals] {
    if (!std::regex_match(*name, std::regex("[A-Za-z_][A-Za-z0-9_]{0,63}"))) {
      throw UsageError(fmt::format("'{}' is not a lab name: letters, digits and _, starting with a letter", *name));
    }
    if (find_lab(*name)) throw UsageError(fmt::format("a lab named {} already exists", *name));
    const ProjectPaths paths = ProjectPaths::discover(globals.root, globals.cache_dir);
    const std::vector<TemplateFile> files = lab_template(*name);
    for (const TemplateFile& file : files) {
      if (std::filesystem::exists(paths.root / file.path)) {
        throw UsageError(fmt::format("{} already exists; nothing was written", (paths.root / file.path).string()));
      }
    }
    for (const TemplateFile& file : files) {
      std::filesystem::create_directories((paths.root / file.path).parent_path());
      write_atomically(paths.root / file.path, file.text);
      std::cout << "wrote " << (paths.root / file.path).string() << "\n";
    }
    std::cout << fmt::format("Lab {} is a working example (out = 2 * in) to change into yours; docs/LABS.md explains each "
                             "file. Then: cudagrade{} lab check {}\n",
                             *name, globals.root.empty() ? "" : " --root " + globals.root, *name);
    return static_cast<int>(kExitPassed);
  };
}

}  // namespace

std::string predicted_verdict(const std::string& text, const std::string& backend) {
  std::smatch found;
  std::string head;
  size_t lines = 0;
  for (size_t at = 0; at < text.size() && lines < 5; ++lines) {
    const size_t end = std::min(text.find_first_of("\r\n", at), text.size());
    head += text.substr(at, end - at) + "\n";
    at = end + 1;
  }
  if (std::regex_search(head, found, std::regex("// cudagrade-expect-" + backend + ": (\\S+)"))) return found[1];
  if (std::regex_search(head, found, std::regex("// cudagrade-expect: (\\S+)"))) return found[1];
  return "passed";
}

CommandAction setup_lab(CLI::App& command, const GlobalOptions& globals) {
  command.require_subcommand(1);
  auto chosen = std::make_shared<CommandAction>();
  CommandAction check = setup_lab_check(*command.add_subcommand("check", "prove a declared lab sound: its header, its "
                                                                "check, its references, skeleton and examples"), globals);
  CommandAction create = setup_lab_new(*command.add_subcommand("new", "write a new lab's folders, a working example to "
                                                               "change"), globals);
  command.get_subcommand("check")->callback([chosen, check] { *chosen = check; });
  command.get_subcommand("new")->callback([chosen, create] { *chosen = create; });
  return [chosen] { return (*chosen)(); };
}

}  // namespace cudagrade
