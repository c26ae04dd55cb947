// cudagrade-expect: wrong_answer
// Mistake: the grid is sized with floor division (N / 16, M / 16), so when M or N is not a multiple
// of 16 the last partial row and column of tiles get no block and those C elements are never written.
// The student had hit "invalid configuration argument" on tiny shapes (a grid of 0 blocks) and
// patched it with max(1, ...), which hides the real bug: shapes under 16 now pass. A student sees
// multiples of 16 and tiny shapes pass, and e.g. 1000x1000x1000 or 17x5x33 fail, with NaN (the
// grader's poison) in the last rows/columns of C.
#include "matmul.cuh"

#define TILE 16

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        int ak = t + threadIdx.x, bk = t + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid(max(1, N / TILE), max(1, M / TILE));
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
