// cudagrade-expect: passed
// A correct student solution: the lectures' hierarchical scan. Kogge-Stone in shared memory with a double
// buffer, 512 threads scanning a 512-element tile; the tiles' totals go to scratch, are scanned by the same
// function (recursion: past 2^18 elements the totals need more than one tile themselves), and are added
// back to every tile after the first. Every case passes, including n = 1, 511, 513 and primes.
#include "scan.cuh"

#define TILE 512

__global__ void scan_block(const float* src, float* dst, int n, float* sums) {
    __shared__ float buf[2][TILE];
    int t = threadIdx.x;
    int i = blockIdx.x * TILE + t;
    int cur = 0;
    buf[0][t] = (i < n) ? src[i] : 0.0f;
    __syncthreads();
    for (int d = 1; d < TILE; d *= 2) {
        float v = buf[cur][t];
        if (t >= d) v += buf[cur][t - d];
        buf[1 - cur][t] = v;
        cur = 1 - cur;
        __syncthreads();
    }
    if (i < n) dst[i] = buf[cur][t];
    if (sums && t == TILE - 1) sums[blockIdx.x] = buf[cur][t];
}

__global__ void add_sums(float* dst, int n, const float* sums) {
    int i = (blockIdx.x + 1) * TILE + threadIdx.x;
    if (i < n) dst[i] += sums[blockIdx.x];
}

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    int blocks = (n + TILE - 1) / TILE;
    if (blocks == 1) {
        scan_block<<<1, TILE>>>(in, out, n, nullptr);
        return;
    }
    scan_block<<<blocks, TILE>>>(in, out, n, scratch);
    inclusive_scan(scratch, scratch, blocks, scratch + blocks);  // scan the block sums in place
    add_sums<<<blocks - 1, TILE>>>(out, n, scratch);
}
