// The parts of the runner that do not depend on where kernels run: the protocol conversation, the arena
// file and the device copy of it, and the correctness check. Included by the GPU runner (runner_main.cu,
// compiled by nvcc) and the simulator's runner (sim_runner_main.cc, compiled by g++ against cusim), which
// both speak the CUDA runtime API. Include it in one file of a runner only: its .preinit_array entry
// (take_channel) must be the runner's one.
#pragma once

#include <cuda_runtime.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/protocol.h"
#include "harness/entry.h"

// Everything here has internal linkage (an unnamed namespace): a submission linked into the same binary
// cannot define or reach the harness's nonce or reply functions by name.
namespace cudagrade::harness {
namespace {

namespace protocol = cudagrade::protocol;

// A CUDA failure inside the runner. CUDA errors are sticky, so the runner reports it and exits; the grader
// starts a fresh runner for the next case.
struct CudaFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A request or arena the runner cannot make sense of: a grader bug, never the student's.
struct HarnessFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw CudaFailure(std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status) + " (" + what +
                      ")");
  }
}

// The channel's descriptors, taken by take_channel before any code of the submission runs.
int g_request_fd = -1;
int g_response_fd = -1;
// What stdout and stderr were when the channel was taken: the grader's capture, and nothing else.
struct stat g_output_identity[2] = {};

// The nonce of the request being handled, as the grader sent it: every reply carries it, so a line the
// submission writes to the channel on its own cannot pass for the harness's answer. A fixed array, so that
// no allocation (which a replacement allocator would see) ever holds it; it is no secret from code in the
// same process all the same (docs/SECURITY.md).
constexpr size_t kNonceCapacity = 65;
char g_nonce[kNonceCapacity] = "";

// The grader hands the channel over on descriptors 3 and 4. Before any constructor of the submission can
// run (this is in .preinit_array, which the loader runs before every .init_array entry, and the object
// check refuses a submission's own .preinit_array entries), the harness moves them to descriptors of its
// own and closes 3 and 4: a constructor that writes to 4, or points stdout at it, reaches nothing.
void take_channel() {
  constexpr int kLowestPrivateFd = 64;
  g_request_fd = fcntl(protocol::kRequestFd, F_DUPFD_CLOEXEC, kLowestPrivateFd);
  g_response_fd = fcntl(protocol::kResponseFd, F_DUPFD_CLOEXEC, kLowestPrivateFd);
  close(protocol::kRequestFd);
  close(protocol::kResponseFd);
  fstat(STDOUT_FILENO, &g_output_identity[0]);
  fstat(STDERR_FILENO, &g_output_identity[1]);
}
[[gnu::used, gnu::section(".preinit_array")]] void (*const g_take_channel)() = take_channel;

bool same_file(int fd, const struct stat& before) {
  struct stat now {};
  return fstat(fd, &now) == 0 && now.st_dev == before.st_dev && now.st_ino == before.st_ino;
}

// Whether stdout and stderr still go where the grader pointed them: code that ran before main (a global's
// initialiser) may have moved them, to answer on the harness's behalf or to hide what it printed.
bool output_untouched() {
  return same_file(STDOUT_FILENO, g_output_identity[0]) && same_file(STDERR_FILENO, g_output_identity[1]) &&
         fileno(stdout) == STDOUT_FILENO && fileno(stderr) == STDERR_FILENO;
}

void write_all(const char* cursor, size_t left) {
  while (left > 0) {
    ssize_t written = write(g_response_fd, cursor, left);
    if (written <= 0) return;  // the grader went away; nothing left to tell
    cursor += written;
    left -= static_cast<size_t>(written);
  }
}

// "<verb> <nonce> <text>": verb is ok, hello or error. The nonce goes out from its fixed array.
void respond(const char* verb, const std::string& text = "") {
  char head[16 + kNonceCapacity];
  const int length = std::snprintf(head, sizeof head, "%s %s", verb, g_nonce);
  write_all(head, static_cast<size_t>(std::max(0, std::min(length, static_cast<int>(sizeof head) - 1))));
  const std::string tail = (text.empty() ? "" : " " + text) + "\n";
  write_all(tail.data(), tail.size());
}

