// Winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for document fingerprinting",
// SIGMOD 2003; the algorithm behind MOSS), over a token stream (similarity/cuda_tokens.h) rather than
// characters. Every run of k tokens is hashed; of each window of w consecutive k-gram hashes the smallest is
// kept (the rightmost, when several tie), each position once. Two files then share a fingerprint for every
// common run of at least w + k - 1 tokens (the guarantee), and no common run shorter than k tokens counts
// (the noise threshold). Kept fingerprints are about 2 / (w + 1) of all k-grams.
#pragma once

#include <cstdint>
#include <vector>

#include "similarity/cuda_tokens.h"

namespace cudagrade {

struct WinnowingParameters {
  int k = 12;  // tokens a k-gram: a shorter run in common is noise (one statement is about 10 tokens)
  int w = 8;   // k-grams a window: any common run of k + w - 1 = 19 tokens is found
};

struct Fingerprint {
  uint64_t hash = 0;
  int first_token = 0;  // the k-gram's first token in the stream; it covers [first_token, first_token + k)
};

// The hash of every k-gram, in order (tokens.size() - k + 1 of them; none for a shorter stream).
std::vector<uint64_t> kgram_hashes(const std::vector<CudaToken>& tokens, int k);

// The winnowed fingerprints of `hashes` (from kgram_hashes), in order of position. A stream with fewer than w
// k-grams keeps its smallest one, so that a short file still has a fingerprint.
std::vector<Fingerprint> winnow(const std::vector<uint64_t>& hashes, int w);

}  // namespace cudagrade
