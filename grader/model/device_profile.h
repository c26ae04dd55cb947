// What the simulator says it is when a program asks (cudaGetDeviceProperties, cudaDeviceGetAttribute). Issue
// #33: a file that asks must see the GPU of the grade, so that it cannot tell the simulator from that GPU by
// asking, and so that launch arithmetic on the SM count picks the grid it picks there. Beside a GPU grade the
// grader copies the profile from the GPU it probed (backend/gpu_probe.h); without a GPU it is the course's
// GPU, an H200, as it answered. The grader hands it to a simulator runner as one line of text (an environment variable
// the simulator's runtime reads and removes before any code of the file runs: cusim/runtime/device_queries.cc).
//
// Header-only: the grader writes the text, the simulator's runtime reads it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

namespace cudagrade {

inline constexpr const char* kDeviceProfileVariable = "CUDAGRADE_DEVICE_PROFILE";

struct DeviceProfile {
  // Without a GPU: the course's GPU as it answered on 2026-11-27 (`cudagrade devices --profile` on the
  // device tool's H200, driver 580.159.04; docs/runs/2026-11-27-backend-tells/profile.txt).
  std::string name = "NVIDIA H200";
  int major = 9, minor = 0;
  int multiprocessors = 132;
  int l2_bytes = 62914560;
  int64_t memory_bytes = 150109880320;
  int64_t shared_per_multiprocessor = 233472;
  int regs_per_multiprocessor = 65536;
  int threads_per_multiprocessor = 2048;
  int blocks_per_multiprocessor = 32;
  int memory_bus_bits = 6016;
  int64_t constant_bytes = 65536;
  int clock_khz = 1980000;
  int memory_clock_khz = 3201000;
  // Every cudaDeviceGetAttribute the GPU answered, by number (CUDA 13's 1 to 147): the simulator answers the
  // same, so that no attribute fails, or differs, only there. A profile without them (a test's made-up GPU)
  // answers from the fields above.
  std::map<int, int> attributes = {
      {1, 1024},        {2, 1024},        {3, 1024},       {4, 64},      {5, 2147483647},  {6, 65535},
      {7, 65535},       {8, 49152},       {9, 65536},      {10, 32},     {11, 2147483647}, {12, 65536},
      {13, 1980000},    {14, 512},        {15, 1},         {16, 132},    {17, 0},          {18, 0},
      {19, 1},          {20, 0},          {21, 131072},    {22, 131072}, {23, 65536},      {24, 16384},
      {25, 16384},      {26, 16384},      {27, 32768},     {28, 32768},  {29, 2048},       {30, 512},
      {31, 1},          {32, 1},          {33, 0},         {34, 6},      {35, 0},          {36, 3201000},
      {37, 6016},       {38, 62914560},   {39, 2048},      {40, 3},      {41, 1},          {42, 32768},
      {43, 2048},       {44, 1},          {45, 32768},     {46, 32768},  {47, 8192},       {48, 8192},
      {49, 32768},      {50, 0},          {51, 32},        {52, 32768},  {53, 32768},      {54, 2046},
      {55, 32768},      {56, 131072},     {57, 65536},     {58, 16384},  {59, 16384},      {60, 16384},
      {61, 32768},      {62, 2048},       {63, 32768},     {64, 32768},  {65, 2048},       {66, 32768},
      {67, 32768},      {68, 2046},       {69, 268435456}, {70, 131072}, {71, 65000},      {72, 2097120},
      {73, 32768},      {74, 32768},      {75, 9},         {76, 0},      {77, 32768},      {78, 1},
      {79, 1},          {80, 1},          {81, 233472},    {82, 65536},  {83, 1},          {84, 0},
      {85, 0},          {86, 0},          {87, 2},         {88, 0},      {89, 1},          {90, 1},
      {91, 1},          {92, 0},          {93, 0},         {94, 0},      {95, 1},          {96, 1},
      {97, 232448},     {98, 0},          {99, 1},         {100, 0},     {101, 0},         {102, 1},
      {103, 1},         {104, 0},         {105, 0},        {106, 32},    {107, 1},         {108, 39321600},
      {109, 134217728}, {110, 1},         {111, 1024},     {112, 1},     {113, 1},         {114, 1},
      {115, 1},         {116, 1},         {117, 1},        {118, 100},   {119, 9},         {120, 1},
      {121, 1},         {122, 1},         {123, 1},        {124, 1},     {125, 1},         {126, 4},
      {127, 1},         {128, 1},         {129, 1},        {130, 0},     {131, -1},        {132, 0},
      {133, 0},         {134, 0},         {135, 0},        {136, 0},     {137, 0},         {138, 0},
      {139, 590680286}, {140, 415174878}, {141, 1},        {142, 1},     {143, 0},         {144, 1},
      {145, 1},         {146, 0},         {147, 0}};