class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t bytes) : bytes_(bytes) { check_cuda(cudaMalloc(&pointer_, bytes), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(pointer_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  char* get() const { return static_cast<char*>(pointer_); }
  size_t bytes() const { return bytes_; }

 private:
  void* pointer_ = nullptr;
  size_t bytes_;
};

class MappedArena {
 public:
  explicit MappedArena(const std::string& path) {
    int fd = open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) throw HarnessFailure("cannot open arena " + path + ": " + std::strerror(errno));
    struct stat info {};
    if (fstat(fd, &info) != 0 || info.st_size < static_cast<off_t>(sizeof(protocol::ArenaHeader))) {
      close(fd);
      throw HarnessFailure("arena " + path + " is too small");
    }
    size_ = static_cast<size_t>(info.st_size);
    void* base = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (base == MAP_FAILED) throw HarnessFailure("cannot map arena " + path + ": " + std::strerror(errno));
    base_ = static_cast<char*>(base);
    validate();
  }
  ~MappedArena() { munmap(base_, size_); }
  MappedArena(const MappedArena&) = delete;
  MappedArena& operator=(const MappedArena&) = delete;

  const protocol::ArenaHeader& header() const { return *reinterpret_cast<const protocol::ArenaHeader*>(base_); }
  const protocol::ArenaBuffer& buffer(size_t index) const {
    return reinterpret_cast<const protocol::ArenaBuffer*>(base_ + sizeof(protocol::ArenaHeader))[index];
  }
  size_t buffer_total() const { return size_t{header().buffer_count} * header().set_count; }
  char* region(size_t index) const { return base_ + buffer(index).file_offset; }

 private:
  void validate() const {
    if (std::memcmp(header().magic, protocol::kArenaMagic, sizeof(protocol::kArenaMagic)) != 0)
      throw HarnessFailure("arena has a bad magic number");
    if (header().dim_count > protocol::kMaxDims || header().buffer_count == 0 || header().set_count == 0)
      throw HarnessFailure("arena header is out of range");
    size_t table_end = sizeof(protocol::ArenaHeader) + buffer_total() * sizeof(protocol::ArenaBuffer);
    if (table_end > size_) throw HarnessFailure("arena buffer table runs past the file");
    for (size_t i = 0; i < buffer_total(); ++i) {
      if (!protocol::is_known(buffer(i).element_type)) throw HarnessFailure("arena buffer has an unknown element type");
      if (buffer(i).file_offset + protocol::region_bytes(buffer(i)) > size_)
        throw HarnessFailure("arena region runs past the file");
    }
  }

  char* base_ = nullptr;
  size_t size_ = 0;
};

// Every region of every set, resident on the device for the duration of one request.
class DeviceArena {
 public:
  explicit DeviceArena(const MappedArena& arena) : arena_(arena) {
    for (size_t i = 0; i < arena.buffer_total(); ++i) {
      regions_.push_back(std::make_unique<DeviceBuffer>(protocol::region_bytes(arena.buffer(i))));
    }
  }
  DeviceArena(const DeviceArena&) = delete;
  DeviceArena& operator=(const DeviceArena&) = delete;

  void upload() {
    for (size_t i = 0; i < regions_.size(); ++i) {
      check_cuda(cudaMemcpy(regions_[i]->get(), arena_.region(i), regions_[i]->bytes(), cudaMemcpyHostToDevice),
                 "upload arena");
    }
  }
  void download() {
    for (size_t i = 0; i < regions_.size(); ++i) {
      check_cuda(cudaMemcpy(arena_.region(i), regions_[i]->get(), regions_[i]->bytes(), cudaMemcpyDeviceToHost),
                 "download arena");
    }
  }
  std::vector<void*> data_pointers(size_t set) const {
    std::vector<void*> pointers;
    size_t per_set = arena_.header().buffer_count;
    for (size_t i = set * per_set; i < (set + 1) * per_set; ++i) {
      pointers.push_back(regions_[i]->get() + arena_.buffer(i).guard_bytes);
    }
    return pointers;
  }
  DeviceBuffer& region(size_t index) { return *regions_[index]; }

 private:
  const MappedArena& arena_;
  std::vector<std::unique_ptr<DeviceBuffer>> regions_;
};

void call_entry(const DeviceArena& device, const MappedArena& arena, size_t set) {
  std::vector<void*> pointers = device.data_pointers(set);
  cudagrade_call_entry(pointers.data(), arena.header().dims);
  check_cuda(cudaGetLastError(), "kernel launch");
}

// What the simulator does around each call of the entry point: choose its schedule, and look at what the
// call left in device memory for evidence of host work (cusim/runtime/race_checker.h).
struct CallHooks {
  void (*before)(const DeviceArena& device, const MappedArena& arena, size_t set) = nullptr;
  void (*after)(const DeviceArena& device, const MappedArena& arena, size_t set) = nullptr;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Where a check's time went in the runner, for `--phases` ("upload_ms=... calls_ms=... download_ms=...").
// Never graded: it is the runner's word.
struct CheckSpans {
  double upload_ms = 0, calls_ms = 0, download_ms = 0;

