// The conv2d lab's fixed interface. Do not edit: the grader compiles your conv2d.cu against this file.
#pragma once

// out[r][c] = sum over dr, dc in [-radius, radius] of image[r + dr][c + dc] * mask[dr + radius][dc + radius],
// where a pixel outside the image counts as 0. image and out are rows x cols, row-major float32: pixel (r, c)
// is image[r * cols + c]. mask is (2 * radius + 1) x (2 * radius + 1), row-major: mask[i][j] is
// mask[i * (2 * radius + 1) + j]. image and mask must not be modified. All pointers are device memory;
// rows, cols >= 1 and 0 <= radius <= 7.
void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius);
