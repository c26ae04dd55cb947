// cudagrade-expect: passed
// Correct but slow: one thread per element, straight from global memory to global memory, with
// threadIdx.x walking the ROWS of in ("so that the writes go along out's rows"). The writes are indeed
// coalesced, but a warp's 32 reads are now 32 floats `cols` apart: 32 sectors of 32 bytes fetched for
// 128 useful bytes, 8x the read traffic. Every case passes; on a GPU the speed cases earn few points.
// Without a GPU, `cudagrade check transpose uncoalesced.cu --backend sim --profile` shows why:
// the load of in at 32 sectors per request against an ideal of 4.
#include "transpose.cuh"

__global__ void transpose_kernel(const float* in, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;  // row of in: consecutive lanes, addresses cols apart
    int c = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
}

void transpose(const float* in, float* out, int rows, int cols) {
    dim3 block(32, 8);
    dim3 grid((rows + 31) / 32, (cols + 7) / 8);
    transpose_kernel<<<grid, block>>>(in, out, rows, cols);
}
