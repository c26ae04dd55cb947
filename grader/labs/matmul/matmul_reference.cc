#include "labs/matmul/matmul_reference.h"

#include <cmath>
#include <cstring>

namespace cudagrade {
namespace {

constexpr int64_t kFullCheckWork = int64_t{1} << 31;  // multiply-adds checked in full
constexpr int64_t kEdgeRows = 32;                     // two tiles of 16: first and last tile rows
constexpr int64_t kSpreadRows = 64;

float as_float(uint32_t word) {
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

}  // namespace

ReferenceRow reference_row(std::span<const uint32_t> a, std::span<const uint32_t> b, int64_t row, int64_t k_size,
                           int64_t n_size) {
  ReferenceRow result{std::vector<double>(static_cast<size_t>(n_size), 0.0),
                      std::vector<double>(static_cast<size_t>(n_size), 0.0)};
  for (int64_t k = 0; k < k_size; ++k) {
    const double a_ik = as_float(a[static_cast<size_t>(row * k_size + k)]);
    const double a_abs = std::fabs(a_ik);
    const uint32_t* b_row = &b[static_cast<size_t>(k * n_size)];
    for (int64_t j = 0; j < n_size; ++j) {
      const double b_kj = as_float(b_row[j]);
      result.value[static_cast<size_t>(j)] += a_ik * b_kj;
      result.magnitude[static_cast<size_t>(j)] += a_abs * std::fabs(b_kj);
    }
  }
  return result;
}

std::vector<int64_t> rows_to_verify(int64_t m_size, int64_t k_size, int64_t n_size) {
  std::vector<int64_t> rows;
  if (m_size * k_size * n_size <= kFullCheckWork || m_size <= kEdgeRows + kSpreadRows) {
    for (int64_t r = 0; r < m_size; ++r) rows.push_back(r);
    return rows;
  }
  for (int64_t r = 0; r < kEdgeRows / 2; ++r) rows.push_back(r);
  int64_t spread_begin = kEdgeRows / 2, spread_end = m_size - kEdgeRows / 2;
  for (int64_t i = 0; i < kSpreadRows; ++i) {
    // An odd stride walks through every residue of the tile, so the spread also covers rows at each offset.
    rows.push_back(spread_begin + (i * (spread_end - spread_begin) / kSpreadRows + i) % (spread_end - spread_begin));
  }
  for (int64_t r = m_size - kEdgeRows / 2; r < m_size; ++r) rows.push_back(r);
  return rows;
}

}  // namespace cudagrade