  std::string fields() const {
    char text[128];
    std::snprintf(text, sizeof text, "upload_ms=%.2f calls_ms=%.2f download_ms=%.2f", upload_ms, calls_ms, download_ms);
    return text;
  }
};

// Runs the entry point once on every set of the arena and copies the results back into it.
CheckSpans check_arena(const std::string& path, const CallHooks& hooks = {}) {
  CheckSpans spans;
  auto start = std::chrono::steady_clock::now();
  MappedArena arena(path);
  DeviceArena device(arena);
  device.upload();
  spans.upload_ms = milliseconds_since(start);
  start = std::chrono::steady_clock::now();
  for (size_t set = 0; set < arena.header().set_count; ++set) {
    if (hooks.before != nullptr) hooks.before(device, arena, set);
    call_entry(device, arena, set);
    if (hooks.after != nullptr) hooks.after(device, arena, set);
  }
  check_cuda(cudaDeviceSynchronize(), "kernel execution");
  spans.calls_ms = milliseconds_since(start);
  start = std::chrono::steady_clock::now();
  device.download();
  std::fflush(stdout);  // what the kernels printed belongs to this request's output, before the reply
  spans.download_ms = milliseconds_since(start);
  return spans;
}

// The arena path is the rest of the line, so that it may hold spaces.
std::string rest_of(std::istringstream& words) {
  std::string rest;
  std::getline(words >> std::ws, rest);
  return rest;
}

void say_hello() {
  const auto start = std::chrono::steady_clock::now();
  check_cuda(cudaFree(nullptr), "CUDA initialisation");
  const double start_ms = milliseconds_since(start);
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp properties{};
  check_cuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
  char line[512];
  std::snprintf(line, sizeof line, "cc=%d.%d sms=%d l2=%d mem=%zu cuda_start_ms=%.1f name=%s", properties.major,
                properties.minor, properties.multiProcessorCount, properties.l2CacheSize, properties.totalGlobalMem,
                start_ms, properties.name);
  respond("hello", line);
}

// The next request line, its nonce taken out into g_nonce and wiped from the line: "<verb> <nonce> <rest>"
// becomes "<verb> <rest>". False when the channel is closed.
bool next_request(FILE* requests, char*& line, size_t& capacity, std::string& request) {
  const ssize_t length = getline(&line, &capacity, requests);
  if (length <= 0) return false;
  char* end = line + length;
  while (end > line && (end[-1] == '\n' || end[-1] == '\r')) *--end = '\0';
  char* verb_end = std::find(line, end, ' ');
  char* nonce = verb_end < end ? verb_end + 1 : end;
  char* nonce_end = std::find(nonce, end, ' ');
  const size_t nonce_length = std::min(static_cast<size_t>(nonce_end - nonce), kNonceCapacity - 1);
  std::memcpy(g_nonce, nonce, nonce_length);
  g_nonce[nonce_length] = '\0';
  std::memset(nonce, ' ', static_cast<size_t>(nonce_end - nonce));
  request.assign(line, verb_end);
  if (nonce_end < end) request.append(nonce_end, end);
  return true;
}

// Reads the grader's greeting ("hello <nonce>"), greets it back, then answers requests until the channel
// closes. A CUDA failure ends the runner (the error is sticky); a request the harness cannot make sense of
// is answered and the next one read.
int serve(void (*say_hello)(), void (*handle)(const std::string& line)) {
  FILE* requests = g_request_fd >= 0 ? fdopen(g_request_fd, "r") : nullptr;
  if (requests == nullptr || g_response_fd < 0) {
    std::fprintf(stderr, "runner: no request channel on fd %d; run me through cudagrade\n", protocol::kRequestFd);
    return 2;
  }
  char* line = nullptr;
  size_t capacity = 0;
  std::string request;
  if (!next_request(requests, line, capacity, request)) return 2;
  try {
    if (request != "hello") throw HarnessFailure("expected the grader's greeting, got: " + request);
    if (!output_untouched()) throw HarnessFailure("stdout or stderr was redirected before main");
    say_hello();
    while (next_request(requests, line, capacity, request)) {
      try {
        handle(request);
      } catch (const HarnessFailure& failure) {
        respond("error", std::string("harness ") + failure.what());
      }
    }
  } catch (const HarnessFailure& failure) {
    respond("error", std::string("harness ") + failure.what());
    free(line);
    return 1;
  } catch (const CudaFailure& failure) {
    respond("error", std::string("cuda ") + failure.what());
    free(line);
    return 1;
  }
  free(line);
  return 0;
}

}  // namespace
}  // namespace cudagrade::harness
