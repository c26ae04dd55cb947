// The runner: the fixed host harness that is linked with one student file and run as a child of the grader.
//
// It is deliberately dumb. It never judges anything: it copies the arena the grader wrote onto the device,
// calls the lab's entry point, copies every byte back and, for timing requests, measures the calls with
// CUDA events. The protocol is described in grader/model/protocol.h.
//
// Build (the grader does this, see grader/compile/nvcc_toolchain.cc):
//   nvcc -std=c++17 -O2 -arch=sm_90 -I grader -I skeleton/<lab> -c grader/harness/runner_main.cu
#include <cuda_runtime.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <chrono>
#include <memory>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/harness.h"

namespace {

using namespace cudagrade::harness;
namespace protocol = cudagrade::protocol;

class Event {
 public:
  Event() { check_cuda(cudaEventCreate(&event_), "cudaEventCreate"); }
  ~Event() { cudaEventDestroy(event_); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

struct TimingRequest {
  int min_samples = 10;
  int max_samples = 1000;
  double max_noise = 0.005;
  double time_cap_ms = 2000;
};

constexpr int kFewestSamples = 4;
constexpr double kSlowCapFactor = 4;

struct SampleStats {
  double median = 0, min = 0, max = 0, noise = 0;
};

SampleStats summarize(std::vector<double> samples) {
  SampleStats stats;
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  stats.median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  stats.min = samples.front();
  stats.max = samples.back();
  double mean = 0;
  for (double s : samples) mean += s;
  mean /= n;
  double variance = 0;
  for (double s : samples) variance += (s - mean) * (s - mean);
  // Relative standard deviation, nvbench's "noise".
  stats.noise = n > 1 && mean > 0 ? std::sqrt(variance / (n - 1)) / mean : 1.0;
  return stats;
}

size_t l2_flush_bytes() {
  int device = 0, l2_bytes = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device), "L2 size");
  return std::max<size_t>(2 * static_cast<size_t>(l2_bytes), 1 << 20);
}

// The buffers the timed calls run on. Before every call the chosen set's untouched copy (inputs, poisoned
// outputs, scratch garbage, guards) is copied in, outside the timed region, so each sample computes a fresh
// answer on fresh inputs at the same addresses: an answer cached by pointer is stale by the next sample.
class WorkingSet {
 public:
  WorkingSet(DeviceArena& device, const MappedArena& arena) : device_(device), arena_(arena) {
    for (size_t i = 0; i < arena.header().buffer_count; ++i) {
      regions_.push_back(std::make_unique<DeviceBuffer>(device.region(i).bytes()));
    }
  }
  WorkingSet(const WorkingSet&) = delete;
  WorkingSet& operator=(const WorkingSet&) = delete;

  void load(size_t set) {
    for (size_t i = 0; i < regions_.size(); ++i) {
      DeviceBuffer& source = device_.region(set * regions_.size() + i);
      check_cuda(cudaMemcpyAsync(regions_[i]->get(), source.get(), source.bytes(), cudaMemcpyDeviceToDevice),
                 "load a working set");
    }
  }
  void call() {
    std::vector<void*> pointers;
    for (size_t i = 0; i < regions_.size(); ++i) {
      pointers.push_back(regions_[i]->get() + arena_.buffer(i).guard_bytes);
    }
    cudagrade_call_entry(pointers.data(), arena_.header().dims);
    check_cuda(cudaGetLastError(), "kernel launch");
  }
  // Every byte of the working buffers into the arena's copy of `set`, for the grader to judge.
  void download(size_t set) {
    for (size_t i = 0; i < regions_.size(); ++i) {
      check_cuda(cudaMemcpy(arena_.region(set * regions_.size() + i), regions_[i]->get(), regions_[i]->bytes(),
                            cudaMemcpyDeviceToHost),
                 "download arena");
    }
  }

