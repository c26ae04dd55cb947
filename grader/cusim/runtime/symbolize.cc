#include "cusim/runtime/symbolize.h"

#include <dlfcn.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <vector>

extern char** environ;

namespace cusim {
namespace {

// addr2line's lines for one address ("file:line", innermost inlined frame first).
std::vector<std::string> addr2line(uintptr_t offset) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return {};
  char address[32];
  std::snprintf(address, sizeof address, "0x%lx", static_cast<unsigned long>(offset));
  // Our own executable, by path: in the child, /proc/self/exe would be addr2line.
  char exe[4096] = {};
  if (readlink("/proc/self/exe", exe, sizeof exe - 1) <= 0) return {};
  char program[] = "addr2line", exe_flag[] = "-e", inline_flag[] = "-i";
  char* argv[] = {program, exe_flag, exe, inline_flag, address, nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  pid_t child = -1;
  int spawned = posix_spawnp(&child, "addr2line", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  std::string text;
  char buffer[4096];
  ssize_t got;
  while (spawned == 0 && (got = read(pipe_fds[0], buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<size_t>(got));
  close(pipe_fds[0]);
  if (spawned == 0) waitpid(child, nullptr, 0);
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::string describe(const std::string& location) {
  std::string trimmed = location.substr(0, location.find(" ("));  // " (discriminator 2)"
  size_t colon = trimmed.rfind(':');
  if (colon == std::string::npos || trimmed.substr(colon + 1) == "?") return "";
  std::string file = trimmed.substr(0, colon), line = trimmed.substr(colon + 1);
  std::string base = file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1);
  if (base.size() > 3 && base.compare(base.size() - 3, 3, ".cu") == 0) return "line " + line;
  return base + ":" + line;
}

}  // namespace

std::string source_line(uintptr_t return_address) {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(return_address), &info) == 0) return "an unknown line";
  const uintptr_t offset = return_address - 1 - reinterpret_cast<uintptr_t>(info.dli_fbase);
  for (const std::string& location : addr2line(offset)) {
    if (location.find("/cusim/") != std::string::npos) continue;
    if (std::string text = describe(location); !text.empty()) return text;
  }
  return "an unknown line";
}

std::string triple(uint3 value) {
  return "(" + std::to_string(value.x) + "," + std::to_string(value.y) + "," + std::to_string(value.z) + ")";
}

}  // namespace cusim
