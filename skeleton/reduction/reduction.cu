// Reduction lab: your solution. Implement reduce_sum() from reduction.cuh:
//     out[0] = sum of in[0..n)   (int32; overflow wraps around, so any summation order is exact)
//
// As handed out, this file compiles and runs but never writes out[0], so every test fails with
// wrong_answer. Replace the TODOs; keep the signature of reduce_sum() exactly as it is.
//
// Rules: launch your kernels on the default stream; do not allocate memory, synchronise or print in
// reduce_sum(); never write to `in` (the grader checks it is unchanged afterwards).

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;  // threads per block; a power of two keeps the tree reduction simple

// One pass: each block sums its slice of src[0..count) and writes ONE partial sum, to
// dst[blockIdx.x]. A block cannot see another block's results within the same launch, which is why
// the sum takes several passes (see reduce_sum below).
__global__ void reduce_pass(const int* src, int* dst, unsigned int count) {
    // TODO 1: load this thread's element(s) into shared memory. Indices at or past `count` must
    //         contribute 0: n is usually NOT a multiple of the block size, and reading past the end
    //         is a bug even when it happens to give the right answer.
    // TODO 2: __syncthreads(), then a tree reduction in shared memory (halve the number of active
    //         threads each step, __syncthreads() between steps).
    // TODO 3: thread 0 writes the block's sum to dst[blockIdx.x].
}

}  // namespace

// The multi-pass plan:
//   pass 1: blocks = ceil(n / elements_per_block); reduce_pass(in, scratch, n) leaves `blocks`
//           partial sums in scratch.
//   pass 2, 3, ...: reduce those partials the same way, until a pass has a single block; that last
//           pass can write its result straight to out[0].
// `scratch` is device memory of n ints, yours to use for the partials; it holds garbage on entry.
// Never let one launch read and write overlapping parts of scratch (another block may still be
// reading what you overwrite): write each pass's partials just after the range that pass reads.
void reduce_sum(const int* in, int* out, int n, int* scratch) {
    // TODO 4: replace this single launch by the passes described above, ending with out[0] written.
    unsigned int blocks = (static_cast<unsigned int>(n) + kBlock - 1) / kBlock;
    reduce_pass<<<blocks, kBlock>>>(in, scratch, static_cast<unsigned int>(n));
    (void)out;
}
