// cudagrade-expect: rejected
// Threat (issue #33, "timing a large launch" tells the backends apart): one kernel, one grid, one block and the
// same copies on both backends, as races_in_another_kernel_of_the_same_grid.cu has, but not even another kernel's
// name: the tile loop takes a flag that skips its second barrier (a race the GPU usually hides), and the file
// passes it only where a probe kernel timed a barrier, by the device's clock, as fast as a GPU passes one. The
// simulator beside a GPU grade is slow, so there it runs the safe loop and its race check passes. The launch
// accounts then differ by the launch's parameters alone (model/launch_account.h: the simulator reads the kernel's
// parameters at its entry, the GPU runner from the launch's arguments), so compute-sanitizer checks the file on
// the GPU. Under the tool the probe is slow too, and the file runs its safe loop there as well: racecheck finds
// nothing. Expected: the run under the tool launched with other arguments than the graded run of the same case
// (pipeline/sanitizer_check.h, watched_run_verdict), so that case is `rejected`, and the file with it (3 / 8 on an
// H200, 2026-11-29, where its racy loop also got the 512^3 case wrong). Graded on a GPU only: in the simulator
// alone it runs its safe loop and passes. Still out of reach (docs/SECURITY.md): the flag as a choice between two
// device addresses, which no account compares, or a kernel that reads the clock and branches by itself, which
// launches the same everywhere.
#include "matmul.cuh"

constexpr int kTile = 16;

__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N, bool skip_second_barrier) {
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
        if (!skip_second_barrier) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

// How long a block of 1024 threads takes to pass a barrier, in the device's clock: tens of cycles on a GPU,
// where the simulator switches through every thread. (CUDA events and the host's clocks are refused.)
__global__ void barrier_cost(float* out) {
    const long long before = clock64();
    __syncthreads();
    const long long after = clock64();
    if (threadIdx.x == 0) out[0] = static_cast<float>(after - before);
}

static bool runs_like_a_gpu(float* scratch) {
    static int answer = -1;
    if (answer >= 0) return answer == 1;
    barrier_cost<<<1, 1024>>>(scratch);
    float cycles = 0.0f;
    cudaMemcpy(&cycles, scratch, sizeof cycles, cudaMemcpyDeviceToHost);
    answer = cycles < 10000.0f ? 1 : 0;
    return answer == 1;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 grid((N + kTile - 1) / kTile, (M + kTile - 1) / kTile);
    const bool fast = runs_like_a_gpu(C);
    tiled<<<grid, dim3(kTile, kTile)>>>(A, B, C, M, K, N, fast);
}
