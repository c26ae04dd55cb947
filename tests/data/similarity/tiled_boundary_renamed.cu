// cudagrade-expect: passed
// The example class's copied file (scripts/make-example-class.py, student 2026000015): reference/matmul/
// tiled_boundary.cu (student 2026000002's upload) with every name changed, reformatted, recommented and a few
// statements reordered. The similarity check must still flag the pair (grader/similarity/, summary.html).
#include "matmul.cuh"
#include <cuda_runtime.h>
#include <cstddef>

namespace
{
constexpr int BS = 16;   // block size

// kernel: each block computes one BS x BS tile of the output
__global__ void mm_kernel(const float * __restrict__ X, const float * __restrict__ Y, float * __restrict__ Z,
                          int rows, int inner, int cols)
{
    __shared__ float tileX[BS][BS];
    __shared__ float tileY[BS][BS];
    const int i = threadIdx.x, j = threadIdx.y;
    const int c = blockIdx.x * BS + i;
    const int r = blockIdx.y * BS + j;
    float total = 0.0f;
    for (int base = 0; base < inner; base += BS)
    {
        const int xc = base + i;
        const int yr = base + j;
        /* load both tiles, zero-padded */
        tileX[j][i] = (r < rows && xc < inner) ? X[(size_t)r * inner + xc] : 0.0f;
        tileY[j][i] = (yr < inner && c < cols) ? Y[(size_t)yr * cols + c] : 0.0f;
        __syncthreads();
        for (int t = 0; t < BS; ++t)
        {
            total += tileX[j][t] * tileY[t][i];
        }
        __syncthreads();
    }
    if (r < rows && c < cols)
        Z[(size_t)r * cols + c] = total;
}
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N)
{
    const dim3 threads(BS, BS);
    const dim3 blocks((N + BS - 1) / BS,
                      (M + BS - 1) / BS);
    mm_kernel<<<blocks, threads>>>(A, B, C, M, K, N);
}