 private:
  DeviceArena& device_;
  const MappedArena& arena_;
  std::vector<std::unique_ptr<DeviceBuffer>> regions_;
};

double milliseconds_between(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

void handle_time(const std::string& path, const TimingRequest& request) {
  const auto received = std::chrono::steady_clock::now();
  MappedArena arena(path);
  DeviceArena device(arena);
  device.upload();
  WorkingSet working(device, arena);
  DeviceBuffer l2_flush(l2_flush_bytes());
  Event start, stop;
  const size_t sets = arena.header().set_count;

  // The grader's wall-clock check counts these calls: two warm-up rounds and the judged one below, a call per
  // set each (check/reported_time.h's kUntimedCallsPerSet); change both together.
  for (int round = 0; round < 2; ++round) {  // warm-up: module load, first-touch and clocks stay out
    for (size_t set = 0; set < sets; ++set) {
      working.load(set);
      working.call();
    }
  }
  check_cuda(cudaDeviceSynchronize(), "warm-up");

  std::vector<double> samples;
  auto began = std::chrono::steady_clock::now();
  const double setup_ms = milliseconds_between(received, began);
  for (int i = 0; i < request.max_samples; ++i) {
    working.load(static_cast<size_t>(i) % sets);
    check_cuda(cudaMemsetAsync(l2_flush.get(), i & 0xFF, l2_flush.bytes()), "L2 flush");
    check_cuda(cudaEventRecord(start.get()), "cudaEventRecord");
    working.call();
    check_cuda(cudaEventRecord(stop.get()), "cudaEventRecord");
    check_cuda(cudaEventSynchronize(stop.get()), "kernel execution");
    float elapsed_ms = 0;
    check_cuda(cudaEventElapsedTime(&elapsed_ms, start.get(), stop.get()), "cudaEventElapsedTime");
    samples.push_back(elapsed_ms);

    int n = static_cast<int>(samples.size());
    if (n % static_cast<int>(sets) != 0) continue;  // every set is timed equally often
    double spent_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    if (n >= request.min_samples && (summarize(samples).noise <= request.max_noise || spent_ms >= request.time_cap_ms))
      break;
    // A very slow submission still gets a median, from fewer samples, instead of running into its timeout.
    if (n >= kFewestSamples && spent_ms >= kSlowCapFactor * request.time_cap_ms) break;
  }
  check_cuda(cudaDeviceSynchronize(), "kernel execution");
  const auto sampled = std::chrono::steady_clock::now();
  // One more call per set, judged by the grader: indistinguishable from a timed one to the submission.
  for (size_t set = 0; set < sets; ++set) {
    working.load(set);
    working.call();
    check_cuda(cudaDeviceSynchronize(), "kernel execution");
    working.download(set);
  }

  SampleStats stats = summarize(samples);
  // Where the request's wall time went, for `cudagrade check --phases`: the runner's word, never graded.
  const double sampling_ms = milliseconds_between(began, sampled);
  const double judged_ms = milliseconds_between(sampled, std::chrono::steady_clock::now());
  char line[320];
  std::snprintf(line, sizeof line,
                "samples=%zu median_ms=%.6f min_ms=%.6f max_ms=%.6f noise=%.6f setup_ms=%.1f sampling_ms=%.1f "
                "judged_ms=%.1f",
                samples.size(), stats.median, stats.min, stats.max, stats.noise, setup_ms, sampling_ms, judged_ms);
  respond("ok", line);
}

// Device-to-device copy bandwidth, bytes read plus bytes written: the ceiling for memory-bound labs.
void handle_bandwidth() {
  const size_t bytes = size_t{1} << 30;
  DeviceBuffer source(bytes), destination(bytes);
  check_cuda(cudaMemset(source.get(), 1, bytes), "cudaMemset");
  Event start, stop;
  std::vector<double> samples;
  for (int i = 0; i < 12; ++i) {
    check_cuda(cudaEventRecord(start.get()), "cudaEventRecord");
    check_cuda(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice), "copy");
    check_cuda(cudaEventRecord(stop.get()), "cudaEventRecord");
    check_cuda(cudaEventSynchronize(stop.get()), "copy");
    float elapsed_ms = 0;
    check_cuda(cudaEventElapsedTime(&elapsed_ms, start.get(), stop.get()), "cudaEventElapsedTime");
    if (i >= 2) samples.push_back(elapsed_ms);
  }
  double gbps = 2.0 * bytes / (summarize(samples).median * 1e-3) / 1e9;
  // And what the FP32 peak is made of (check/physical_limit.h): the SMs and their clock, in kHz.
  int device = 0, sm_count = 0, clock_khz = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  check_cuda(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device), "cudaDeviceGetAttribute");
  char line[128];
  std::snprintf(line, sizeof line, "gbps=%.1f sm_count=%d clock_mhz=%.1f", gbps, sm_count, clock_khz / 1000.0);
  respond("ok", line);
}

// ---- Host work seen on the GPU itself (issue #33) ----
// The runner is linked with --wrap=cudaMemcpy,--wrap=cudaMemcpyAsync (compile/nvcc_toolchain.cc), so every
// such call, the student's object's too, comes through __wrap_cudaMemcpy* below. While the student's call of a
// check runs, a copy from host memory into an output is noted with a hash of what it copied; once the call's
// work is done, an output range that still holds exactly those bytes was last written by the host, which is
// the simulator's evidence of host work ("host=output:<buffer>"), seen here by this backend itself. It can
// only fail a file: a file that hides its copies from it still meets the simulator's check beside.

