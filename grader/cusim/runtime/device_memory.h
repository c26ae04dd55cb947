// Device memory in the simulator: one reserved span of the address space, from which every cudaMalloc is
// carved, each buffer ending at an inaccessible guard page (running off its end faults, as an illegal address
// does on a GPU) and starting as a fixed garbage pattern (as uninitialised device memory would).
//
// Keeping device memory apart lets the simulator see what a GPU enforces in hardware:
//  - host code cannot touch device memory. Between launches and copies every buffer is inaccessible, so a
//    host loop over a device pointer faults here as it segfaults on a GPU host, instead of quietly working;
//  - one range test tells a global-memory access from every other, so the race checker can watch device
//    memory and refuse a kernel that reads host memory (race_checker.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace cusim::device_memory {

// The reserved span: [g_begin, g_begin + g_bytes). Zero until the first allocation.
extern uintptr_t g_begin;
extern uintptr_t g_bytes;

inline bool contains(uintptr_t address) { return address - g_begin < g_bytes; }

// What the simulated device holds at once, as cudaGetDeviceProperties reports it.
inline constexpr size_t kCapacityBytes = size_t{16} << 30;

// A new buffer of `bytes`, or nullptr when the device is full. It is as accessible as the others are now.
void* allocate(size_t bytes);
enum class ReleaseOutcome { kReleased, kNotABuffer };
ReleaseOutcome release(void* pointer);

// Kernels and the runtime's copies open device memory for their duration; nested openings are counted, and
// the last close makes every buffer inaccessible again.
void open();
void close();
class OpenScope {
 public:
  OpenScope() { open(); }
  ~OpenScope() { close(); }
  OpenScope(const OpenScope&) = delete;
  OpenScope& operator=(const OpenScope&) = delete;
};

// The buffer that holds `address`, for messages.
struct Place {
  size_t offset;          // bytes from the buffer's start
  size_t buffer_bytes;    // what cudaMalloc was asked for
};
std::optional<Place> locate(uintptr_t address);
// "byte 16 of a 4096-byte cudaMalloc buffer", for the messages that name a device address.
std::string describe(const Place& place);

}  // namespace cusim::device_memory
