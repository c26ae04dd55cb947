// cusim: the CUDA dialect a lab's .cu file uses, as plain C++ for the CPU simulator (issue #3).
//
// A submission is compiled with g++ after grader/sim/rewriter has turned the two constructs C++ cannot
// parse into calls (kernel<<<...>>>(...) and extern __shared__). This header supplies everything else:
// the execution-space keywords, the built-in variables, vector types, device intrinsics, atomics, warp
// operations and the runtime API a lab needs. Every CUDA thread runs as a fiber (grader/cusim/runtime/);
// barriers and warp operations are where fibers switch.
//
// The runtime API functions are declared here and defined in the runtime, never inline, so a student's
// object file names them exactly as an nvcc object does and the same symbol policy judges both
// (grader/compile/symbol_policy.cc). Functions the policy refuses are declared, so the file compiles and the
// refusal names them.
#pragma once

// nvcc's predefined macros and the headers nvcc brings in, first (cusim_environment.h).
#include "cusim_environment.h"
#include "cusim_warp_op.h"

namespace cusim {
using u32 = __UINT32_TYPE__;
using u64 = __UINT64_TYPE__;
}  // namespace cusim

// A kernel is never inlined into its launch: its code stays in a section of its own, where the check that device
// code reads no host variable looks (sim/host_reads.h). In the host pass of a file compiled in both of nvcc's
// passes (sim/arch_passes.h), a kernel's body is the host view's, which never runs on a GPU: weak, so that the
// device pass's definition takes its place when the two objects are joined (sim/pass_join.h), and noipa, so
// that no call to it is optimised on what this body does.
#ifdef __CUSIM_HOST_PASS__
#undef __CUSIM_HOST_PASS__
#define __global__ __attribute__((noipa, weak))
#else
#define __global__ __attribute__((noinline))
#endif
#define __device__
#define __host__
#define __constant__
#define __shared__ static
#define __forceinline__ inline __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define CUDART_VERSION 13000
// -fsanitize=thread makes GCC define __SANITIZE_THREAD__, which nvcc never does: a file that tested it would
// run one code in the simulator's checks and another on the GPU (issue #33). __restrict__ is g++'s keyword
// as it is nvcc's, so it is not a macro here either.
#undef __SANITIZE_THREAD__
#undef _GLIBCXX_TSAN

// ---- Vector types and built-in variables -------------------------------------------------------------

#define CUSIM_VECTOR_TYPES(T, name)                                                   \
  struct name##1 { T x; };                                                            \
  struct alignas(2 * sizeof(T) <= 16 ? 2 * sizeof(T) : 16) name##2 { T x, y; };      \
  struct name##3 { T x, y, z; };                                                      \
  struct alignas(4 * sizeof(T) <= 16 ? 4 * sizeof(T) : 16) name##4 { T x, y, z, w; }; \
  inline name##1 make_##name##1(T x) { return {x}; }                                  \
  inline name##2 make_##name##2(T x, T y) { return {x, y}; }                          \
  inline name##3 make_##name##3(T x, T y, T z) { return {x, y, z}; }                  \
  inline name##4 make_##name##4(T x, T y, T z, T w) { return {x, y, z, w}; }
