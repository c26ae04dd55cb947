#include "core/random.h"

#include <catch2/catch.hpp>

#include <vector>

namespace cudagrade {

TEST_CASE("filling in parallel gives the words and the end state of a loop in order", "[random]") {
  // Sizes around the chunk of 2^20 words, where a wrong jump ahead would show.
  for (size_t size : {size_t{0}, size_t{5}, size_t{1} << 20, (size_t{1} << 21) + 3}) {
    SplitMix64 in_order(42), in_parallel(42);
    std::vector<uint32_t> expected(size), got(size);
    for (uint32_t& word : expected) word = static_cast<uint32_t>(in_order.small_integer());
    fill_in_parallel(size, in_parallel,
                     [&](size_t i, SplitMix64& draws) { got[i] = static_cast<uint32_t>(draws.small_integer()); });
    CHECK(got == expected);
    CHECK(in_parallel.next() == in_order.next());
  }
}

TEST_CASE("a generator jumped ahead is where that many draws would leave it", "[random]") {
  SplitMix64 stepped(7);
  for (int i = 0; i < 1000; ++i) stepped.next();
  CHECK(SplitMix64(7).ahead(1000).next() == stepped.next());
}

}  // namespace cudagrade
