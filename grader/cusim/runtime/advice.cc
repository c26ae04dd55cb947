#include "cusim/runtime/advice.h"

#include <cstdio>
#include <utility>

namespace cusim::advice {
namespace {

constexpr int kMostUndefinedReads = 3;  // the first read on each of up to three lines
std::string g_undefined_reads;
int g_undefined_count = 0;
int g_undefined_lines[kMostUndefinedReads] = {};
std::string g_split_barrier;

}  // namespace

void note_undefined_read(int line, const char* operation, int reader_lane, int source_lane, unsigned mask) {
  if (g_undefined_count == kMostUndefinedReads) return;
  for (int i = 0; i < g_undefined_count; ++i) {
    if (g_undefined_lines[i] == line) return;
  }
  g_undefined_lines[g_undefined_count++] = line;
  char text[128];
  std::snprintf(text, sizeof text, "%s%d:%s:%d:%d:0x%08x", g_undefined_reads.empty() ? "" : ",", line, operation,
                reader_lane, source_lane, mask);
  g_undefined_reads += text;
}

void note_split_barrier(int first_line, int other_line) {
  if (g_split_barrier.empty()) g_split_barrier = std::to_string(first_line) + ":" + std::to_string(other_line);
}

std::string take_fields() {
  std::string fields;
  if (!g_undefined_reads.empty()) fields += " undefined=" + std::exchange(g_undefined_reads, std::string());
  g_undefined_count = 0;
  if (!g_split_barrier.empty()) fields += " barriers=" + std::exchange(g_split_barrier, std::string());
  return fields;
}

}  // namespace cusim::advice
