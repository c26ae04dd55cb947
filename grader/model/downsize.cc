#include "model/downsize.h"

#include <algorithm>

namespace cudagrade {

std::vector<int64_t> scale_sides_keeping_remainder(const std::vector<int64_t>& sides, double scale, int64_t tile) {
  std::vector<int64_t> smaller;
  smaller.reserve(sides.size());
  for (int64_t side : sides) {
    const int64_t remainder = side % tile;
    const int64_t scaled = static_cast<int64_t>(static_cast<double>(side) * scale) / tile * tile + remainder;
    smaller.push_back(std::max<int64_t>(std::min(scaled, side), std::max<int64_t>(remainder, 1)));
  }
  return smaller;
}

}  // namespace cudagrade
