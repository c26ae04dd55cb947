// The contract between the grader and a runner process (harness + student file).
//
// Why a separate process: the grader never links student code. It writes every buffer a case needs into an
// arena file (on tmpfs where it can), the runner copies the arena to the device, calls the lab's entry point,
// and copies every byte back into the same file. The grader then judges only those bytes: a student's
// printing, exit codes or return values never decide a verdict.
//
// Arena file layout: ArenaHeader, then buffer_count * set_count ArenaBuffer descriptors, then the regions.
// A region is [front guard][data][back guard]. The grader fills guards with kGuardWord and poisons outputs;
// the runner copies whole regions so that writes past either end land in a guard the grader checks.
// Sets are independent copies of the case's buffers; a timing request mixes them into new inputs for every
// timed sample (model/sample_mixing.h), so a result remembered from an earlier call cannot pass.
//
// Control channel: one request line on fd kRequestFd, one response line on fd kResponseFd. The harness moves
// both to descriptors of its own before any code of the submission runs (harness.h's take_channel). Every
// request, the greeting too, carries a fresh unpredictable nonce (core/random.h) and its reply repeats it,
// so a line the submission writes there itself is caught.
//   requests:  "hello <nonce>"                                  (first, at start)
//              "check <nonce> <arena-path>"                     (the path is the rest of the line)
//              "time <nonce> <min_samples> <max_samples> <max_noise> <time_cap_ms> <seed> <mixed_buffers> <audit>
//                    <arena-path>"  (seed, mixed_buffers in hex; audit 0 random, 1 first: model/sample_mixing.h)
//              "bandwidth <nonce>"
//   responses: "hello <nonce> cc=<major.minor> sms=<n> l2=<bytes> mem=<bytes> name=<rest of line>"  (to the greeting)
//              "ok <nonce> [host=output:<buffer>]"           (check; host: that output was last written by a
//                                                             copy from host memory during the call)
//              "ok <nonce> samples=<n> median_ms=<x> min_ms=<x> max_ms=<x> noise=<x> audited=<s0>,<s1>..."
//                                                 (time: set k of the arena holds the buffers of timed sample s_k)
//              "ok <nonce> gbps=<x>"                                                 (bandwidth)
//              "error <nonce> <kind> <message>"  kind: cuda (the runner then exits: CUDA errors are sticky)
//                                                      harness (a malformed request or arena: a grader bug)
#pragma once

#include <cstdint>

namespace cudagrade::protocol {

inline constexpr int kRequestFd = 3;
inline constexpr int kResponseFd = 4;

inline constexpr char kArenaMagic[8] = {'C', 'G', 'A', 'R', 'E', 'N', 'A', '1'};
inline constexpr int kMaxDims = 4;

// Guards hold a word that is large as both int32 (1260210973) and float32 (about 1.03e7), so a kernel that
// reads past an input's end gets a value that visibly spoils its result. The word repeats byte for byte from
// the guard's first byte, which for a buffer of 1-byte elements need not be a multiple of 4 from the region's.
inline constexpr uint32_t kGuardWord = 0x4B1D4B1Du;
// Each buffer's guards hold a word of their own (still large as int32 and as float32), so a kernel that
// copies one element too far (out[n] = in[n]) changes the output's guard with the input's word and is seen.
inline constexpr uint32_t guard_word(uint32_t buffer_index) { return kGuardWord + buffer_index * 0x00100010u; }

// Regions start at this alignment in the file and on the device, so vector loads of data stay legal.
inline constexpr uint64_t kRegionAlignment = 256;

// An in-out buffer arrives holding its input and is judged as an output afterwards.
enum class BufferRole : uint32_t { kInput = 0, kOutput = 1, kScratch = 2, kInOut = 3 };
// The element types a lab's buffers may hold; an arena carries each as its raw bytes.
enum class ElementType : uint32_t { kFloat32 = 0, kInt32 = 1, kFloat64 = 2, kInt64 = 3, kUint8 = 4 };

inline constexpr uint64_t element_bytes(ElementType type) {
  switch (type) {
    case ElementType::kFloat64:
    case ElementType::kInt64: return 8;
    case ElementType::kUint8: return 1;
    default: return 4;
  }
}
// A type the harness does not know is one the grader did not write: the arena is refused.
inline constexpr bool is_known(uint32_t type) {
  return type <= static_cast<uint32_t>(ElementType::kUint8);
}

struct ArenaHeader {
  char magic[8];
  uint32_t buffer_count;  // buffers per set
  uint32_t set_count;
  uint32_t dim_count;
  uint32_t reserved;
  int64_t dims[kMaxDims];
};

struct ArenaBuffer {
  uint32_t role;          // BufferRole
  uint32_t element_type;  // ElementType, which gives the width of an element
  uint64_t element_count;
  uint64_t guard_bytes;  // on each side; a multiple of kRegionAlignment
  uint64_t file_offset;  // of the front guard
};

inline uint64_t data_bytes(const ArenaBuffer& buffer) {
  return buffer.element_count * element_bytes(static_cast<ElementType>(buffer.element_type));
}

inline uint64_t region_bytes(const ArenaBuffer& buffer) {
  return buffer.guard_bytes * 2 + data_bytes(buffer);
}

}  // namespace cudagrade::protocol
