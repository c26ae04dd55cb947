// cudagrade-expect: wrong_answer
// Mistake: an EXCLUSIVE scan, out[i] = in[0] + ... + in[i-1] (out[0] = 0), the Blelloch scan of many
// textbooks, where the lab asks for the inclusive one, out[i] = in[0] + ... + in[i]. Every element is off
// by exactly in[i], and the message says so ("that is in[0] + ... + in[4]: an exclusive scan?"). The scan
// itself is a correct Blelloch up-sweep/down-sweep with a second level. Fix: add in[i] back when storing,
// or use the inclusive down-sweep (reference/scan/brent_kung.cu).
#include "scan.cuh"

#define THREADS 512
#define TILE (2 * THREADS)

// Blelloch: up-sweep, clear the last element, down-sweep with swaps: an exclusive scan of the tile.
// With sums, the tile's total (taken before it is cleared) goes to sums[blockIdx.x].
__global__ void blelloch(const float* src, float* dst, int n, float* sums) {
    __shared__ float s[TILE];
    int t = threadIdx.x;
    int base = blockIdx.x * TILE;
    s[t] = (base + t < n) ? src[base + t] : 0.0f;
    s[t + THREADS] = (base + t + THREADS < n) ? src[base + t + THREADS] : 0.0f;
    for (int stride = 1; stride < TILE; stride *= 2) {
        __syncthreads();
        int k = (t + 1) * 2 * stride - 1;
        if (k < TILE) s[k] += s[k - stride];
    }
    __syncthreads();
    if (t == 0) {
        if (sums) sums[blockIdx.x] = s[TILE - 1];
        s[TILE - 1] = 0.0f;
    }
    for (int stride = TILE / 2; stride > 0; stride /= 2) {
        __syncthreads();
        int k = (t + 1) * 2 * stride - 1;
        if (k < TILE) {
            float left = s[k - stride];
            s[k - stride] = s[k];
            s[k] += left;
        }
    }
    __syncthreads();
    if (base + t < n) dst[base + t] = s[t];  // BUG: exclusive; the inclusive value is s[t] + src[base + t]
    if (base + t + THREADS < n) dst[base + t + THREADS] = s[t + THREADS];
}

// Tile b gets sums[b], the exclusive scan of the tiles' totals.
__global__ void add_sums(float* dst, int n, const float* sums) {
    int i = blockIdx.x * TILE + threadIdx.x;
    float add = sums[blockIdx.x];
    if (i < n) dst[i] += add;
    if (i + THREADS < n) dst[i + THREADS] += add;
}

void exclusive(const float* in, float* out, int n, float* scratch) {
    int blocks = (n + TILE - 1) / TILE;
    if (blocks == 1) {
        blelloch<<<1, THREADS>>>(in, out, n, nullptr);
        return;
    }
    blelloch<<<blocks, THREADS>>>(in, out, n, scratch);
    exclusive(scratch, scratch, blocks, scratch + blocks);
    add_sums<<<blocks, THREADS>>>(out, n, scratch);
}

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    exclusive(in, out, n, scratch);
}
