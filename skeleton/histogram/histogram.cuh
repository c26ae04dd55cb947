// The histogram lab's fixed interface. Do not edit: the grader compiles your histogram.cu against this file.
#pragma once

// bins[v] = the number of i in [0, n) with in[i] == v, for every v in [0, num_bins). Every in[i] is below
// num_bins. in must not be modified; bins holds garbage on entry, so every bin must be written, the empty ones
// with 0. All pointers are device memory; n >= 1 and 1 <= num_bins <= 4096. Launch your kernels on the
// default stream; do not allocate memory, synchronise or print inside histogram.
void histogram(const unsigned* in, unsigned* bins, int n, int num_bins);
