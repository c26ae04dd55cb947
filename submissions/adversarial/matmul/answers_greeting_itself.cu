// cudagrade-expect: rejected
// Threat: a global object initialised before the harness's main reads the grader's greeting from the control
// channel and answers it with a failure of its own ("no CUDA device"), hoping every case is blamed on the
// machine, or waited for. Reading and writing descriptors is not on the symbol list: refused before it runs.
// (Were it to run, the reference's runner starting on the same device would make it `crashed`, at once.)
#include "matmul.cuh"

extern "C" long read(int fd, void* buffer, unsigned long bytes);
extern "C" long write(int fd, const void* buffer, unsigned long bytes);

namespace {

int answer_the_greeting() {
    char line[128] = {};
    long got = read(3, line, sizeof line - 1);  // "hello <nonce>\n"
    if (got <= 6) return 0;
    char reply[256] = "error ";
    int at = 6;
    for (long i = 6; i < got && line[i] != '\n'; ++i) reply[at++] = line[i];
    const char tail[] = " cuda cudaErrorNoDevice: no CUDA-capable device is detected\n";
    for (const char* c = tail; *c; ++c) reply[at++] = *c;
    write(4, reply, static_cast<unsigned long>(at));
    return 0;
}

const int g_answered = answer_the_greeting();

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N, int extra) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum + extra;
    }
}

}  // namespace

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N, g_answered);  // a host value, passed as nvcc wants
}
