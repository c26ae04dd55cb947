// Scan lab: your solution. Implement inclusive_scan() from scan.cuh:
//     out[i] = in[0] + in[1] + ... + in[i]   (float32, i in [0, n))
//
// As handed out, this file compiles and runs but never writes out, so every test fails with
// wrong_answer. Replace the TODOs; keep the signature of inclusive_scan() exactly as it is.
//
// Rules: launch your kernels on the default stream; do not allocate memory, synchronise or print in
// inclusive_scan(); never write to `in` (the grader checks it is unchanged afterwards).

#include "scan.cuh"

static constexpr int kTile = 1024;  // elements a block scans: one a thread with 1024 threads (Kogge-Stone)

// Pass 1: each block scans its own tile of src[0..count) into dst, and writes the tile's total (the last
// element of its scan) to totals[blockIdx.x]; with one block, totals is nullptr and nothing is written there.
__global__ void scan_tiles(const float* src, float* dst, int count, float* totals) {
    // TODO 1: load this thread's element into shared memory; an index at or past `count` contributes 0
    //         (count is usually NOT a multiple of the tile). __syncthreads().
    // TODO 2: Kogge-Stone: for offset = 1, 2, 4, ... < kTile, every thread with tid >= offset adds the
    //         element `offset` to its left. Careful: in one step, thread tid reads element tid - offset
    //         while the thread that owns it is writing it. Read everything of a step before anyone writes
    //         (two buffers, swapped each step, or a barrier between the read and the write), and a barrier
    //         after every step.
    // TODO 3: write the scanned element to dst (bounds-checked), and the last thread writes the total.
}

// Pass 3: every element of tile b >= 1 gets the sum of all tiles before it, totals[b - 1] once pass 2 has
// scanned the totals.
__global__ void add_totals(float* dst, int count, const float* totals) {
    // TODO 4: one block a tile, starting with tile 1 (tile 0 has nothing before it).
}

// The plan for any n:
//   blocks = ceil(n / kTile)
//   pass 1: scan_tiles(in, out, n, scratch): every tile scanned, totals in scratch[0..blocks)
//   pass 2: scan the totals IN PLACE: they are an array of `blocks` floats, scanned the same way (with
//           scratch + blocks as their own scratch: this is where the function calls itself). Once scanned,
//           scratch[b - 1] is the sum of every element before tile b.
//   pass 3: add_totals(out, n, scratch)
// With one block, pass 1 alone is the answer. `scratch` holds n floats; the totals of every level fit.
void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    // TODO 5: the passes above. As handed out, one launch that does nothing.
    const int blocks = (n + kTile - 1) / kTile;
    scan_tiles<<<blocks, kTile>>>(in, out, n, blocks > 1 ? scratch : nullptr);
}
