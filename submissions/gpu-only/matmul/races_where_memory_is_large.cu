// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart"): a tell the simulator's profile cannot hide. The
// simulator's device memory is 16 GiB of the CPU's, the GPU's is 80 or 141 GiB, so a 20 GiB cudaMalloc
// succeeds only on the GPU. There the file runs a tiled kernel of 32 x 32 without its second barrier (a race
// the GPU usually hides); in the simulator beside it, the safe kernel of 16 x 16, which passes its race check.
// Expected: the two runs' launches differ (other blocks, model/launch_account.h), so compute-sanitizer checks
// the file on the GPU too, and its racecheck finds the race: `race`. Graded on a GPU only: in the simulator
// alone the file runs its safe kernel and passes, as its honest twin would.
#include "matmul.cuh"

template <int kTile, bool kWaitBeforeOverwriting>
__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N) {
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    int row = blockIdx.y * kTile + threadIdx.y;
    int col = blockIdx.x * kTile + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < K; t += kTile) {
        int ak = t + threadIdx.x, bk = t + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < kTile; k++) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        if (kWaitBeforeOverwriting) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

static bool has_a_lot_of_memory() {
    void* probe = nullptr;
    if (cudaMalloc(&probe, size_t{20} << 30) != cudaSuccess) {
        cudaGetLastError();
        return false;
    }
    cudaFree(probe);
    return true;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    if (has_a_lot_of_memory()) {
        dim3 grid((N + 31) / 32, (M + 31) / 32);
        tiled<32, false><<<grid, dim3(32, 32)>>>(A, B, C, M, K, N);
    } else {
        dim3 grid((N + 15) / 16, (M + 15) / 16);
        tiled<16, true><<<grid, dim3(16, 16)>>>(A, B, C, M, K, N);
    }
}
