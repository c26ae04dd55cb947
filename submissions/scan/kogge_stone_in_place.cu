// cudagrade-expect: race
// Mistake: Kogge-Stone on ONE shared array, "the barrier after each step keeps the steps apart". It does,
// but within a step thread t reads buf[t - d] while thread t - d is writing its own new value there: if the
// writer goes first, t adds a partial sum that already contains its neighbour's step, and terms are counted
// twice. Whether it does depends on which warps run first, so on a GPU it is right on some runs and wrong
// on others. The simulator runs every case in two thread orders and reports the race with the shared array
// and both lines. Fix: two buffers swapped each step (reference/scan/kogge_stone.cu), or read into a
// register, __syncthreads(), then write.
#include "scan.cuh"

#define TILE 1024

__global__ void scan_block(const float* src, float* dst, int n, float* sums) {
    __shared__ float buf[TILE];
    int t = threadIdx.x;
    int i = blockIdx.x * TILE + t;
    buf[t] = (i < n) ? src[i] : 0.0f;
    __syncthreads();
    for (int d = 1; d < TILE; d *= 2) {
        if (t >= d) buf[t] += buf[t - d];  // BUG: reads buf[t - d] while its owner writes it
        __syncthreads();
    }
    if (i < n) dst[i] = buf[t];
    if (sums && t == TILE - 1) sums[blockIdx.x] = buf[t];
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
    inclusive_scan(scratch, scratch, blocks, scratch + blocks);
    add_sums<<<blocks - 1, TILE>>>(out, n, scratch);
}