  // "sms=132;l2=...;name=NVIDIA H200": the name last, since it may hold any character but a newline.
  std::string to_text() const {
    return "cc=" + std::to_string(major) + "." + std::to_string(minor) + ";sms=" + std::to_string(multiprocessors) +
           ";l2=" + std::to_string(l2_bytes) + ";mem=" + std::to_string(memory_bytes) +
           ";smem_sm=" + std::to_string(shared_per_multiprocessor) +
           ";regs_sm=" + std::to_string(regs_per_multiprocessor) +
           ";threads_sm=" + std::to_string(threads_per_multiprocessor) +
           ";blocks_sm=" + std::to_string(blocks_per_multiprocessor) + ";bus=" + std::to_string(memory_bus_bits) +
           ";const=" + std::to_string(constant_bytes) + ";clock=" + std::to_string(clock_khz) +
           ";mclock=" + std::to_string(memory_clock_khz) + ";attr=" + attribute_text() + ";name=" + name;
  }

  // Reads what to_text() wrote; a field it does not know, or cannot read, keeps its default. False when the
  // text holds no field at all.
  bool read(const std::string& text) {
    bool any = false;
    size_t at = 0;
    while (at < text.size()) {
      const size_t equals = text.find('=', at);
      if (equals == std::string::npos) break;
      const std::string key = text.substr(at, equals - at);
      const size_t end = key == "name" ? text.size() : std::min(text.find(';', equals), text.size());
      const std::string value = text.substr(equals + 1, end - equals - 1);
      any = assign(key, value) || any;
      at = end + 1;
    }
    return any;
  }

 private:
  std::string attribute_text() const {
    std::string text;
    for (const auto& [number, value] : attributes) {
      text += (text.empty() ? "" : ",") + std::to_string(number) + ":" + std::to_string(value);
    }
    return text;
  }
  // "1:1024,2:1024", the whole table: pairs it cannot read are skipped.
  bool read_attributes(const std::string& value) {
    attributes.clear();
    size_t at = 0;
    while (at < value.size()) {
      const size_t end = std::min(value.find(',', at), value.size());
      const std::string pair = value.substr(at, end - at);
      char* after_number = nullptr;
      const long number = std::strtol(pair.c_str(), &after_number, 10);
      if (after_number != pair.c_str() && *after_number == ':' && number > 0) {
        char* after_value = nullptr;
        const long long attribute = std::strtoll(after_number + 1, &after_value, 10);
        if (after_value != after_number + 1) attributes[static_cast<int>(number)] = static_cast<int>(attribute);
      }
      at = end + 1;
    }
    return !attributes.empty();
  }
  bool assign(const std::string& key, const std::string& value) {
    char* end = nullptr;
    const long long number = std::strtoll(value.c_str(), &end, 10);
    const bool numeric = !value.empty() && end != value.c_str();
    if (key == "name") return !(name = value).empty();
    if (key == "attr") return read_attributes(value);
    if (key == "cc" && numeric && *end == '.') {
      major = static_cast<int>(number);
      minor = std::atoi(end + 1);
      return true;
    }
    if (!numeric || number <= 0) return false;
    if (key == "sms")
      multiprocessors = static_cast<int>(number);
    else if (key == "l2")
      l2_bytes = static_cast<int>(number);
    else if (key == "mem")
      memory_bytes = number;
    else if (key == "smem_sm")
      shared_per_multiprocessor = number;
    else if (key == "regs_sm")
      regs_per_multiprocessor = static_cast<int>(number);
    else if (key == "threads_sm")
      threads_per_multiprocessor = static_cast<int>(number);
    else if (key == "blocks_sm")
      blocks_per_multiprocessor = static_cast<int>(number);
    else if (key == "bus")
      memory_bus_bits = static_cast<int>(number);
    else if (key == "const")
      constant_bytes = number;
    else if (key == "clock")
      clock_khz = static_cast<int>(number);
    else if (key == "mclock")
      memory_clock_khz = static_cast<int>(number);
    else
      return false;
    return true;
  }
};

}  // namespace cudagrade
