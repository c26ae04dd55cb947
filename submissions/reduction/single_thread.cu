// cudagrade-expect: passed
// One GPU thread adds up the whole array in a loop. The answer is always right, so every correctness
// test passes, but it uses one of the ~270,000 threads an H100/H200 can keep resident and waits on
// memory latency every few elements: about 11 ms at n = 2^20 and ~3 s at n = 2^28 on an H200,
// ~10,000x slower than the reference. The student sees passed, with (almost) no speed points on the
// performance cases.
#include "reduction.cuh"

__global__ void sum_kernel(const int* in, int* out, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) total += in[i];
    out[0] = total;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    (void)scratch;
    sum_kernel<<<1, 1>>>(in, out, n);
}
