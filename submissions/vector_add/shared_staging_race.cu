// cudagrade-expect: race
// Mistake: "sharing loads" through shared memory without a barrier. Each even thread loads its own element
// of A and its odd neighbour's into a shared array, and the odd thread skips its load of A and takes its
// element from there: "the even lane is in the same warp, so its store has happened by the time I read".
// (It saves nothing either: the same loads, made by half the threads.) Nothing guarantees the order: since
// Volta (sm_70) the lanes of a warp are scheduled independently, and only a barrier (__syncthreads(), or
// __syncwarp() within one warp) orders one thread's shared-memory write before another thread's read. On a
// GPU this usually gives the right answer (on an H200 every size did, and compute-sanitizer's racecheck
// reports the hazard); it is a race all the same. The simulator's first order runs the even thread before
// its odd neighbour, so C comes out right there too; its race checker sees the odd thread read the word the
// even thread wrote with no barrier between and names the shared array and both lines, and the reversed
// order leaves the odd elements of C with whatever the shared array held. Fix: __syncthreads() between
// staging and reading (or, simpler and faster, no shared memory at all: every thread loads its own A[i]).
#include "vector_add.cuh"

#define BLOCK 256

__global__ void add_kernel(const float* A, const float* B, float* C, int n) {
    __shared__ float a[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    if (t % 2 == 0 && i < n) {
        a[t] = A[i];
        if (i + 1 < n) a[t + 1] = A[i + 1];  // the odd neighbour's element, "loaded for it"
    }
    // BUG: no __syncthreads() here; odd threads read a[t], written by thread t - 1
    if (i < n) C[i] = a[t] + B[i];
}

void vector_add(const float* A, const float* B, float* C, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    add_kernel<<<blocks, BLOCK>>>(A, B, C, n);
}
