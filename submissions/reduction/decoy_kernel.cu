// cudagrade-expect: passed
// The bank-conflicted tree of reduce1 (s[2 * stride * tid]), plus a decoy: a second kernel that only re-reads
// the input, coalesced and conflict-free, so that a figure that is a ratio of sums (sectors over the ideal,
// wavefronts over the fewest) looks better than the real kernel's. Correct at every size. The modelled time
// of the whole call (README, "Efficiency cases") counts the decoy's reads as the GPU's clock would: the file
// earns fewer speed points than without it, never more.
#include "reduction.cuh"

#define BLOCK 256

__global__ void tree_kernel(const int* src, int* dst, int count) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    s[tid] = i < count ? src[i] : 0;
    __syncthreads();
    for (int stride = 1; stride < BLOCK; stride *= 2) {
        int index = 2 * stride * tid;
        if (index < BLOCK) s[index] += s[index + stride];
        __syncthreads();
    }
    if (tid == 0) dst[blockIdx.x] = s[0];
}

// Reads every element once more and keeps nothing: its only use is to be counted.
__global__ void decoy_kernel(const int* src, int* sink, int count) {
    __shared__ int s[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    s[threadIdx.x] = i < count ? src[i] : 0;
    __syncthreads();
    if (s[threadIdx.x] == 0x7fffffff && i == 0) sink[0] = 0;  // never true for the lab's inputs
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const int* src = in;
    int* dst = scratch;
    int count = n;
    for (int decoy = 0; decoy < 4; ++decoy) decoy_kernel<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, scratch, n);
    while (true) {
        int blocks = (count + BLOCK - 1) / BLOCK;
        if (blocks == 1) {
            tree_kernel<<<1, BLOCK>>>(src, out, count);
            return;
        }
        tree_kernel<<<blocks, BLOCK>>>(src, dst, count);
        src = dst;
        dst = dst + blocks;
        count = blocks;
    }
}
