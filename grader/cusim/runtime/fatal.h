// How the simulator ends a run it cannot continue: a race, a divergent barrier, an unsupported construct.
// The verdict goes to the harness (grader/harness/sim_runner_main.cc), which answers the grader and exits;
// the runtime never returns into a kernel it has judged.
#pragma once

#include <string>

namespace cusim {

// Statuses a simulator verdict may carry (model/status.h names): race, unsupported, crashed, timeout.
using FatalHandler = void (*)(const char* status, const std::string& message);
void set_fatal_handler(FatalHandler handler);
[[noreturn]] void fail(const char* status, const std::string& message);

}  // namespace cusim
