// cudagrade-expect: wrong_answer
// Mistake: the mask indexed with row and column swapped, mask[(dc + R) * m + (dr + R)]: the student's loops
// put dc outside and dr inside and the index followed the loops. For a symmetric mask (a box blur, a Gaussian)
// that is the same thing, and the student's own test used one; the grader's masks are random, so every case
// but a 1 x 1 image (whose only term is the mask's centre) is wrong, and the message says which slip it was
// ("that is the mask read transposed"). Fix: mask[(dr + R) * m + (dc + R)], dr choosing the mask's row.
#include "conv2d.cuh"

__global__ void conv_naive(const float* image, const float* mask, float* out, int rows, int cols, int R) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    int m = 2 * R + 1;
    float sum = 0.0f;
    for (int dc = -R; dc <= R; dc++) {
        for (int dr = -R; dr <= R; dr++) {
            int rr = r + dr, cc = c + dc;
            float pixel = (rr >= 0 && rr < rows && cc >= 0 && cc < cols) ? image[rr * cols + cc] : 0.0f;
            sum += pixel * mask[(dc + R) * m + (dr + R)];  // BUG: transposed
        }
    }
    out[r * cols + c] = sum;
}

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    dim3 block(32, 8);
    dim3 grid((cols + 31) / 32, (rows + 7) / 8);
    conv_naive<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
