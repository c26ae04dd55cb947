// cudagrade-expect: wrong_answer
// Mistake: a Brent-Kung scan with a second level, right in every respect but one: the tile kernel's loads
// and stores are not checked against n, "because the padding at the end of the last tile only changes
// elements after n". True of the values; but the last block also READS past the end of in and WRITES past
// the end of out. On a GPU that rarely crashes (cudaMalloc rounds up), and out[0..n) is even right. The
// grader keeps guard words just past the end of every buffer and sees out's changed, so every case whose n
// is not a multiple of 1024 is wrong_answer (n = 1, 1000, 1025, primes), while the powers of two pass.
// Fix: `first + t < n` on the loads (a 0 past the end) and on the stores.
//
// (The tiles' totals are scanned by one block that walks them a tile at a time and carries the running
// total: correct for any number of tiles, and simpler than calling the function on its own totals.)
#include "scan.cuh"

#define THREADS 512
#define TILE (2 * THREADS)

__global__ void bk_tiles(const float* in, float* out, int n, float* totals) {
    __shared__ float s[TILE];
    int t = threadIdx.x;
    int first = blockIdx.x * TILE;
    s[t] = in[first + t];                      // BUG: no check against n
    s[t + THREADS] = in[first + t + THREADS];  // BUG
    for (int stride = 1; stride <= THREADS; stride *= 2) {
        __syncthreads();
        int index = (t + 1) * 2 * stride - 1;
        if (index < TILE) s[index] += s[index - stride];
    }
    for (int stride = TILE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        int index = (t + 1) * 2 * stride - 1;
        if (index + stride < TILE) s[index + stride] += s[index];
    }
    __syncthreads();
    out[first + t] = s[t];                      // BUG: writes past the end of out in the last block
    out[first + t + THREADS] = s[t + THREADS];  // BUG
    if (t == THREADS - 1) totals[blockIdx.x] = s[TILE - 1];
}

// One block scans totals[0..count) in place, 1024 at a time (Kogge-Stone, double-buffered), carrying the
// running total from chunk to chunk.
__global__ void scan_totals(float* totals, int count) {
    __shared__ float buf[2][TILE];
    __shared__ float carry;
    int t = threadIdx.x;  // blockDim.x == TILE here
    if (t == 0) carry = 0.0f;
    for (int base = 0; base < count; base += TILE) {
        int i = base + t;
        int cur = 0;
        buf[0][t] = (i < count) ? totals[i] : 0.0f;
        __syncthreads();
        for (int d = 1; d < TILE; d *= 2) {
            float v = buf[cur][t];
            if (t >= d) v += buf[cur][t - d];
            buf[1 - cur][t] = v;
            cur = 1 - cur;
            __syncthreads();
        }
        if (i < count) totals[i] = buf[cur][t] + carry;
        __syncthreads();
        if (t == TILE - 1) carry += buf[cur][t];
        __syncthreads();
    }
}

__global__ void add_totals(float* out, int n, const float* totals) {
    int first = (blockIdx.x + 1) * TILE + threadIdx.x;
    if (first < n) out[first] += totals[blockIdx.x];
    if (first + THREADS < n) out[first + THREADS] += totals[blockIdx.x];
}

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    int blocks = (n + TILE - 1) / TILE;
    bk_tiles<<<blocks, THREADS>>>(in, out, n, scratch);
    if (blocks == 1) return;
    scan_totals<<<1, TILE>>>(scratch, blocks);
    add_totals<<<blocks - 1, THREADS>>>(out, n, scratch);
}
