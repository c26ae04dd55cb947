// The simulator's runner: the same harness as the GPU runner (runner/harness.h), compiled by g++ against
// cusim (grader/cusim/) and linked with a student file rewritten by grader/sim/rewriter. It answers
// "check" requests only, "check-profiled", the same with the memory-access counts of
// cusim/runtime/access_profile.h in its reply, "check-counted <cache bytes>", the same counted in every block
// with the modelled DRAM traffic (an efficiency case's), and "check-second-order", the same under the adversarial
// schedule (cusim/runtime/scheduler.h); timing needs a GPU.
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

#include "cusim/runtime/access_profile.h"
#include "cusim/runtime/advice.h"
#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/host_work.h"
#include "cusim/runtime/launch_record.h"
#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/symbolize.h"
#include "harness/harness.h"

namespace {

using namespace cudagrade::harness;

// A reply is one line: a message's own line breaks become spaces.
std::string one_line(std::string message) {
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return message;
}

void send_verdict(const char* status, const std::string& message) {
  respond("error", std::string("verdict ") + status + " " + one_line(message));
}

// Host code used a device pointer: on a GPU host that is a segmentation fault, and here device memory is
// inaccessible outside kernels and copies (cusim/runtime/device_memory.h).
void host_touched_device_memory(uintptr_t address) {
  const std::optional<cusim::device_memory::Place> place = cusim::device_memory::locate(address);
  const std::string where = place ? " (" + cusim::device_memory::describe(*place) + ")" : "";
  send_verdict("crashed", "host code dereferenced a device pointer" + where +
                              ": memory from cudaMalloc belongs to the GPU, and on a GPU machine this is a "
                              "segmentation fault. Copy it to a host array with cudaMemcpy first, or do the work "
                              "in a kernel.");
}

// A fault in a kernel is the simulator's illegal address: say where, then die as the GPU runner would.
void on_fault(int signal_number, siginfo_t* info, void*) {
  cusim::BlockScheduler& blocks = cusim::scheduler();
  const auto address_value = reinterpret_cast<uintptr_t>(info->si_addr);
  if (!blocks.inside_kernel() && cusim::device_memory::contains(address_value)) {
    host_touched_device_memory(address_value);
    // Delivered when the handler returns (the signal is blocked inside it): one reply, then death.
    signal(signal_number, SIG_DFL);
    raise(signal_number);
    return;
  }
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

void second_order(const DeviceArena&, const MappedArena&, size_t) {
  cusim::set_schedule(cusim::Schedule::kAdversarial);
}

void watch_call(const DeviceArena&, const MappedArena&, size_t) {
  cusim::race::watch_call();
  cusim::launches::start();
}

// The first evidence of host work in this request, for the grader to weigh against the outputs:
// "output:<buffer>" (an output the host wrote) or "input:<buffer>" (an input no kernel read).
std::string g_host_work;

void look_for_host_work(const DeviceArena& device, const MappedArena& arena, size_t set) {
  cusim::launches::stop();  // the call is over: the harness's own copies follow
  const size_t per_set = arena.header().buffer_count;
  const std::vector<void*> pointers = device.data_pointers(set);
  // An output the host wrote is the plainer evidence, so outputs are looked at first.
  for (const auto role : {protocol::BufferRole::kOutput, protocol::BufferRole::kInput}) {
    for (size_t i = 0; i < per_set && g_host_work.empty(); ++i) {
      const protocol::ArenaBuffer& buffer = arena.buffer(set * per_set + i);
      const size_t bytes = protocol::data_bytes(buffer);
      // An in-out buffer is judged as an output: the host writing it is the evidence.
      auto buffer_role = static_cast<protocol::BufferRole>(buffer.role);
      if (buffer_role == protocol::BufferRole::kInOut) buffer_role = protocol::BufferRole::kOutput;
      if (bytes == 0 || buffer_role != role) continue;
      if (role == protocol::BufferRole::kOutput && cusim::race::written_from_host(pointers[i], bytes)) {
        g_host_work = "output:" + std::to_string(i);
      } else if (role == protocol::BufferRole::kInput && cusim::race::untouched_by_device(pointers[i], bytes)) {
        g_host_work = "input:" + std::to_string(i);
      }
    }
  }
}

void handle(const std::string& line) {
  std::istringstream words(line);
  std::string verb;
  words >> verb;
  if (verb == "check" || verb == "check-profiled" || verb == "check-counted" || verb == "check-second-order") {
    const bool first_order = verb != "check-second-order";
    const bool counted = verb == "check-counted";
    if (counted) {
      unsigned long long cache_bytes = 0;
      if (!(words >> cache_bytes)) throw HarnessFailure("check-counted needs the modelled cache's bytes: " + line);
      cusim::profile::count_every_block(cache_bytes);
    }
    const auto began = std::chrono::steady_clock::now();
    cusim::race::clear_global_race();
    cusim::advice::take_fields();
    g_host_work.clear();
    cusim::profile::g_on = verb == "check-profiled" || counted;
    check_arena(rest_of(words), first_order ? CallHooks{&watch_call, &look_for_host_work}
                                            : CallHooks{&second_order, nullptr});
    cusim::profile::g_on = false;
    cusim::set_schedule(cusim::Schedule::kInOrder);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    char fields[64];
    std::snprintf(fields, sizeof fields, "sim_ms=%.3f", ms);
    // A global-memory race is the grader's to weigh against the outputs; it takes the rest of the line.
    const std::string race = one_line(cusim::race::global_race());
    std::string reply = fields;
    if (!g_host_work.empty()) reply += " host=" + g_host_work;
    if (first_order) {
      if (const std::string launched = cusim::launches::take(); !launched.empty()) reply += " launches=" + launched;
    }
    reply += cusim::advice::take_fields();
    if (verb == "check-profiled" || counted) reply += " profile=" + cusim::profile::take_report();
    if (counted) reply += " kernels=" + cusim::profile::take_launch_costs();
    if (counted) reply += " dram=" + cusim::profile::take_traffic();
    return respond("ok", race.empty() ? reply : reply + " race=" + race);
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
