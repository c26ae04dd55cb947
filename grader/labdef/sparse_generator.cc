#include "labdef/sparse_generator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "core/parallel.h"

namespace cudagrade {
namespace {

double standard_normal(SplitMix64& random) {
  const double u1 = 1.0 - random.unit();  // (0, 1]
  const double u2 = random.unit();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

// Which rows may hold entries: all but a random `empty` fraction, and at least one.
std::vector<char> rows_with_entries(const CsrShape& shape, SplitMix64& random) {
  std::vector<int64_t> order(static_cast<size_t>(shape.rows));
  std::iota(order.begin(), order.end(), 0);
  const int64_t empty =
      std::min<int64_t>(shape.rows - 1, static_cast<int64_t>(shape.empty * static_cast<double>(shape.rows)));
  std::vector<char> holds(static_cast<size_t>(shape.rows), 1);
  for (int64_t i = 0; i < empty; ++i) {  // a partial Fisher-Yates: the first `empty` of a random order
    std::swap(
        order[static_cast<size_t>(i)],
        order[static_cast<size_t>(i + static_cast<int64_t>(random.next() % static_cast<uint64_t>(shape.rows - i)))]);
    holds[static_cast<size_t>(order[static_cast<size_t>(i)])] = 0;
  }
  return holds;
}

// `total` entries over the rows that hold any, in proportion to log-normal weights; the fractions left by
// rounding go one each to rows from a random start.
void share_out(int64_t total, const std::vector<char>& holds, const CsrShape& shape, SplitMix64& random,
               std::vector<int64_t>& lengths) {
  std::vector<double> weights(lengths.size(), 0.0);
  double sum = 0;
  for (size_t r = 0; r < lengths.size(); ++r) {
    if (holds[r]) sum += weights[r] = std::exp(shape.spread * standard_normal(random));
  }
  int64_t given = 0;
  for (size_t r = 0; r < lengths.size(); ++r) {
    const auto share = static_cast<int64_t>(std::floor(static_cast<double>(total) * weights[r] / sum));
    lengths[r] += share;
    given += share;
  }
  const size_t start = static_cast<size_t>(random.next() % lengths.size());
  for (size_t step = 0; given < total; ++step) {
    const size_t r = (start + step) % lengths.size();
    if (holds[r]) ++lengths[r], ++given;
  }
}

// No row longer than cols: the excess goes to rows with room, those meant to hold entries first.
void cap_rows(const CsrShape& shape, const std::vector<char>& holds, std::vector<int64_t>& lengths) {
  int64_t excess = 0;
  for (int64_t& length : lengths) {
    if (length > shape.cols) excess += length - shape.cols, length = shape.cols;
  }
  for (int pass = 0; pass < 2 && excess > 0; ++pass) {
    for (size_t r = 0; r < lengths.size() && excess > 0; ++r) {
      if (pass == 0 && !holds[r]) continue;
      const int64_t room = std::min(excess, shape.cols - lengths[r]);
      lengths[r] += room;
      excess -= room;
    }
  }
}

// k distinct columns of [0, cols), ascending: drawn and deduplicated while k is under half of cols, else chosen
// by selection sampling (Knuth's algorithm S) in one pass over the columns.
void choose_columns(int64_t k, int64_t cols, SplitMix64& random, uint32_t* out) {
  if (2 * k <= cols) {
    std::vector<uint32_t> chosen;
    chosen.reserve(static_cast<size_t>(k));
    while (static_cast<int64_t>(chosen.size()) < k) {
      const int64_t missing = k - static_cast<int64_t>(chosen.size());
      for (int64_t i = 0; i < missing; ++i)
        chosen.push_back(static_cast<uint32_t>(random.next() % static_cast<uint64_t>(cols)));
      std::sort(chosen.begin(), chosen.end());
      chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
    }
    std::copy(chosen.begin(), chosen.end(), out);
    return;
  }
  int64_t needed = k;
  for (int64_t c = 0; c < cols && needed > 0; ++c) {
    if (random.unit() * static_cast<double>(cols - c) < static_cast<double>(needed)) {
      *out++ = static_cast<uint32_t>(c);
      --needed;
    }
  }
}

}  // namespace

void fill_csr_offsets(const CsrShape& shape, SplitMix64& random, std::span<uint32_t> offsets) {
  std::vector<int64_t> lengths(static_cast<size_t>(shape.rows), 0);
  const std::vector<char> holds = rows_with_entries(shape, random);
  int64_t remaining = shape.nnz;
  if (shape.long_row > 0) {
    std::vector<size_t> candidates;
    for (size_t r = 0; r < holds.size(); ++r) {
      if (holds[r]) candidates.push_back(r);
    }
    const size_t long_row = candidates[static_cast<size_t>(random.next() % candidates.size())];
    lengths[long_row] = std::min({shape.long_row, shape.cols, shape.nnz});
    remaining -= lengths[long_row];
  }
  if (remaining > 0) share_out(remaining, holds, shape, random, lengths);
  cap_rows(shape, holds, lengths);
  offsets[0] = 0;
  for (size_t r = 0; r < lengths.size(); ++r) offsets[r + 1] = static_cast<uint32_t>(offsets[r] + lengths[r]);
}

std::optional<std::string> fill_csr_columns(std::span<const uint32_t> offsets, int64_t cols, SplitMix64& random,
                                            std::span<uint32_t> columns) {
  const int64_t rows = static_cast<int64_t>(offsets.size()) - 1;
  if (rows < 0 || offsets[0] != 0 || offsets.back() != columns.size()) {
    return fmt::format("the row offsets end at {}, but the column indices hold {}",
                       offsets.empty() ? 0 : offsets.back(), columns.size());
  }
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t length = static_cast<int64_t>(offsets[static_cast<size_t>(r + 1)]) - offsets[static_cast<size_t>(r)];
    if (length < 0 || length > cols)
      return fmt::format("row {} of the offsets has {} entries, with {} columns", r, length, cols);
  }
  const uint64_t base = random.next();
  constexpr int64_t kRowsPerChunk = 4096;
  parallel_for((rows + kRowsPerChunk - 1) / kRowsPerChunk, [&](int64_t chunk) {
    for (int64_t r = chunk * kRowsPerChunk; r < std::min(rows, (chunk + 1) * kRowsPerChunk); ++r) {
      SplitMix64 row_random(base + static_cast<uint64_t>(r) * 0xD1B54A32D192ED03ull);  // one stream a row
      const uint32_t begin = offsets[static_cast<size_t>(r)], end = offsets[static_cast<size_t>(r + 1)];
      choose_columns(end - begin, cols, row_random, columns.data() + begin);
    }
  });
  return std::nullopt;
}

}  // namespace cudagrade