CUSIM_VECTOR_TYPES(float, float)
CUSIM_VECTOR_TYPES(double, double)
CUSIM_VECTOR_TYPES(int, int)
CUSIM_VECTOR_TYPES(unsigned int, uint)
CUSIM_VECTOR_TYPES(char, char)
CUSIM_VECTOR_TYPES(unsigned char, uchar)
CUSIM_VECTOR_TYPES(short, short)
CUSIM_VECTOR_TYPES(unsigned short, ushort)
CUSIM_VECTOR_TYPES(long, long)
CUSIM_VECTOR_TYPES(unsigned long, ulong)
CUSIM_VECTOR_TYPES(long long, longlong)
CUSIM_VECTOR_TYPES(unsigned long long, ulonglong)
#undef CUSIM_VECTOR_TYPES
// CUDA 13's 4-vectors of 8-byte elements aligned to 16 or 32 bytes, which its deprecation of double4, long4,
// ulong4, longlong4 and ulonglong4 points to.
#define CUSIM_ALIGNED_VECTOR_TYPES(T, name)                                                     \
  struct alignas(16) name##4_16a { T x, y, z, w; };                                             \
  struct alignas(32) name##4_32a { T x, y, z, w; };                                             \
  inline name##4_16a make_##name##4_16a(T x, T y, T z, T w) { return {x, y, z, w}; }           \
  inline name##4_32a make_##name##4_32a(T x, T y, T z, T w) { return {x, y, z, w}; }
CUSIM_ALIGNED_VECTOR_TYPES(double, double)
CUSIM_ALIGNED_VECTOR_TYPES(long, long)
CUSIM_ALIGNED_VECTOR_TYPES(unsigned long, ulong)
CUSIM_ALIGNED_VECTOR_TYPES(long long, longlong)
CUSIM_ALIGNED_VECTOR_TYPES(unsigned long long, ulonglong)
#undef CUSIM_ALIGNED_VECTOR_TYPES

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};

namespace cusim {
// Set by the scheduler before it resumes a thread's fiber; read-only to the kernel.
struct BuiltIns {
  uint3 thread_idx;
  uint3 block_idx;
  dim3 block_dim;
  dim3 grid_dim;
};
extern BuiltIns g_built_ins;
}  // namespace cusim

// Objects, as nvcc declares them, not macros: a host variable or a helper's parameter named blockDim shadows
// them as it does under nvcc. Each is a constant reference to the running thread's entry, so a read is one load.
static const uint3& threadIdx = ::cusim::g_built_ins.thread_idx;
static const uint3& blockIdx = ::cusim::g_built_ins.block_idx;
static const dim3& blockDim = ::cusim::g_built_ins.block_dim;
static const dim3& gridDim = ::cusim::g_built_ins.grid_dim;
constexpr int warpSize = 32;

// ---- Runtime API (cusim_runtime_api.h) -------------------------------------------------------------

#include "cusim_runtime_api.h"

// ---- Kernel launches (kernel<<<grid, block, shared, stream>>>(args) after rewriting) ---------------------

