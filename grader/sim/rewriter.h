// Turns a lab's .cu file into C++ that g++ compiles against the simulator's header (grader/cusim/include).
//
// Only what C++ cannot parse, what needs per-block storage, and kernel entries are rewritten; everything else (__global__,
// threadIdx, atomics, warp intrinsics) is plain C++ once cusim.h is included:
//   kernel<<<grid, block[, shared[, stream]]>>>(args)
//       -> ::cusim::launch(::cusim::LaunchConfig(grid, block...), "kernel", [&](auto... a) { kernel(a...); }, args)
//   extern __shared__ float s[];
//       -> float* const s = reinterpret_cast<float*>(::cusim::g_dynamic_shared);
//   __shared__ float As[16][16];
//       -> (unchanged; __shared__ means static) followed by a registration that refills it with garbage at
//          every block start and names it in race reports.
//   __global__ void k(...) {
//       -> the same, and the body starts with ::cusim::enter_kernel("k", line): a kernel called without
//          <<<>>> is an error, as with nvcc.
//   texture, __half, wmma, ... (constructs the simulator cannot run)
//       -> cusim_unsupported_texture, ...: an identifier nothing declares. Code the compiler compiles fails with
//          it, and the build names the construct `unsupported`; code it skips (#if 0, an #ifdef's other branch)
//          costs nothing, as with nvcc (issue #33: one such token in dead code made the simulator refuse a file,
//          so that a GPU grade lost the simulator's checks beside it).
//   __CUDA_ARCH__, defined by nvcc in its device pass only
//       -> defined on the compiler's command line for the device pass (pass_defines). Every file is compiled in
//          both passes and the two objects are joined (sim/arch_passes.h, sim/pass_join.h); its kernels and
//          device variables lose `static`, and its unnamed namespaces get a name, so that the join can find
//          them.
// Rewrites never change a line's number (the directives above come with a #line), and the output starts with a
// #line directive, so compiler errors and race reports point at the student's own lines.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/device_names.h"
#include "sim/unsupported_constructs.h"

namespace cudagrade {

// The architecture the simulator models and compiles device code for: the H100's sm_90
// (backend/gpu_backend.h's kDefaultArch), as __CUDA_ARCH__ spells it.
inline constexpr int kSimulatedCudaArch = 900;

// The passes of nvcc's, each of which g++ compiles a rewritten file in.
enum class Pass { kDevice, kHost };

// What g++ is given besides the text in each pass: the device pass defines __CUDA_ARCH__; the host pass tells
// cusim.h, which is included first and undefines it, that a kernel's body here is the host view's.
std::vector<std::string> pass_defines(Pass pass);

struct RewriteResult {
  enum class Outcome { kRewritten, kMalformed } outcome = Outcome::kRewritten;
  std::string text;    // the C++ source, when rewritten
  int line = 0;        // where the problem is, otherwise
  std::string reason;  // "a kernel launch with no closing >>>"
  DeviceNames device_names;  // what the file declares for the device, when rewritten
};

// `file_name` is what the #line directive calls the file (the submission's name, e.g. "<lab>.cu").
RewriteResult rewrite_for_simulator(const std::string& source, const std::string& file_name);

}  // namespace cudagrade
