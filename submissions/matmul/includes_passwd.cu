// cudagrade-expect: rejected
// Tries to read a file outside the submission at compile time: the compiler would quote /etc/passwd back,
// line by line, in its error messages. The grader refuses the include before the compiler runs:
// "rejected: matmul.cu line 6: #include "/etc/passwd": absolute paths may not be included".
#include "matmul.cuh"
#include "/etc/passwd"

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {}
