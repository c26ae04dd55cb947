// cudagrade-expect: race
// Threat (issue #33, "cross-check the two runs for launches (kernel names, ...)"): the tell of
// races_where_memory_is_large.cu (a 20 GiB cudaMalloc succeeds only on the GPU), but the GPU's kernel keeps
// the safe kernel's grid and block, so the two runs launch as many kernels, of the same shapes, with the same
// copies. Only the kernel differs: on the GPU a tile loop without its second barrier (a race the GPU usually
// hides), in the simulator beside it the safe loop, which passes its race check. Expected: the launch accounts
// differ by the kernel's name (model/launch_account.h), so compute-sanitizer checks the file on the GPU, and
// its racecheck finds the race: `race`. Without the kernel's name the two accounts would be equal, and nothing
// would send the file there. Graded on a GPU only: in the simulator alone it runs its safe kernel and passes.
// Still out of reach (docs/SECURITY.md): the same two loops as two instantiations of one kernel template, or
// as two branches of one kernel, since an account names a kernel by its identifier alone.
#include "matmul.cuh"

constexpr int kTile = 16;

// One tile of C per block: the K dimension in tiles through shared memory.
__device__ void tile_product(const float* A, const float* B, float* C, int M, int K, int N, bool wait_to_overwrite) {
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
        if (wait_to_overwrite) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N) {
    tile_product(A, B, C, M, K, N, true);
}

__global__ void tiled_without_second_barrier(const float* A, const float* B, float* C, int M, int K, int N) {
    tile_product(A, B, C, M, K, N, false);
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
    dim3 grid((N + kTile - 1) / kTile, (M + kTile - 1) / kTile);
    if (has_a_lot_of_memory()) {
        tiled_without_second_barrier<<<grid, dim3(kTile, kTile)>>>(A, B, C, M, K, N);
    } else {
        tiled<<<grid, dim3(kTile, kTile)>>>(A, B, C, M, K, N);
    }
}
