// cudagrade-expect: passed
// One warp adds up the whole array: each lane strides through it 32 elements apart (coalesced), then the
// lanes combine their sums with shuffles. Correct at every size, and every load is coalesced, but one warp
// on one SM of 132 cannot keep enough loads in flight to use the GPU's memory bandwidth: far behind the
// reference on a GPU. Without a GPU the modelled time (README, "Efficiency cases") sees the idle GPU too,
// so its speed points are near none either way.
#include "reduction.cuh"

__global__ void one_warp_sum(const int* in, int* out, int n) {
    int total = 0;
    for (int i = threadIdx.x; i < n; i += 32) total += in[i];
    for (int offset = 16; offset > 0; offset /= 2) total += __shfl_down_sync(0xffffffffu, total, offset);
    if (threadIdx.x == 0) out[0] = total;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    (void)scratch;
    one_warp_sum<<<1, 32>>>(in, out, n);
}
