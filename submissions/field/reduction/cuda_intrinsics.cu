// cudagrade-expect: passed
// Style: a reduction whose kernel calls CUDA's intrinsics beyond the everyday ones (rounding modes,
// conversions, integer and math functions, scoped atomics, clock64, __uni_sync) and whose launcher asks for
// occupancy and the kernel's attributes. Each check is IEEE's or CUDA's documented answer; one wrong answer
// adds 1000 to the sum. It compiles with nvcc, so it must compile and pass in the simulator (the field corpus,
// tests/field_corpus.sh) and on the GPU (scripts/device-intrinsics.sh).
#include "reduction.cuh"

#include <climits>

// One block adds count partial sums.
__global__ void add_up(const int* partial, int* out, int count) {
  __shared__ int s[256];
  int sum = 0;
  for (int i = threadIdx.x; i < count; i += 256) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}

__device__ int wrong_intrinsics() {
  int wrong = 0;
  wrong += __fadd_rd(1.0f, 1e-8f) != 1.0f;
  wrong += __fadd_ru(1.0f, 1e-8f) != 1.00000012f;
  wrong += __fadd_rz(-1.0f, -1e-8f) != -1.0f;
  wrong += __fmul_rd(3.0f, 0.333333343f) != 1.0f || __fmul_ru(3.0f, 0.333333343f) != 1.00000012f;
  wrong += __fdiv_rd(1.0f, 3.0f) != 0.333333313f || __fdiv_ru(1.0f, 3.0f) != 0.333333343f;
  wrong += __fsqrt_rd(2.0f) != 1.41421354f || __fsqrt_ru(2.0f) != 1.41421366f;
  wrong += __dadd_ru(1.0, 1e-20) != 1.0000000000000002 || __dadd_rd(1.0, 1e-20) != 1.0;
  wrong += __float2int_rd(-1.5f) != -2 || __float2int_ru(-1.5f) != -1 || __float2int_rn(2.5f) != 2;
  wrong += __float2int_rz(-1.9f) != -1 || __float2int_rn(3e9f) != INT_MAX || __float2uint_rn(-5.0f) != 0u;
  wrong += __int2float_rd(16777217) != 16777216.0f || __int2float_ru(16777217) != 16777218.0f;
  wrong += !(__double2float_rd(0.1) < __double2float_ru(0.1));
  wrong += __umulhi(0x80000000u, 4u) != 2u || __mulhi(-2, 0x40000000) != -1 || __umul64hi(1ull << 63, 4ull) != 2ull;
  wrong += __byte_perm(0x33221100u, 0x77665544u, 0x5140u) != 0x55114400u;
  wrong += __funnelshift_l(0x80000000u, 0x1u, 1) != 0x3u || __funnelshift_r(0x1u, 0x1u, 1) != 0x80000000u;
  wrong += __funnelshift_lc(0u, 1u, 40) != 0u || __funnelshift_l(0u, 1u, 40) != 256u;
  wrong += __dp4a(0x01020304, 0x01010101, 10) != 20 || __dp4a(-1, 0x01010101, 0) != -4;
  wrong += __sad(3, 10, 1u) != 8u || __hadd(INT_MAX, INT_MAX) != INT_MAX || __rhadd(1, 2) != 2;
  wrong += __brevll(1ull) != (1ull << 63);
  wrong += sinpi(1.0) != 0.0 || sinpif(0.5f) != 1.0f || cospif(0.5f) != 0.0f;
  wrong += fabsf(erfinvf(0.5f) - 0.476936276f) > 1e-6f || normcdff(0.0f) != 0.5f;
  wrong += fabs(erfcinv(1e-10) - 4.572824967389486) > 1e-12 || umin(3u, 5u) != 3u || llmax(-1ll, 2ll) != 2ll;
  const long long before = clock64();
  wrong += clock64() < before;
  return wrong;
}
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ alignas(16) int s[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = (i < n ? in[i] : 0) + (threadIdx.x == 0 ? 1000 * wrong_intrinsics() : 0);
  const int uniform = __uni_sync(0xffffffffu, 1);
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicExch_block(&partial[blockIdx.x], s[0] + (uniform ? 0 : 7));
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int per_sm = 0;
  cudaFuncAttributes attributes;
  const bool asked = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, block_sums, 256, 0) == cudaSuccess &&
                     cudaFuncGetAttributes(&attributes, block_sums) == cudaSuccess;
  const int blocks = (n + 255) / 256;
  block_sums<<<blocks, asked && per_sm > 0 && attributes.maxThreadsPerBlock >= 256 ? 256 : 1>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
}
