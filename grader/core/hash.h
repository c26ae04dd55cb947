// FNV-1a, 64 bits: a fast, stable hash of bytes for cache keys, folder names and content fingerprints.
// Not a cryptographic hash: wherever a collision could matter, the caller compares the bytes too.
#pragma once

#include <cstdint>
#include <string>

namespace cudagrade {

uint64_t fnv1a(const std::string& bytes, uint64_t hash = 1469598103934665603ull);

}  // namespace cudagrade
