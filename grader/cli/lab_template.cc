#include "cli/lab_template.h"

namespace cudagrade {
namespace {

// The template with @LAB@ replaced by the lab's name (a placeholder no other word of the template contains).
std::string named(std::string text, const std::string& name) {
  const std::string placeholder = "@LAB@";
  for (size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + name.size())) {
    text.replace(at, placeholder.size(), name);
  }
  return text;
}

const char* kDeclaration = R"T(# The @LAB@ lab, as the grader reads it (docs/LABS.md is the reference for every key).
lab: @LAB@
title: "scale a vector, out = 2 * in (float32)"
header: @LAB@.cuh                  # in skeleton/@LAB@/; `cudagrade lab check` compares its prototype with this one
function: void @LAB@(const float* in, float* out, int n)
sizes:
  n: {example: 1000}
constraints:
  - {require: "n >= 1", message: "n must be at least 1"}
distributions: [uniform-float, small-integers]   # those its cases may name (the default is small-integers)
parameters:
  in: {role: input, length: n, generate: case}    # case: the case's distribution
  out: {role: output, length: n, check: exact}
reference: reference.cc          # the CPU reference, in this folder
work: {flops: n, bytes: 8 * n}   # for GFLOP/s, GB/s and the roofline
simulator: {work: n, budget: 1048576, scale: [n], keep_remainder: 256}
recount: {scale: [n], keep_remainder: 256}   # efficiency cases counted again at a size drawn per grade
speed_reference: naive           # reference/@LAB@/naive.cu
)T";

const char* kReference = R"T(// The @LAB@ lab's CPU reference: out[i] = 2 * in[i], in double. The grader calls it for blocks of the rows and
// columns of out it checks (out is one row of n here), from several threads at once.
#include <cudagrade/reference.h>

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t cols = call->parameters[call->output].cols;
  for (int64_t r = 0; r < call->row_count; ++r) {
    for (int64_t c = call->col_begin; c < call->col_end; ++c) call->value[r * cols + c] = 2.0 * in[call->rows[r] * cols + c];
  }
  return 0;
}
)T";

const char* kHeader = R"T(// The @LAB@ lab's fixed interface. Do not edit: the grader compiles your @LAB@.cu against this file.
#pragma once

// out[i] = 2 * in[i] for i in [0, n). in must not be modified. All pointers are device memory; n >= 1.
void @LAB@(const float* in, float* out, int n);
)T";

const char* kSkeleton = R"T(// @LAB@ lab: your solution. Implement @LAB@() from @LAB@.cuh. As handed out it runs but writes nothing, so every
// case fails. Launch on the default stream; do not allocate, synchronise or print in @LAB@().
#include "@LAB@.cuh"

__global__ void @LAB@_kernel(const float* in, float* out, int n) {
    // TODO 1: one element a thread: compute its index, check it against n, write out.
}

void @LAB@(const float* in, float* out, int n) {
    // TODO 2: launch enough blocks of 256 threads to cover n (one block covers only 256 elements).
    @LAB@_kernel<<<1, 256>>>(in, out, n);
}
)T";

const char* kNaive = R"T(// @LAB@ lab reference: one thread an element. Check it: cudagrade lab check @LAB@
#include "@LAB@.cuh"

__global__ void @LAB@_kernel(const float* in, float* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i];
}

void @LAB@(const float* in, float* out, int n) {
    @LAB@_kernel<<<(n + 255) / 256, 256>>>(in, out, n);
}
)T";

const char* kNoBoundsCheck = R"T(// cudagrade-expect: wrong_answer
// Mistake: no bounds check, so the last block writes past the end of out whenever n is not a multiple of 256.
#include "@LAB@.cuh"

__global__ void @LAB@_kernel(const float* in, float* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2.0f * in[i];
}

void @LAB@(const float* in, float* out, int n) {
    @LAB@_kernel<<<(n + 255) / 256, 256>>>(in, out, n);
}
)T";

const char* kCases = R"T(# Test cases for the @LAB@ lab (README.md, "Test cases", has every key).
lab: @LAB@
cases:
  - {name: square-1024, kind: square, n: 1024, points: 1}
  - {name: non-multiple-1000, kind: non-multiple, n: 1000, points: 1}
  - {name: boundary-1, kind: boundary, n: 1, points: 1}
  - {name: boundary-257, kind: boundary, n: 257, points: 1}
  - {name: small-integers-4099, kind: rectangular, n: 4099, points: 1, distribution: small-integers}
)T";

}  // namespace

std::vector<TemplateFile> lab_template(const std::string& name) {
  return {
      {named("labs/@LAB@/lab.yaml", name), named(kDeclaration, name)},
      {named("labs/@LAB@/reference.cc", name), named(kReference, name)},
      {named("skeleton/@LAB@/@LAB@.cuh", name), named(kHeader, name)},
      {named("skeleton/@LAB@/@LAB@.cu", name), named(kSkeleton, name)},
      {named("reference/@LAB@/naive.cu", name), named(kNaive, name)},
      {named("testcases/@LAB@.yaml", name), named(kCases, name)},
      {named("submissions/@LAB@/correct.cu", name), "// cudagrade-expect: passed\n" + named(kNaive, name)},
      {named("submissions/@LAB@/no_bounds_check.cu", name), named(kNoBoundsCheck, name)},
  };
}

}  // namespace cudagrade
