// cudagrade: parse the command line, run one subcommand, and turn a fatal error into an exit code.
#include <csignal>
#include <cstdio>
#include <exception>

#include "cli/commands.h"
#include "labs/registry.h"
#include "core/version.h"

namespace {

// The value of `--name VALUE` or `--name=VALUE` before the subcommand, or "": the labs are data under the root,
// and the subcommands' help and checks name them, so the root is needed before the command line is parsed.
std::string early_option(int argc, char** argv, const std::string& name) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == name && i + 1 < argc) return argv[i + 1];
    if (arg.rfind(name + "=", 0) == 0) return arg.substr(name.size() + 1);
    if (arg == "--root" || arg == "--cache-dir") ++i;  // the other global option's value
    else if (!arg.empty() && arg[0] != '-') break;     // the subcommand: global options come before it
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace cudagrade;
  std::signal(SIGPIPE, SIG_IGN);  // a runner that dies mid-request must not take the grader with it
  load_declared_labs(ProjectPaths::discover(early_option(argc, argv, "--root"), early_option(argc, argv, "--cache-dir")));
  CLI::App app{"cudagrade: grade CUDA lab submissions for correctness and speed"};
  app.require_subcommand(1);
  app.set_version_flag("--version", grader_version_text(), "print cudagrade's version and the commit it was built from");
  GlobalOptions globals;
  app.add_option("--root", globals.root,
                 "project root holding skeleton/, reference/ and testcases/ (default: $CUDAGRADE_ROOT, else the "
                 "source tree this binary was built from)");
  app.add_option("--cache-dir", globals.cache_dir, "build cache (default: $CUDAGRADE_CACHE, else <root>/build/cache)");
  CommandAction action;
  for (const Command& command : commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.description);
    if (*command.description == '\0') sub->group("");  // an internal command: left out of --help
    CommandAction run = command.setup(*sub, globals);
    sub->callback([&action, run] { action = run; });
  }
  try {
    app.parse(argc, argv);
    return action();
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? kExitPassed : kExitUsage;
  } catch (const UsageError& error) {
    std::fprintf(stderr, "cudagrade: %s\n", error.what());
    return kExitUsage;
  } catch (const InfraError& error) {
    std::fprintf(stderr, "cudagrade: %s\n", error.what());
    return kExitInfra;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "cudagrade: internal error: %s\n", error.what());
    return kExitInfra;
  }
}
