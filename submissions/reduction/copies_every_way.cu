// cudagrade-expect: passed
// An honest two-pass sum that moves its block sums through each kind of copy entry both backends count:
// cudaMemset, cudaMemcpyToSymbol, cudaMemset2D, cudaMemcpy2D, cudaMemcpyFromSymbol (their Async forms count as
// they do). Its first kernel is a template in a namespace, launched through a pointer, and its second is
// extern "C". Both backends must count the same launches, by
// the same kernel names, and the same copies (model/launch_account.h), or a GPU grade would send this file
// to compute-sanitizer for nothing; scripts/device-launch-agreement.sh checks that on the GPU.
#include "reduction.cuh"

namespace partial {

// Block b adds up elements b, b + gridDim.x * kBlock, ... into partial[b].
template <int kBlock>
__global__ void block_sums(const int* in, int* partial, int n) {
    __shared__ int sums[kBlock];
    int sum = 0;
    for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = kBlock / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}

}  // namespace partial

extern "C" __global__ void add_up(const int* partial, int* out, int count) {
    __shared__ int sums[256];
    int sum = 0;
    for (int i = threadIdx.x; i < count; i += 256) sum += partial[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = 128; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *out = sums[0];
}

constexpr int kMostBlocks = 1024;
__device__ int g_staged[kMostBlocks];
__device__ int g_rows[kMostBlocks];

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const int blocks = (n + 255) / 256 < kMostBlocks ? (n + 255) / 256 : kMostBlocks;  // at most n
    const size_t bytes = blocks * sizeof(int);
    cudaMemsetAsync(scratch, 0, bytes, 0);
    void (*first)(const int*, int*, int) = partial::block_sums<256>;
    first<<<blocks, 256>>>(in, scratch, n);
    cudaMemcpyToSymbol(g_staged, scratch, bytes, 0, cudaMemcpyDeviceToDevice);
    int* staged = nullptr;
    int* rows = nullptr;
    cudaGetSymbolAddress(reinterpret_cast<void**>(&staged), g_staged);
    cudaGetSymbolAddress(reinterpret_cast<void**>(&rows), g_rows);
    // One int a row: the rows' copy is the runtime's, and the file's one call is what each backend counts.
    cudaMemset2D(rows, sizeof(int), 0, sizeof(int), blocks);
    cudaMemcpy2D(rows, sizeof(int), staged, sizeof(int), sizeof(int), blocks, cudaMemcpyDeviceToDevice);
    cudaMemcpyFromSymbolAsync(scratch, g_rows, bytes, 0, cudaMemcpyDeviceToDevice, 0);
    add_up<<<1, 256>>>(scratch, out, blocks);
}
