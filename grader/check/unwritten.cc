#include "check/unwritten.h"

#include <algorithm>
#include <atomic>

#include "core/parallel.h"

namespace cudagrade {

int64_t count_unwritten(const Elements& output) {
  if (!poison_marks_unwritten(output.type())) return 0;
  const uint64_t poison = poison_bits(output.type());
  constexpr int64_t kChunk = 1 << 20;
  const int64_t size = static_cast<int64_t>(output.size());
  std::atomic<int64_t> unwritten{0};
  with_element_width(output.width(), [&]<typename Bits>() {
    parallel_for((size + kChunk - 1) / kChunk, [&](int64_t chunk) {
      int64_t found = 0;
      for (int64_t i = chunk * kChunk; i < std::min(size, (chunk + 1) * kChunk); ++i) {
        found += load_as<Bits>(output.data(), static_cast<size_t>(i)) == static_cast<Bits>(poison);
      }
      unwritten += found;
    });
  });
  return unwritten;
}

}  // namespace cudagrade
