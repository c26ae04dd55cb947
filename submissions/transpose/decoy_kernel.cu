// cudagrade-expect: passed
// The naive transpose (its stores stride by `rows`: uncoalesced), plus a decoy: a kernel that only re-reads
// the input, coalesced, eight times, and writes nothing. Issue #33: when a coalescing figure was a ratio over
// the whole call, the decoy's ideal reads diluted the real kernel's stores and took the coalescing case from
// 0/2 to 2/2. The figure is the worst kernel's now, and the modelled time (README, "Efficiency cases") adds
// the decoy's reads: the file earns what the naive transpose earns, or less.
#include "transpose.cuh"

constexpr int BLOCK = 32;

__global__ void transpose_kernel(const float* in, float* out, int rows, int cols) {
    const int col = blockIdx.x * BLOCK + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= rows || col >= cols) return;
    out[(size_t)col * rows + row] = in[(size_t)row * cols + col];
}

// Reads every element, coalesced, and keeps nothing; the comparison is never true for the lab's inputs.
__global__ void decoy_kernel(const float* in, float* out, size_t count) {
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count && in[i] == 1e30f) out[0] = 0.0f;
}

void transpose(const float* in, float* out, int rows, int cols) {
    const size_t count = (size_t)rows * cols;
    for (int pass = 0; pass < 8; ++pass) decoy_kernel<<<(unsigned)((count + 255) / 256), 256>>>(in, out, count);
    const dim3 block(BLOCK, 8);
    const dim3 grid((cols + BLOCK - 1) / BLOCK, (rows + 7) / 8);
    transpose_kernel<<<grid, block>>>(in, out, rows, cols);
}
