// How a lab shrinks a test case's sides for the CPU simulator (Lab::simulator_size): the same factor on every
// side, each side keeping its remainder modulo the lab's tile, so a shape that is not a multiple of the tile
// stays one and a boundary case keeps its ragged edge.
#pragma once

#include <cstdint>
#include <vector>

namespace cudagrade {

// Every side times `scale` (below 1), rounded down to a multiple of `tile`, plus the side's own remainder
// modulo `tile`; never more than the side, never less than that remainder (or 1).
std::vector<int64_t> scale_sides_keeping_remainder(const std::vector<int64_t>& sides, double scale, int64_t tile);

}  // namespace cudagrade
