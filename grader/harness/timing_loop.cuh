// The GPU runner's timing request (protocol.h's "time"), included by runner_main.cu only: CUDA events around each
// call, warm-up first, L2 flushed before every sample, sampling until the spread is small.
//
// Every timed sample runs on inputs of its own, mixed on the device from the arena's sets as the grader's seed
// says (model/sample_mixing.h), so no sample's answer was computed before. Which samples come back to be
// judged is drawn after each call from the kernel's random source (a reservoir of one sample per set: each
// sample is equally likely to be among them), so a file cannot know while it runs whether this call's answer
// will be looked at. A trusted runner's request asks for the first samples instead, which are the sets
// themselves, unmixed, and whose answers the grader has prepared while the student was timed.
#pragma once

#include <sys/random.h>

#include "model/sample_mixing.h"

// The mixing kernel lives in a named namespace of its own: nvcc's generated launch stub cannot name a kernel in
// an anonymous namespace while harness.h's is visible through a using-directive. Internal linkage all the same.
namespace cudagrade::harness_kernels {

// The data of one buffer in each set, for the mixing kernel.
struct MixSources {
  const char* set[sample_mixing::kMaxMixedSets];
};

// destination[i] = sources.set[source_set(key, i)][i] where that is not the base set, whose copy is already
// there: elements of `width` bytes.
static __global__ void mix_elements(char* destination, MixSources sources, uint64_t count, uint32_t width, uint64_t key,
                                    uint32_t sets, uint32_t base) {
  const uint64_t stride = uint64_t{gridDim.x} * blockDim.x;
  for (uint64_t i = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count; i += stride) {
    const uint32_t from = sample_mixing::source_set(key, i, sets);
    if (from == base) continue;
    const char* source = sources.set[from] + i * width;
    char* to = destination + i * width;
    switch (width) {
      case 1: *to = *source; break;
      case 4: *reinterpret_cast<uint32_t*>(to) = *reinterpret_cast<const uint32_t*>(source); break;
      default: *reinterpret_cast<uint64_t*>(to) = *reinterpret_cast<const uint64_t*>(source); break;
    }
  }
}

}  // namespace cudagrade::harness_kernels

namespace {

using namespace cudagrade::harness;
using cudagrade::harness_kernels::mix_elements;
using cudagrade::harness_kernels::MixSources;
namespace protocol = cudagrade::protocol;
namespace mixing = cudagrade::sample_mixing;

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
  mixing::Mixing mix;
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

// One copy of a set's regions on the device.
std::vector<std::unique_ptr<DeviceBuffer>> regions_like(DeviceArena& device, size_t per_set) {
  std::vector<std::unique_ptr<DeviceBuffer>> regions;
  for (size_t i = 0; i < per_set; ++i) regions.push_back(std::make_unique<DeviceBuffer>(device.region(i).bytes()));
  return regions;
}

// The buffers the timed calls run on. Before every call the base set's untouched copy (inputs, poisoned
// outputs, scratch garbage, guards) is copied in and the mixed buffers are mixed, outside the timed region.
class WorkingSet {
 public:
  WorkingSet(DeviceArena& device, const MappedArena& arena)
      : device_(device), arena_(arena), regions_(regions_like(device, arena.header().buffer_count)) {}
  WorkingSet(const WorkingSet&) = delete;
  WorkingSet& operator=(const WorkingSet&) = delete;

