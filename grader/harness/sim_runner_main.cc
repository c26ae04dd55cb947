// The simulator's runner: the same harness as the GPU runner (runner/harness.h), compiled by g++ against
// cusim (grader/cusim/) and linked with a student file rewritten by grader/sim/rewriter. It answers
// "check" requests only; timing needs a GPU.
//
// Beyond the GPU runner it turns the simulator's own findings into verdicts on the control channel
// ("error <nonce> verdict <status> <message>"): races, divergent barriers, unsupported constructs, and
// faults inside a kernel, which the simulator can place at a thread and a block.
//
// Build (the grader does this, see grader/sim/sim_toolchain.cc):
//   g++ -std=c++17 -O2 -gdwarf-4 -I grader -I grader/cusim/include -I skeleton/<lab> -c sim_runner_main.cc
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "cusim/runtime/fatal.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/symbolize.h"
#include "harness/harness.h"

namespace {

using namespace cudagrade::harness;

void send_verdict(const char* status, const std::string& message) {
  std::string line = message;
  for (char& c : line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  respond("error", std::string("verdict ") + status + " " + line);
}

// A fault in a kernel is the simulator's illegal address: say where, then die as the GPU runner would.
void on_fault(int signal_number, siginfo_t* info, void*) {
  cusim::BlockScheduler& blocks = cusim::scheduler();
  char address[32];
  std::snprintf(address, sizeof address, "%p", info->si_addr);
  std::string where = blocks.inside_kernel()
                          ? " in kernel " + std::string(blocks.kernel_name()) + ", thread " +
                                cusim::triple(blocks.current().index) + " of block " + cusim::triple(blocks.block_index())
                          : " in host code";
  const char* what = signal_number == SIGBUS ? "a bus error" : "an illegal memory access";
  respond("error", std::string("cuda cudaErrorIllegalAddress: ") + what + " was encountered" + where + " (address " +
                       address + ")");
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void install_fault_handler() {
  // The fault may be a stack overflow, so the handler runs on a stack of its own.
  static char alternate_stack[64 * 1024];
  stack_t stack{};
  stack.ss_sp = alternate_stack;
  stack.ss_size = sizeof alternate_stack;
  sigaltstack(&stack, nullptr);
  struct sigaction action {};
  action.sa_sigaction = on_fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigaction(SIGSEGV, &action, nullptr);
  sigaction(SIGBUS, &action, nullptr);
}

void handle(const std::string& line) {
  std::istringstream words(line);
  std::string verb;
  words >> verb;
  if (verb == "check") {
    const auto began = std::chrono::steady_clock::now();
    check_arena(rest_of(words));
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    char fields[64];
    std::snprintf(fields, sizeof fields, "sim_ms=%.3f", ms);
    return respond("ok", fields);
  }
  throw HarnessFailure("the simulator answers check requests only (timing needs a GPU): " + line);
}

}  // namespace

int main() {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return 3;
  cusim::set_fatal_handler(send_verdict);
  install_fault_handler();
  return serve(say_hello, handle);
}
