#include "check/tile_picture.h"

#include <fmt/format.h>

#include <algorithm>

namespace cudagrade {
namespace {

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// Cells grow in whole tiles so that every character still lines up with the student's tile grid.
int64_t cell_extent(int64_t length, int64_t tile, int64_t max_cells) {
  int64_t tiles_per_cell = ceil_div(ceil_div(length, tile), max_cells);
  return tile * std::max<int64_t>(tiles_per_cell, 1);
}

char symbol(CellState state) {
  switch (state) {
    case CellState::kCorrect: return '.';
    case CellState::kWrong: return 'X';
    case CellState::kUnwritten: return '?';
    case CellState::kUnchecked: break;
  }
  return ' ';
}

}  // namespace

TilePicture::TilePicture(int64_t rows, int64_t cols, int64_t tile, int64_t max_cells)
    : rows_(rows),
      cols_(cols),
      cell_height_(cell_extent(rows, tile, max_cells)),
      cell_width_(cell_extent(cols, tile, max_cells)),
      cell_rows_(ceil_div(rows, cell_height_)),
      cell_cols_(ceil_div(cols, cell_width_)),
      cells_(static_cast<size_t>(cell_rows_ * cell_cols_), CellState::kUnchecked) {}

void TilePicture::mark(int64_t row, int64_t col, CellState state) {
  CellState& cell = cells_[static_cast<size_t>((row / cell_height_) * cell_cols_ + col / cell_width_)];
  cell = std::max(cell, state);  // a cell shows the worst of its elements
}

std::string TilePicture::render() const {
  std::string picture = fmt::format(
      "tiles of {} x {} elements ('.' right, 'X' wrong, '?' never written, ' ' not "
      "checked):\n",
      cell_height_, cell_width_);
  for (int64_t r = 0; r < cell_rows_; ++r) {
    picture += "  |";
    for (int64_t c = 0; c < cell_cols_; ++c) picture += symbol(cells_[static_cast<size_t>(r * cell_cols_ + c)]);
    picture += "|\n";
  }
  return picture;
}

}  // namespace cudagrade
