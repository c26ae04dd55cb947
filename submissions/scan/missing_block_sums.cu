// cudagrade-expect: wrong_answer
// Mistake: every block scans its own tile correctly, and that is all: the sums of the tiles before it are
// never added. For n <= 1024 (one tile) the answer is right, so the small boundary cases pass; from element
// 1024 on, out[i] is the sum from the start of i's tile only. The message says so: "that is in[1024] + ...
// + in[1500] only: the total of the blocks before element 1024 was never added?". Fix: write each tile's
// total to scratch, scan those totals, and add scratch[b - 1] to tile b (reference/scan/kogge_stone.cu).
#include "scan.cuh"

#define TILE 1024

__global__ void scan_block(const float* src, float* dst, int n) {
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
}

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    (void)scratch;
    scan_block<<<(n + TILE - 1) / TILE, TILE>>>(in, out, n);  // BUG: no second level
}
