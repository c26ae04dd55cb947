// cudagrade-expect: race
// Mistake: every thread adds its element straight into the total, `*out += in[i]`, as a loop on the CPU
// would. On a GPU thousands of threads read the same old total, add to it and write it back, so most
// additions are lost, but not always the same ones. The simulator's first order runs one thread after
// another and would get the right sum by accident; its race checker sees two threads of a block read and
// write the same word with nothing between, names both lines, and says to use atomicAdd.
#include "reduction.cuh"

__global__ void zero(int* out) { *out = 0; }

__global__ void add_everything(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) *out += in[i];
}

void reduce_sum(const int* in, int* out, int n, int*) {
    zero<<<1, 1>>>(out);
    add_everything<<<(n + 255) / 256, 256>>>(in, out, n);
}
