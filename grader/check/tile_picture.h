// A small text picture of which tiles of an output matrix are wrong. A missing boundary check shows at a
// glance as a bad last tile row and column.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cudagrade {

enum class CellState : uint8_t { kUnchecked = 0, kCorrect = 1, kWrong = 2, kUnwritten = 3 };

class TilePicture {
 public:
  // Cells start as `tile` x `tile` blocks of the matrix and grow so that the picture stays within
  // max_cells x max_cells characters.
  TilePicture(int64_t rows, int64_t cols, int64_t tile, int64_t max_cells = 64);

  void mark(int64_t row, int64_t col, CellState state);
  std::string render() const;

  int64_t cell_rows() const { return cell_rows_; }
  int64_t cell_cols() const { return cell_cols_; }

 private:
  int64_t rows_, cols_;
  int64_t cell_height_, cell_width_;
  int64_t cell_rows_, cell_cols_;
  std::vector<CellState> cells_;
};

}  // namespace cudagrade
