#include "labs/matmul/matmul_reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/parallel.h"

namespace cudagrade {
namespace {

constexpr int64_t kFullCheckWork = int64_t{1} << 31;  // multiply-adds checked in full
constexpr int64_t kEdgeRows = 32;                     // two tiles of 16: first and last tile rows
constexpr int64_t kSpreadRows = 64;
constexpr int64_t kRowsPerPass = 8;         // rows of C that share one pass over B
constexpr int64_t kColumnsPerChunk = 1024;  // a chunk's 8 rows of values and magnitudes: 128 KiB, in L2

float as_float(uint32_t word) {
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

}  // namespace

ReferenceRow reference_row(std::span<const uint32_t> a, std::span<const uint32_t> b, int64_t row, int64_t k_size,
                           int64_t n_size) {
  return std::move(reference_rows(a, b, std::span<const int64_t>(&row, 1), k_size, n_size).front());
}

std::vector<ReferenceRow> reference_rows(std::span<const uint32_t> a, std::span<const uint32_t> b,
                                         std::span<const int64_t> rows, int64_t k_size, int64_t n_size) {
  std::vector<ReferenceRow> result(rows.size());
  for (ReferenceRow& row : result) {
    row.value.assign(static_cast<size_t>(n_size), 0.0);
    row.magnitude.assign(static_cast<size_t>(n_size), 0.0);
  }
  // A task is a group of rows times a chunk of columns: the chunk of B's row k stays in cache across the group.
  const int64_t row_groups = (static_cast<int64_t>(rows.size()) + kRowsPerPass - 1) / kRowsPerPass;
  const int64_t column_chunks = (n_size + kColumnsPerChunk - 1) / kColumnsPerChunk;
  parallel_for(row_groups * column_chunks, [&](int64_t task) {
    const int64_t first_row = task / column_chunks * kRowsPerPass;
    const int64_t last_row = std::min<int64_t>(first_row + kRowsPerPass, static_cast<int64_t>(rows.size()));
    const int64_t begin = task % column_chunks * kColumnsPerChunk;
    const int64_t end = std::min(begin + kColumnsPerChunk, n_size);
    for (int64_t k = 0; k < k_size; ++k) {
      const uint32_t* b_row = &b[static_cast<size_t>(k * n_size)];
      for (int64_t r = first_row; r < last_row; ++r) {
        const double a_ik = as_float(a[static_cast<size_t>(rows[static_cast<size_t>(r)] * k_size + k)]);
        const double a_abs = std::fabs(a_ik);
        double* value = result[static_cast<size_t>(r)].value.data();
        double* magnitude = result[static_cast<size_t>(r)].magnitude.data();
        for (int64_t j = begin; j < end; ++j) {
          const double b_kj = as_float(b_row[j]);
          value[j] += a_ik * b_kj;
          magnitude[j] += a_abs * std::fabs(b_kj);
        }
      }
    }
  });
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
