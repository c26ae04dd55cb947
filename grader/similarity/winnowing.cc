#include "similarity/winnowing.h"

#include <deque>
#include <string>

#include "core/hash.h"

namespace cudagrade {

std::vector<uint64_t> kgram_hashes(const std::vector<CudaToken>& tokens, int k) {
  std::vector<uint64_t> token_hashes;
  token_hashes.reserve(tokens.size());
  for (const CudaToken& token : tokens) token_hashes.push_back(fnv1a(token.text));
  std::vector<uint64_t> hashes;
  if (k <= 0 || tokens.size() < static_cast<size_t>(k)) return hashes;
  // Each k-gram's hash is computed afresh: k is small, and an FNV-style mix of the token hashes keeps the
  // order of the tokens in the hash (a rolling sum would not tell "a b" from "b a").
  for (size_t begin = 0; begin + static_cast<size_t>(k) <= token_hashes.size(); ++begin) {
    uint64_t hash = 1469598103934665603ull;
    for (size_t i = begin; i < begin + static_cast<size_t>(k); ++i) {
      hash ^= token_hashes[i];
      hash *= 1099511628211ull;
      hash ^= hash >> 29;
    }
    hashes.push_back(hash);
  }
  return hashes;
}

std::vector<Fingerprint> winnow(const std::vector<uint64_t>& hashes, int w) {
  std::vector<Fingerprint> kept;
  if (hashes.empty() || w <= 0) return kept;
  const size_t window = std::min(static_cast<size_t>(w), hashes.size());
  // A deque of positions whose hashes increase from front to back (ties keep the later one): its front is the
  // window's rightmost minimum, so the whole pass is linear in the number of k-grams.
  std::deque<size_t> candidates;
  int last_kept = -1;
  for (size_t i = 0; i < hashes.size(); ++i) {
    while (!candidates.empty() && hashes[candidates.back()] >= hashes[i]) candidates.pop_back();
    candidates.push_back(i);
    if (candidates.front() + window <= i) candidates.pop_front();
    if (i + 1 < window) continue;
    const size_t minimum = candidates.front();
    if (static_cast<int>(minimum) != last_kept) {
      kept.push_back({hashes[minimum], static_cast<int>(minimum)});
      last_kept = static_cast<int>(minimum);
    }
  }
  return kept;
}

}  // namespace cudagrade
