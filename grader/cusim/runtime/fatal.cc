#include "cusim/runtime/fatal.h"

#include <unistd.h>

#include <cstdio>

namespace cusim {
namespace {

void print_and_exit(const char* status, const std::string& message) {
  std::fprintf(stderr, "cusim: %s: %s\n", status, message.c_str());
}

FatalHandler g_handler = print_and_exit;

}  // namespace

void set_fatal_handler(FatalHandler handler) { g_handler = handler; }

void fail(const char* status, const std::string& message) {
  g_handler(status, message);
  std::fflush(nullptr);
  _exit(70);
}

}  // namespace cusim
