// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart", by the compile's own paths): __FILE__ and
// __BASE_FILE__ held the path the grader compiled the file at, .../sim/submission-<hash>/matmul.cu in the
// simulator and .../nvcc/submission-<hash>/matmul.cu for a GPU, so a file could keep its second barrier in
// the simulator and drop it on a GPU. Expected: every compile of the file names it as the student does
// ("matmul.cu", run from the entry's folder), the barrier is dropped in both, and the race is found.
#include "matmul.cuh"

#include <cstring>

#define TILE 16

__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N, bool wait_before_overwriting) {
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
        if (wait_before_overwriting) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    const bool in_simulator = std::strstr(__BASE_FILE__, "/sim/") != nullptr || std::strstr(__FILE__, "/sim/") != nullptr;
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    tiled<<<grid, block>>>(A, B, C, M, K, N, in_simulator);
}
