#include "check/tile_picture.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("a missing boundary check shows as the last tile row and column", "[picture]") {
  // 40 x 40 with 16 x 16 tiles: 3 x 3 cells, the last row and column partial.
  TilePicture picture(40, 40, 16);
  for (int64_t r = 0; r < 40; ++r) {
    for (int64_t c = 0; c < 40; ++c) picture.mark(r, c, r >= 32 || c >= 32 ? CellState::kWrong : CellState::kCorrect);
  }
  CHECK(picture.render() ==
        "tiles of 16 x 16 elements ('.' right, 'X' wrong, '?' never written, ' ' not checked):\n"
        "  |..X|\n"
        "  |..X|\n"
        "  |XXX|\n");
}

TEST_CASE("a cell shows the worst state of its elements, unchecked cells stay blank", "[picture]") {
  TilePicture picture(32, 32, 16);
  picture.mark(0, 0, CellState::kCorrect);
  picture.mark(0, 1, CellState::kUnwritten);
  picture.mark(0, 2, CellState::kWrong);  // less severe than never written
  picture.mark(20, 0, CellState::kCorrect);
  CHECK(picture.render().substr(picture.render().find('\n') + 1) == "  |? |\n  |. |\n");
}

TEST_CASE("large matrices fold whole tiles into cells so the picture stays small", "[picture]") {
  TilePicture picture(4096, 4096, 16, 64);
  CHECK(picture.cell_rows() == 64);
  CHECK(picture.cell_cols() == 64);
  TilePicture tall(4096, 7, 16, 64);
  CHECK(tall.cell_rows() == 64);
  CHECK(tall.cell_cols() == 1);
}

}  // namespace
}  // namespace cudagrade
