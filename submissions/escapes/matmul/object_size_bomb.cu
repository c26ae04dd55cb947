// cudagrade-expect: compile_error
// Threat: filling the build cache. A 192 MiB initialised array makes a 192 MiB object, kept in the cache
// for every such upload (a 512 MiB one added 1.07 GB to the cache of the attack this corpus answers). A
// student's build may leave at most 64 MiB an object or runner in the cache (compile/cached_toolchain.h's
// kLargestStudentOutputBytes); a bigger one is removed at once and the file has a compile error saying so.
// Bigger still, past 256 MiB, and the compile's file-size limit stops the assembler first.
#include "matmul.cuh"

char ballast[192 << 20] = {1};  // external linkage: the compiler must keep it

__global__ void touch(float* C) { C[0] = 0.0f; }

void matmul(const float*, const float*, float* C, int, int, int) {
    C[0] = ballast[0];  // keeps the array
    touch<<<1, 1>>>(C);
}
