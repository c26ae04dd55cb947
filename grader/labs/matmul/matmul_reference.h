// The CPU reference for matmul: rows of A x B accumulated in float64, with the error scale each element's
// tolerance is measured against.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cudagrade {

struct ReferenceRow {
  std::vector<double> value;      // sum_k A[i,k] * B[k,j]
  std::vector<double> magnitude;  // sum_k |A[i,k] * B[k,j]|: the forward-error scale of a length-K dot product
};

// A is M x K, B is K x N, both row-major float32 stored as raw words.
ReferenceRow reference_row(std::span<const uint32_t> a, std::span<const uint32_t> b, int64_t row, int64_t k_size,
                           int64_t n_size);
// The same for several rows at once, on all cores, in the order of `rows`. Each element is summed over k in
// order as reference_row does, so the values are the same bits; B is streamed once per group of rows instead
// of once per row, which is what made checking a 4096 x 4096 product slow.
std::vector<ReferenceRow> reference_rows(std::span<const uint32_t> a, std::span<const uint32_t> b,
                                         std::span<const int64_t> rows, int64_t k_size, int64_t n_size);

// Which rows of C are checked in full. Every row while M*N*K stays small enough to check on a CPU in about a
// second; above that, the first and last tile rows (where boundary bugs live) and an even spread between.
std::vector<int64_t> rows_to_verify(int64_t m_size, int64_t k_size, int64_t n_size);

}  // namespace cudagrade
