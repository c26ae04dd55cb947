// cudagrade-expect: wrong_answer
// Mistake: the lecture's single-block Kogge-Stone, kept for every n, with a loop so that each of the 1024
// threads walks its elements one tile apart ("a block can handle any n if each thread does several"). But
// each tile is scanned on its own: the loop never carries the running total from one tile into the next,
// so every case with n > 1024 is wrong from element 1024 on (the same symptom as missing_block_sums.cu),
// while n <= 1024 passes. One block can be made right by carrying the total (thread 1023 holds it after
// each tile); it is then correct, and as slow as one SM. Fix: many blocks and a second level.
#include "scan.cuh"

#define TILE 1024

__global__ void scan_one_block(const float* src, float* dst, int n) {
    __shared__ float buf[2][TILE];
    int t = threadIdx.x;
    for (int base = 0; base < n; base += TILE) {
        int i = base + t;
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
        if (i < n) dst[i] = buf[cur][t];  // BUG: + the total of the tiles before `base`
        __syncthreads();
    }
}

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    (void)scratch;
    scan_one_block<<<1, TILE>>>(in, out, n);
}