  void load(size_t set) {
    for (size_t i = 0; i < regions_.size(); ++i) {
      DeviceBuffer& source = device_.region(set * regions_.size() + i);
      check_cuda(cudaMemcpyAsync(regions_[i]->get(), source.get(), source.bytes(), cudaMemcpyDeviceToDevice),
                 "load a working set");
    }
  }
  // Timed sample `sample`'s inputs (model/sample_mixing.h).
  void load_sample(uint64_t sample, const mixing::Mixing& mix) {
    const auto sets = static_cast<uint32_t>(arena_.header().set_count);
    const uint32_t base = mixing::base_set(sample, sets);
    load(base);
    if (!mixing::is_mixed(mix.seed, sample, sets)) return;
    const uint64_t key = mixing::sample_key(mix.seed, sample);
    for (size_t i = 0; i < regions_.size(); ++i) {
      if (!mixing::mixes(mix.mixed_buffers, i)) continue;
      const protocol::ArenaBuffer& buffer = arena_.buffer(i);
      MixSources sources{};
      for (uint32_t set = 0; set < sets && set < mixing::kMaxMixedSets; ++set) {
        sources.set[set] = device_.region(set * regions_.size() + i).get() + buffer.guard_bytes;
      }
      const auto width =
          static_cast<uint32_t>(protocol::element_bytes(static_cast<protocol::ElementType>(buffer.element_type)));
      const uint64_t blocks = std::min<uint64_t>((buffer.element_count + 255) / 256, 4096);
      if (blocks == 0) continue;
      mix_elements<<<static_cast<unsigned>(blocks), 256>>>(regions_[i]->get() + buffer.guard_bytes, sources,
                                                           buffer.element_count, width, key, sets, base);
      check_cuda(cudaGetLastError(), "mix a timed sample's inputs");
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
  const std::vector<std::unique_ptr<DeviceBuffer>>& regions() const { return regions_; }

 private:
  DeviceArena& device_;
  const MappedArena& arena_;
  std::vector<std::unique_ptr<DeviceBuffer>> regions_;
};

// A number from the kernel's random source, drawn now: nothing in the process knew it before.
uint64_t fresh_random() {
  uint64_t value = 0;
  if (getrandom(&value, sizeof value, 0) != static_cast<ssize_t>(sizeof value)) {
    throw HarnessFailure("getrandom failed");
  }
  return value;
}

// The samples handed back to be judged, one per set slot of the arena, kept on the device as the call left them.
class AuditedSamples {
 public:
  AuditedSamples(DeviceArena& device, const MappedArena& arena, mixing::Audit audit) : arena_(arena), audit_(audit) {
    const size_t slots = arena.header().set_count;
    for (size_t slot = 0; slot < slots; ++slot) slots_.push_back(regions_like(device, arena.header().buffer_count));
    samples_.assign(slots, -1);
  }

  // After sample `sample` (0-based) has been timed: Algorithm R, a uniform choice of slots.size() among all.
  void offer(int64_t sample, const WorkingSet& working) {
    const auto slots = static_cast<int64_t>(slots_.size());
    int64_t slot = sample < slots ? sample : -1;
    if (slot < 0 && audit_ == mixing::Audit::kRandom) {
      const auto drawn = static_cast<int64_t>(fresh_random() % static_cast<uint64_t>(sample + 1));
      if (drawn < slots) slot = drawn;
    }
    if (slot < 0) return;
    for (size_t i = 0; i < working.regions().size(); ++i) {
      DeviceBuffer& kept = *slots_[static_cast<size_t>(slot)][i];
      check_cuda(cudaMemcpyAsync(kept.get(), working.regions()[i]->get(), kept.bytes(), cudaMemcpyDeviceToDevice),
                 "keep a timed sample");
    }
    samples_[static_cast<size_t>(slot)] = sample;
  }
  // Into the arena's sets, for the grader; "audited=s0,s1".
  std::string download() const {
    std::string field = "audited=";
    for (size_t slot = 0; slot < slots_.size(); ++slot) {
      if (samples_[slot] < 0) throw HarnessFailure("fewer timed samples than input sets");
      for (size_t i = 0; i < slots_[slot].size(); ++i) {
        const DeviceBuffer& kept = *slots_[slot][i];
        check_cuda(
            cudaMemcpy(arena_.region(slot * slots_[slot].size() + i), kept.get(), kept.bytes(), cudaMemcpyDeviceToHost),
            "download a timed sample");
      }
      field += (slot ? "," : "") + std::to_string(samples_[slot]);
    }
    return field;
  }

 private:
  const MappedArena& arena_;
  mixing::Audit audit_;
  std::vector<std::vector<std::unique_ptr<DeviceBuffer>>> slots_;
  std::vector<int64_t> samples_;
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
  AuditedSamples audited(device, arena, request.mix.audit);
  DeviceBuffer l2_flush(l2_flush_bytes());
  Event start, stop;
  const size_t sets = arena.header().set_count;

  // The grader's wall-clock check counts these calls: two warm-up rounds, a call per set each
  // (check/reported_time.h's kUntimedCallsPerSet); change both together.
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
    working.load_sample(static_cast<uint64_t>(i), request.mix);
    check_cuda(cudaMemsetAsync(l2_flush.get(), i & 0xFF, l2_flush.bytes()), "L2 flush");
    check_cuda(cudaEventRecord(start.get()), "cudaEventRecord");
    working.call();
    check_cuda(cudaEventRecord(stop.get()), "cudaEventRecord");
    check_cuda(cudaEventSynchronize(stop.get()), "kernel execution");
    float elapsed_ms = 0;
    check_cuda(cudaEventElapsedTime(&elapsed_ms, start.get(), stop.get()), "cudaEventElapsedTime");
    samples.push_back(elapsed_ms);
    audited.offer(i, working);

    int n = static_cast<int>(samples.size());
    if (n % static_cast<int>(sets) != 0) continue;  // every base set is timed equally often
    double spent_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    if (n >= request.min_samples && (summarize(samples).noise <= request.max_noise || spent_ms >= request.time_cap_ms))
      break;
    // A very slow submission still gets a median, from fewer samples, instead of running into its timeout.
    if (n >= kFewestSamples && spent_ms >= kSlowCapFactor * request.time_cap_ms) break;
  }
  check_cuda(cudaDeviceSynchronize(), "kernel execution");
  const auto sampled = std::chrono::steady_clock::now();
  const std::string audited_field = audited.download();

  SampleStats stats = summarize(samples);
  // Where the request's wall time went, for `cudagrade check --phases`: the runner's word, never graded.
  const double sampling_ms = milliseconds_between(began, sampled);
  const double judged_ms = milliseconds_between(sampled, std::chrono::steady_clock::now());
  char line[320];
  std::snprintf(line, sizeof line,
                "samples=%zu median_ms=%.6f min_ms=%.6f max_ms=%.6f noise=%.6f setup_ms=%.1f sampling_ms=%.1f "
                "judged_ms=%.1f",
                samples.size(), stats.median, stats.min, stats.max, stats.noise, setup_ms, sampling_ms, judged_ms);
  respond("ok", std::string(line) + " " + audited_field);
}

}  // namespace
