#include "model/downsize.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("downsized sides keep their remainder modulo the tile", "[model]") {
  // 4096 * 0.25 = 1024, a multiple of 16; 1000 * 0.25 = 250 -> 240 + 1000 % 16 (8) = 248.
  CHECK(scale_sides_keeping_remainder({4096, 1000}, 0.25, 16) == std::vector<int64_t>{1024, 248});
  // 8191 = 127 * 64 + 63: scaled to 2047 -> 1984 + 63.
  CHECK(scale_sides_keeping_remainder({8191}, 0.25, 64) == std::vector<int64_t>{2047});
}

TEST_CASE("a downsized side is at least its remainder, or 1, and never more than the side", "[model]") {
  // 17 * 0.01 rounds to 0 tiles: the remainder 1 alone. 16 * 0.01: no remainder, so 1.
  CHECK(scale_sides_keeping_remainder({17, 16}, 0.01, 16) == std::vector<int64_t>{1, 1});
  // 33 * 0.99 = 32.67 -> 32 + 1 = 33, the side itself, not more.
  CHECK(scale_sides_keeping_remainder({33}, 0.99, 16) == std::vector<int64_t>{33});
}

}  // namespace
}  // namespace cudagrade
