// cudagrade-expect: rejected
// Threat: writing a forged "ok" reply straight to the grader's control channel (fd 4). write() is not on the
// symbol allowlist; and a reply without the request's nonce would be read as tampering anyway.
#include "matmul.cuh"
#include <unistd.h>

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    write(4, "ok 0\n", 5);
    touch<<<1, 1>>>(C);
}
