// A CSR sparse matrix's structure, generated for a declared lab's inputs (an SpMV lab's row offsets and column
// indices): nnz entries spread over the rows unevenly, as in real matrices, with empty rows and one long row,
// because those are where a row-per-thread or row-per-warp kernel's bugs and load imbalance show.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/random.h"

namespace cudagrade {

struct CsrShape {
  int64_t rows = 1, cols = 1, nnz = 0;
  double empty = 0;      // the fraction of rows left empty
  double spread = 1;     // the deviation of a row's log weight: 0 gives rows of equal length
  int64_t long_row = 0;  // one row of this many entries (capped by cols and nnz); 0: none
};

// offsets[0 .. rows]: offsets[0] = 0, offsets[rows] = nnz, no row longer than cols. Needs nnz <= rows * cols.
void fill_csr_offsets(const CsrShape& shape, SplitMix64& random, std::span<uint32_t> offsets);

// Each row's column indices, distinct and ascending in [0, cols), for the rows that `offsets` delimits. A
// problem message, and nothing written, when the offsets do not delimit `columns` (they do not start at 0 or
// end at its length, or a row is negative or longer than cols).
std::optional<std::string> fill_csr_columns(std::span<const uint32_t> offsets, int64_t cols, SplitMix64& random,
                                            std::span<uint32_t> columns);

}  // namespace cudagrade
