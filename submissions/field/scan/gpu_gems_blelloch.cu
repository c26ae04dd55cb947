// cudagrade-expect: passed
// Style: GPU Gems 3, chapter 39 (Harris, Sengupta and Owens, "Parallel Prefix Sum (Scan) with CUDA"): the
// work-efficient (Blelloch) scan, up-sweep then down-sweep over 2 * blockDim elements in shared memory, with
// CONFLICT_FREE_OFFSET padding against bank conflicts. Large arrays: each block's total goes to an array of
// block sums, which is scanned the same way (recursively, in scratch), then added back. The chapter's scan is
// exclusive; the inclusive result is the exclusive one plus the element itself.
#include "scan.cuh"

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

constexpr int kThreads = 256;
constexpr int kElementsPerBlock = 2 * kThreads;

// out[i] = in[0] + ... + in[i] within each block's tile; block_sums[b] = the tile's total (when given).
__global__ void prescan(const float* g_idata, float* g_odata, float* block_sums, int n) {
  __shared__ float temp[kElementsPerBlock + CONFLICT_FREE_OFFSET(kElementsPerBlock)];
  const int thid = threadIdx.x;
  const int base = blockIdx.x * kElementsPerBlock;
  int ai = thid;
  int bi = thid + kThreads;
  const int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  const int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = base + ai < n ? g_idata[base + ai] : 0.0f;
  temp[bi + bankOffsetB] = base + bi < n ? g_idata[base + bi] : 0.0f;

  int offset = 1;
  for (int d = kElementsPerBlock >> 1; d > 0; d >>= 1) {  // up-sweep: build the sums in place
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  if (thid == 0) {
    const int last = kElementsPerBlock - 1 + CONFLICT_FREE_OFFSET(kElementsPerBlock - 1);
    if (block_sums != nullptr) block_sums[blockIdx.x] = temp[last];
    temp[last] = 0;  // clear the last element
  }
  for (int d = 1; d < kElementsPerBlock; d *= 2) {  // down-sweep: traverse down the tree, building the scan
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      const float t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  if (base + ai < n) g_odata[base + ai] = temp[ai + bankOffsetA] + g_idata[base + ai];
  if (base + bi < n) g_odata[base + bi] = temp[bi + bankOffsetB] + g_idata[base + bi];
}

// Every tile after the first gets the inclusive total of the tiles before it.
__global__ void add_block_sums(float* data, const float* scanned_sums, int n) {
  const int i = blockIdx.x * kElementsPerBlock + threadIdx.x;
  if (blockIdx.x == 0) return;
  const float carry = scanned_sums[blockIdx.x - 1];
  if (i < n) data[i] += carry;
  if (i + kThreads < n) data[i + kThreads] += carry;
}

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
  const int blocks = (n + kElementsPerBlock - 1) / kElementsPerBlock;
  if (blocks == 1) {
    prescan<<<1, kThreads>>>(in, out, nullptr, n);
    return;
  }
  float* block_sums = scratch;
  prescan<<<blocks, kThreads>>>(in, out, block_sums, n);
  // The sums are scanned in place; the level below uses the scratch after them.
  inclusive_scan(block_sums, block_sums, blocks, scratch + blocks);
  add_block_sums<<<blocks, kThreads>>>(out, block_sums, n);
}
