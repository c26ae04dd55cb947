// The scan lab's fixed interface. Do not edit: the grader compiles your scan.cu against this file.
#pragma once

// out[i] = in[0] + in[1] + ... + in[i] for i in [0, n): an inclusive prefix sum of float32. in must not be
// modified. scratch: device memory of at least n floats, free for the function to use (it holds garbage on
// entry). All pointers are device memory; n >= 1.
void inclusive_scan(const float* in, float* out, int n, float* scratch);
