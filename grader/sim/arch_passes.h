// nvcc compiles a file twice: a device pass with __CUDA_ARCH__ defined, whose kernels and device functions run
// on the GPU, and a host pass without it, whose host functions run on the CPU; the device pass also includes
// headers the host pass does not (<stdio.h>, <assert.h>). A file can make the two passes see different code:
// a host function chosen at file scope by __CUDA_ARCH__, a macro's value, a __host__ __device__ function's
// branch, `#ifdef EOF`, or whether a declaration is visible. One g++ pass cannot show both (issue #33: the
// simulator checked one view while the GPU ran the other), so the simulator compiles every file twice too and
// joins the two objects (sim/pass_join.h): kernels and what they call from the device pass, host code from
// the host pass.
//
// Before that, the file is made joinable: what both passes must share (kernels, __device__ and __constant__
// variables) needs external linkage to be found across the two objects, so `static` is dropped from their
// declarations at namespace scope and an unnamed namespace gets a name and a using-directive, which is how the
// standard defines it. Line numbers do not change.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sim/source_scan.h"

namespace cudagrade {

struct LinkageEdit {
  size_t begin, end;
  std::string replacement;
};

// The edits that give the file's kernels and device variables external linkage (see above).
std::vector<LinkageEdit> external_linkage_edits(const SourceScan& scan);

// The name an unnamed namespace gets: reserved, so no file of a student's can declare it.
inline constexpr std::string_view kUnnamedNamespace = "__cusim_unnamed";

}  // namespace cudagrade
