// cudagrade-expect: race
// cudagrade-expect-gpu: race|wrong_answer
// Threat (issue #33, "__device__ arrays are neither shadowed nor counted"): split-K with the two halves of K
// added into one accumulator without an atomic. Kept in cudaMalloc memory, the simulator names the race; kept
// in a __device__ array, it was invisible to the race checker, and the simulator's blocks, which run one after
// another, always added both halves: full points in the simulator, and beside a GPU grade.
// Expected: the file's __device__ arrays are device memory to the simulator (cusim/runtime/device_statics.h),
// so the two blocks' updates of one element are a race, as in a cudaMalloc buffer.
#include "matmul.cuh"

#define TILE 16
#define MOST_ELEMENTS (1024 * 1024)

__device__ float accumulated[MOST_ELEMENTS];

__global__ void clear(int elements) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < elements) accumulated[i] = 0.0f;
}

// blockIdx.z picks the half of K a block sums over.
__global__ void half_products(const float* A, const float* B, int M, int K, int N) {
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    if (row >= M || col >= N) return;
    int half = (K + 1) / 2;
    int begin = blockIdx.z * half, end = min(K, begin + half);
    float sum = 0.0f;
    for (int k = begin; k < end; ++k) sum += A[row * K + k] * B[k * N + col];
    accumulated[row * N + col] += sum;
}

__global__ void store(float* C, int elements) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < elements) C[i] = accumulated[i];
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    int elements = M * N;
    if (elements > MOST_ELEMENTS) return;
    clear<<<(elements + 255) / 256, 256>>>(elements);
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, 2);
    half_products<<<grid, block>>>(A, B, M, K, N);
    store<<<(elements + 255) / 256, 256>>>(C, elements);
}
