// cudagrade-expect: wrong_answer
// Mistake: the tiled kernel from the lecture notes, which assumes M, K, N are multiples of 16, used
// with a rounded-up grid. On other shapes threads read past the ends of A's rows and B's columns
// (picking up the next row's values or garbage instead of 0) and threads with col >= N store into
// the next row of C. A student sees the multiple-of-16 cases pass and most non-multiple, rectangular
// and boundary cases (e.g. 16x13x7, 17x5x33, 1000^3) fail with wrong values; a few tiny ones such as
// 1x1x1 may pass by luck, when the memory past the end happens to hold zeros.
#include "matmul.cuh"

#define TILE 16

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        As[threadIdx.y][threadIdx.x] = A[row * K + t + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
