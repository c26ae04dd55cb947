#include "labdef/sparse_generator.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

namespace cudagrade {
namespace {

std::vector<uint32_t> offsets_of(const CsrShape& shape, uint64_t seed = 11) {
  std::vector<uint32_t> offsets(static_cast<size_t>(shape.rows + 1));
  SplitMix64 random(seed);
  fill_csr_offsets(shape, random, offsets);
  return offsets;
}

std::vector<int64_t> lengths_of(const std::vector<uint32_t>& offsets) {
  std::vector<int64_t> lengths;
  for (size_t r = 0; r + 1 < offsets.size(); ++r) lengths.push_back(int64_t{offsets[r + 1]} - offsets[r]);
  return lengths;
}

TEST_CASE("csr offsets start at 0, end at nnz, never fall, and keep every row within cols", "[labdef][sparse]") {
  const CsrShape shape{1000, 300, 20000, 0.1, 1.0, 250};
  const std::vector<uint32_t> offsets = offsets_of(shape);
  REQUIRE(offsets.front() == 0);
  REQUIRE(offsets.back() == 20000);
  const std::vector<int64_t> lengths = lengths_of(offsets);
  CHECK(*std::min_element(lengths.begin(), lengths.end()) == 0);
  CHECK(*std::max_element(lengths.begin(), lengths.end()) <= 300);
  // About a tenth of the rows are empty by choice, and the log-normal spread leaves rows of unequal lengths.
  const auto empty = std::count(lengths.begin(), lengths.end(), 0);
  CHECK(empty >= 100);
  CHECK(empty < 200);
  std::vector<int64_t> sorted = lengths;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted[900] > 2 * sorted[500]);
}

TEST_CASE("csr offsets hold the long row the declaration asks for", "[labdef][sparse]") {
  const std::vector<int64_t> lengths = lengths_of(offsets_of({4096, 100000, 4096 * 32, 0.0, 0.5, 50000}));
  CHECK(*std::max_element(lengths.begin(), lengths.end()) >= 50000);
  // Without one, no row is near it.
  const std::vector<int64_t> even = lengths_of(offsets_of({4096, 100000, 4096 * 8, 0.0, 0.0, 0}));
  CHECK(*std::max_element(even.begin(), even.end()) <= 9);
}

TEST_CASE("csr offsets fill a matrix to the last entry when nnz is rows x cols", "[labdef][sparse]") {
  const std::vector<int64_t> lengths = lengths_of(offsets_of({7, 5, 35, 0.5, 2.0, 5}));
  for (int64_t length : lengths) REQUIRE(length == 5);
}

TEST_CASE("a single row takes every entry, and a seed gives the same matrix every time", "[labdef][sparse]") {
  CHECK(offsets_of({1, 10, 7, 0.9, 1.0, 0}) == std::vector<uint32_t>{0, 7});
  const CsrShape shape{500, 500, 5000, 0.05, 1.0, 100};
  CHECK(offsets_of(shape, 3) == offsets_of(shape, 3));
  CHECK(offsets_of(shape, 3) != offsets_of(shape, 4));
}

TEST_CASE("csr columns are distinct and ascending in every row, sparse or dense", "[labdef][sparse]") {
  const CsrShape shape{300, 64, 6000, 0.1, 1.5, 64};
  const std::vector<uint32_t> offsets = offsets_of(shape);
  std::vector<uint32_t> columns(6000);
  SplitMix64 random(5);
  REQUIRE_FALSE(fill_csr_columns(offsets, 64, random, columns));
  bool some_dense = false;
  for (size_t r = 0; r + 1 < offsets.size(); ++r) {
    const auto begin = columns.begin() + offsets[r], end = columns.begin() + offsets[r + 1];
    REQUIRE(std::adjacent_find(begin, end, [](uint32_t a, uint32_t b) { return a >= b; }) == end);
    REQUIRE(std::all_of(begin, end, [](uint32_t c) { return c < 64; }));
    some_dense |= end - begin > 32;  // chosen by selection sampling, not by drawing
  }
  CHECK(some_dense);
}

TEST_CASE("csr columns refuse offsets that do not delimit them", "[labdef][sparse]") {
  std::vector<uint32_t> columns(10);
  SplitMix64 random(1);
  const std::vector<uint32_t> short_total{0, 4, 8};
  CHECK(fill_csr_columns(short_total, 16, random, columns).value_or("").find("end at 8") != std::string::npos);
  const std::vector<uint32_t> falling{0, 6, 4, 10};
  CHECK(fill_csr_columns(falling, 16, random, columns).value_or("").find("row 1") != std::string::npos);
  const std::vector<uint32_t> too_long{0, 10};
  CHECK(fill_csr_columns(too_long, 8, random, columns).value_or("").find("row 0 of the offsets has 10") !=
        std::string::npos);
}

}  // namespace
}  // namespace cudagrade
