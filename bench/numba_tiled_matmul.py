#!/usr/bin/env python3
"""Time the lecture notes' shared-memory tiled matmul (TILE = 16) in numba's CUDA simulator.

What it measures:
    Wall-clock seconds (time.perf_counter) of one kernel launch plus cuda.synchronize() of the
    classic tiled matrix multiply C = A @ B (A, B, C all n x n, float32, row-major) running in
    numba's CUDA simulator. This is the same kernel as reference/matmul/tiled_boundary.cu
    (block 16x16, grid ceil(n/16) x ceil(n/16), two 16x16 shared tiles, zero-padded loads,
    two syncthreads per K tile, guarded store). Copying the inputs to the "device"
    (cuda.to_device) and copying the result back are outside the timed region. In the
    simulator the launch is synchronous, so the timed region is the whole kernel execution.
    The result is checked against numpy in float64; the script exits with status 1 if the
    max abs error exceeds 1e-3. The number is meant to be compared with our own C++ CUDA
    simulator running the same kernel at the same n.

How to run (use Debian's interpreter, which has python3-numba 0.56.4):
    NUMBA_ENABLE_CUDASIM=1 /usr/bin/python3 bench/numba_tiled_matmul.py --n 32
    nice -n 10 /usr/bin/python3 bench/numba_tiled_matmul.py --n 128 --repeats 1 --json

    --n        matrix size (default 128)
    --repeats  number of timed launches; the reported time is their median (default 1)
    --json     print one JSON line: {"n", "seconds" (median), "runs", "max_abs_error"}

The script sets NUMBA_ENABLE_CUDASIM=1 itself (os.environ, before numba is imported), so the
simulator is used even on a machine with a real GPU; the variable on the command line is
therefore optional. Exit status: 0 ok, 1 wrong result, 2 numba not importable.
"""

import os

# Must happen before numba is imported: numba reads it once, at import time.
os.environ["NUMBA_ENABLE_CUDASIM"] = "1"

import argparse
import json
import math
import statistics
import sys
import time

try:
    # numpy is in the guard too: an interpreter without numba (e.g. a pyenv python3 on PATH)
    # usually lacks numpy as well; python3-numba pulls in python3-numpy.
    import numpy as np
    from numba import cuda, float32
except Exception as exc:  # ImportError, or a broken install failing during import
    print(
        "error: cannot import numba ({}: {}); install Debian's python3-numba "
        "(apt-get install python3-numba) and run with /usr/bin/python3".format(
            type(exc).__name__, exc),
        file=sys.stderr,
    )
    sys.exit(2)

TILE = 16
TOLERANCE = 1e-3
SEED = 12345


@cuda.jit
def matmul_tiled_boundary_kernel(A, B, C, M, K, N):
    As = cuda.shared.array((TILE, TILE), float32)
    Bs = cuda.shared.array((TILE, TILE), float32)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row = cuda.blockIdx.y * TILE + ty
    col = cuda.blockIdx.x * TILE + tx

    acc = float32(0.0)
    for k0 in range(0, K, TILE):
        a_col = k0 + tx  # column of A this thread stages
        b_row = k0 + ty  # row of B this thread stages
        # Zero outside the matrix so the inner loop always runs TILE steps.
        if row < M and a_col < K:
            As[ty, tx] = A[row, a_col]
        else:
            As[ty, tx] = float32(0.0)
        if b_row < K and col < N:
            Bs[ty, tx] = B[b_row, col]
        else:
            Bs[ty, tx] = float32(0.0)
        cuda.syncthreads()
        for k in range(TILE):
            acc += As[ty, k] * Bs[k, tx]
        cuda.syncthreads()
    if row < M and col < N:
        C[row, col] = acc


def main():
    parser = argparse.ArgumentParser(
        description="Time the TILE=16 shared-memory tiled matmul in numba's CUDA simulator.")
    parser.add_argument("--n", type=int, default=128, help="matrix size n (A, B, C are n x n)")
    parser.add_argument("--repeats", type=int, default=1, help="timed launches; median reported")
    parser.add_argument("--json", action="store_true", help="print one JSON object line")
    args = parser.parse_args()
    if args.n < 1 or args.repeats < 1:
        parser.error("--n and --repeats must be >= 1")

    n = args.n
    rng = np.random.default_rng(SEED)
    A = rng.uniform(-1.0, 1.0, size=(n, n)).astype(np.float32)
    B = rng.uniform(-1.0, 1.0, size=(n, n)).astype(np.float32)
    expected = A.astype(np.float64) @ B.astype(np.float64)

    d_A = cuda.to_device(A)
    d_B = cuda.to_device(B)
    d_C = cuda.device_array((n, n), dtype=np.float32)

    block = (TILE, TILE)
    grid = (math.ceil(n / TILE), math.ceil(n / TILE))  # (x: columns of C, y: rows of C)

    runs = []
    max_abs_error = 0.0
    for _ in range(args.repeats):
        start = time.perf_counter()
        matmul_tiled_boundary_kernel[grid, block](d_A, d_B, d_C, n, n, n)
        cuda.synchronize()
        runs.append(time.perf_counter() - start)
        C = d_C.copy_to_host()
        max_abs_error = max(max_abs_error, float(np.max(np.abs(C.astype(np.float64) - expected))))

    seconds = statistics.median(runs)
    if args.json:
        print(json.dumps({"n": n, "seconds": seconds, "runs": runs,
                          "max_abs_error": max_abs_error}))
    else:
        print("numba cudasim tiled matmul (TILE={}) n={}: median {:.3f} s over {} run(s), "
              "max abs error {:.3g}".format(TILE, n, seconds, len(runs), max_abs_error))

    if not (max_abs_error <= TOLERANCE):  # also catches NaN
        print("error: result differs from numpy: max abs error {:.3g} > {:g}".format(
            max_abs_error, TOLERANCE), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
