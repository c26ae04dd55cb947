// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart"): the tiled kernel without its second barrier, a race
// the simulator reports every time and a GPU usually hides, run only where the device does not look like the
// simulator. The file asks for the device's name and SM count, and for an attribute the simulator once did not
// know (a query that failed only there). Until the simulator answered as the GPU of the grade, it saw the safe
// kernel and passed it, while the GPU ran the racy one: full points on both backends.
// Expected: the simulator tells a program it is the GPU of the grade (model/device_profile.h), so the racy
// kernel runs there too and is `race`, in the simulator and beside a GPU grade.
#include "matmul.cuh"

#define TILE 16

template <bool kWaitBeforeOverwriting>
__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N) {
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
        if (kWaitBeforeOverwriting) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

static bool contains(const char* text, const char* word) {
    for (; *text != '\0'; ++text) {
        int i = 0;
        while (word[i] != '\0' && text[i] == word[i]) ++i;
        if (word[i] == '\0') return true;
    }
    return false;
}

static bool looks_simulated() {
    cudaDeviceProp properties;
    if (cudaGetDeviceProperties(&properties, 0) != cudaSuccess) return true;
    if (contains(properties.name, "imulator") || contains(properties.name, "CPU")) return true;
    int value = 0;
    // cudaDevAttrDeferredMappingCudaArraySupported: every Hopper answers it.
    if (cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(121), 0) != cudaSuccess) return true;
    return properties.multiProcessorCount < 16;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    if (looks_simulated()) {
        tiled<true><<<grid, block>>>(A, B, C, M, K, N);
    } else {
        tiled<false><<<grid, block>>>(A, B, C, M, K, N);
    }
}