struct OutputRange {
  size_t buffer;
  const char* begin;
  size_t bytes;
};
struct HostCopy {
  size_t buffer;
  const char* device;
  size_t bytes;
  uint64_t hash;
};
std::vector<OutputRange> g_watched;  // the current set's outputs, while the student's call runs
std::vector<HostCopy> g_host_copies;
std::string g_host_work;  // the first evidence, for this request's reply

uint64_t fnv1a(const void* data, size_t bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  const unsigned char* at = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ at[i]) * 0x100000001b3ull;
  return hash;
}

bool from_host(const void* source, cudaMemcpyKind kind) {
  if (kind == cudaMemcpyHostToDevice) return true;
  if (kind != cudaMemcpyDefault) return false;
  cudaPointerAttributes attributes{};
  return cudaPointerGetAttributes(&attributes, source) == cudaSuccess &&
         (attributes.type == cudaMemoryTypeHost || attributes.type == cudaMemoryTypeUnregistered);
}

// The part of [destination, destination + bytes) inside an output, with a hash of the host bytes bound there.
void note_copy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
  if (g_watched.empty() || bytes == 0 || !from_host(source, kind)) return;
  const char* to = static_cast<const char*>(destination);
  for (const OutputRange& output : g_watched) {
    const char* begin = std::max(to, output.begin);
    const char* end = std::min(to + bytes, output.begin + output.bytes);
    if (begin >= end) continue;
    const char* from = static_cast<const char*>(source) + (begin - to);
    g_host_copies.push_back({output.buffer, begin, static_cast<size_t>(end - begin), fnv1a(from, end - begin)});
  }
}

}  // namespace

extern "C" cudaError_t __real_cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind);
extern "C" cudaError_t __real_cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                                              cudaStream_t stream);

extern "C" cudaError_t __wrap_cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
  note_copy(destination, source, bytes, kind);
  return __real_cudaMemcpy(destination, source, bytes, kind);
}

extern "C" cudaError_t __wrap_cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                                              cudaStream_t stream) {
  note_copy(destination, source, bytes, kind);
  return __real_cudaMemcpyAsync(destination, source, bytes, kind, stream);
}

namespace {

// Before the student's call: the set's outputs (an in-out buffer is judged as an output) are watched.
void watch_set(const DeviceArena& device, const MappedArena& arena, size_t set) {
  g_watched.clear();
  g_host_copies.clear();
  const size_t per_set = arena.header().buffer_count;
  const std::vector<void*> pointers = device.data_pointers(set);
  for (size_t i = 0; i < per_set; ++i) {
    const protocol::ArenaBuffer& buffer = arena.buffer(set * per_set + i);
    const auto role = static_cast<protocol::BufferRole>(buffer.role);
    if (role != protocol::BufferRole::kOutput && role != protocol::BufferRole::kInOut) continue;
    g_watched.push_back({i, static_cast<const char*>(pointers[i]), static_cast<size_t>(protocol::data_bytes(buffer))});
  }
}

// After it, once its work is done: an output range still holding the bytes the host copied there.
void look_for_host_work(const DeviceArena& device, const MappedArena& arena, size_t set) {
  (void)device;
  (void)arena;
  (void)set;
  g_watched.clear();
  if (g_host_copies.empty()) return;
  check_cuda(cudaDeviceSynchronize(), "kernel execution");
  for (const HostCopy& copy : g_host_copies) {
    std::vector<char> now(copy.bytes);
    check_cuda(__real_cudaMemcpy(now.data(), copy.device, copy.bytes, cudaMemcpyDeviceToHost), "download");
    if (g_host_work.empty() && fnv1a(now.data(), now.size()) == copy.hash) {
      g_host_work = "output:" + std::to_string(copy.buffer);
    }
  }
  g_host_copies.clear();
}

void handle(const std::string& line) {
  std::istringstream words(line);
  std::string verb;
  words >> verb;
  if (verb == "check") {
    g_host_work.clear();
    std::string fields = check_arena(rest_of(words), {&watch_set, &look_for_host_work}).fields();
    if (!g_host_work.empty()) fields += " host=" + g_host_work;
    return respond("ok", fields);
  }
  if (verb == "bandwidth") return handle_bandwidth();
  TimingRequest request;
  if (verb == "time" &&
      words >> request.min_samples >> request.max_samples >> request.max_noise >> request.time_cap_ms) {
    return handle_time(rest_of(words), request);
  }
  throw HarnessFailure("malformed request: " + line);
}

}  // namespace

int main() {
  // If the grader dies (Ctrl-C, a crash), so does the runner, even mid-kernel in a group of its own.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return 3;
  return serve(say_hello, handle);
}