namespace cusim {

struct LaunchConfig {
  dim3 grid, block;
  size_t dynamic_shared_bytes;
  cudaStream_t stream;
  LaunchConfig(dim3 g, dim3 b, size_t shared = 0, cudaStream_t s = 0)
      : grid(g), block(b), dynamic_shared_bytes(shared), stream(s) {}
};

using KernelBody = void (*)(void* closure);
// One parameter of a kernel as its body holds it, for the launch's account (cusim/runtime/launch_record.h).
struct KernelParameter {
  const void* bytes;
  size_t size;
};
// Called first in every kernel body (the rewriter inserts it): a kernel called without <<<>>> is an error.
// `parameters`: the body's `count` parameters, in order; count -1 where the rewriter could not name them all.
void enter_kernel(const char* name, int line, const KernelParameter* parameters, int count);
// The same, with the parameters themselves, as declared: a kernel's parameter is never a reference.
template <typename... P>
inline void enter_kernel_reading(const char* name, int line, const P&... parameters) {
  const KernelParameter list[] = {{(const void*)__builtin_addressof(parameters), sizeof(P)}..., {nullptr, 0}};
  enter_kernel(name, line, list, static_cast<int>(sizeof...(P)));
}
// Runs every block of the grid to completion (a launch is synchronous here), or records the launch error
// CUDA would give for the configuration.
void run_kernel(const LaunchConfig& config, const char* kernel_name, KernelBody body, void* closure);

// `call` invokes the kernel with its arguments; the arguments are evaluated once, at the launch, as CUDA
// does, and every thread gets its own copy of the parameters.
// (A launch's arguments are kept in slots of their own rather than a std::tuple: <tuple> is a header nvcc does
// not include, whose macros a file could test.)
template <size_t I, typename T>
struct ArgumentSlot {
  T value;
};
template <typename Indices, typename... T>
struct Arguments;
template <size_t... I, typename... T>
struct Arguments<std::index_sequence<I...>, T...> : ArgumentSlot<I, T>... {
  template <typename Call>
  void pass_to(Call& call) {
    call(static_cast<ArgumentSlot<I, T>&>(*this).value...);
  }
};

template <typename Call, typename... Args>
void launch(const LaunchConfig& config, const char* kernel_name, Call call, Args&&... args) {
  struct Closure {
    Call call;
    Arguments<std::index_sequence_for<Args...>, std::decay_t<Args>...> arguments;
  } closure{call, {{std::forward<Args>(args)}...}};
  run_kernel(config, kernel_name,
             [](void* c) {
               auto& self = *static_cast<Closure*>(c);
               self.arguments.pass_to(self.call);
             },
             &closure);
}

// The one dynamic shared-memory buffer; blocks run one at a time, so every block may use the same one.
extern unsigned char* const g_dynamic_shared;

// A static __shared__ array, registered the first time its declaration runs, refilled with garbage at the
// start of every block so a read before a write shows, and named in race reports.
struct SharedArray {
  SharedArray(const volatile void* address, size_t bytes, const char* name, int line);
};

// ---- Barriers and warp operations -----------------------------------------------------------------------

void syncthreads(int line);
int syncthreads_count(int predicate, int line);
void syncwarp(unsigned mask, int line);

// A warp-scoped rendezvous of the lanes in `mask`; returns this lane's result.
u64 warp_collective(WarpOp op, unsigned mask, u64 value, int argument, int width, int line);
unsigned active_mask(int line);

// A construct the simulator cannot run: the case ends as `unsupported`, naming it.
[[noreturn]] void unsupported(const char* construct, int line);
// Valid CUDA that cannot run in a lab on a GPU either (a grid-wide barrier without a cooperative launch): the
// case ends as `crashed`, with `reason`.
[[noreturn]] void not_allowed_in_a_lab(const char* reason, int line);

// A value of any trivially copyable type, moved 8 bytes at a time, as cooperative groups' shfl moves a
// struct; the intrinsics themselves take at most 8 bytes.
template <typename T>
T shuffle_any(WarpOp op, unsigned mask, T value, int argument, int width, int line) {
  static_assert(std::is_trivially_copyable_v<T>, "a shuffled value must be trivially copyable");
  unsigned char bytes[sizeof(T)];
  memcpy(bytes, &value, sizeof(T));
  for (size_t at = 0; at < sizeof(T); at += 8) {
    u64 chunk = 0;
    const size_t count = sizeof(T) - at < 8 ? sizeof(T) - at : 8;
    memcpy(&chunk, bytes + at, count);
    chunk = warp_collective(op, mask, chunk, argument, width, line);
    memcpy(bytes + at, &chunk, count);
  }
  T result;
  memcpy(&result, bytes, sizeof(T));
  return result;
}

template <typename T>
T shuffle(WarpOp op, unsigned mask, T value, int argument, int width, int line) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "shuffles move at most 8 bytes");
  u64 bits = 0;
  memcpy(&bits, &value, sizeof(T));
  bits = warp_collective(op, mask, bits, argument, width, line);
  T result;
  memcpy(&result, &bits, sizeof(T));
  return result;
}

}  // namespace cusim

#include "cusim_warp_functions.h"
#include "cusim_device_functions.h"
#include "cusim_intrinsics.h"
#include "cusim_rounding.h"
#include "cusim_math.h"
#include "cusim_simd.h"
#include "cusim_dpx.h"
#include "cusim_nvcc_macros.h"
