// cudagrade-expect: passed
// cudagrade-twin: naive_twin.cu
// Threat (issue #33, "timing can be replayed"): a naive matmul that remembers its answers. Each call hashes 32
// sampled elements of A and B on the device; when the hash is one it has seen, the remembered C is copied into
// place (64 MiB at 4096^2: about 0.04 ms on an H200) instead of computing 137 GFLOP, and one thread then
// spins for a few milliseconds, so that the time stays far inside what the GPU could do (check/physical_limit.h
// refuses the bare copy's time as forged). While the timed calls rotated through two input sets, every timed
// call after the first two was answered from memory: the issue's memo got 27.75/29 on the H200 where its
// honest twin (naive_twin.cu) got 23.75.
// Expected now: every timed sample's inputs are new (model/sample_mixing.h), so the memory never answers; it
// passes with its twin's points, and costs itself a hash and a copy per call.
#include <cstdint>

#include "matmul.cuh"

__global__ void naive_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

// 32 elements of each input, spread evenly, folded into one key.
__global__ void sample_key(const float* A, const float* B, long long a_count, long long b_count,
                           unsigned long long* key) {
    unsigned long long hash = 1469598103934665603ull;
    for (int i = 0; i < 32; i++) {
        hash = (hash ^ __float_as_uint(A[a_count / 32 * i])) * 1099511628211ull;
        hash = (hash ^ __float_as_uint(B[b_count / 32 * i])) * 1099511628211ull;
    }
    *key = hash;
}

// About 5 ms of one thread's dependent multiply-adds on an H200 (4096^3 in 5 ms is 27 TFLOP/s: plausible).
__global__ void look_busy(float* sink, int iterations) {
    float x = 1.0f;
    for (int i = 0; i < iterations; i++) x = x * 0.999999f + 1e-7f;
    if (x == 12345.0f) *sink = x;
}

constexpr int kRemembered = 4;
struct Memory {
    unsigned long long key = 0;
    long long count = 0;
    float* answer = nullptr;
};
Memory memory[kRemembered];
int next_slot = 0;
unsigned long long* device_key = nullptr;
float* sink = nullptr;

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    const long long count = static_cast<long long>(M) * N;
    if (device_key == nullptr) cudaMalloc(&device_key, sizeof *device_key);
    if (sink == nullptr) cudaMalloc(&sink, sizeof *sink);
    sample_key<<<1, 1>>>(A, B, static_cast<long long>(M) * K, static_cast<long long>(K) * N, device_key);
    unsigned long long key = 0;
    cudaMemcpy(&key, device_key, sizeof key, cudaMemcpyDeviceToHost);
    for (Memory& slot : memory) {
        if (slot.answer != nullptr && slot.key == key && slot.count == count) {
            cudaMemcpy(C, slot.answer, count * sizeof(float), cudaMemcpyDeviceToDevice);
            if (count >= 1 << 20) look_busy<<<1, 1>>>(sink, 2500000);
            return;
        }
    }
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    naive_kernel<<<grid, block>>>(A, B, C, M, K, N);
    Memory& slot = memory[next_slot];
    next_slot = (next_slot + 1) % kRemembered;
    if (slot.count != count) {
        cudaFree(slot.answer);
        cudaMalloc(&slot.answer, count * sizeof(float));
        slot.count = count;
    }
    slot.key = key;
    cudaMemcpy(slot.answer, C, count * sizeof(float), cudaMemcpyDeviceToDevice);
}
