#include "similarity/winnowing.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

namespace cudagrade {
namespace {

std::vector<CudaToken> stream(const std::vector<std::string>& texts) {
  std::vector<CudaToken> tokens;
  for (const std::string& text : texts) tokens.push_back({text, 1});
  return tokens;
}

std::vector<CudaToken> random_stream(std::mt19937& random, size_t length) {
  static const std::vector<std::string> alphabet = {"ID", "NUM", "=", "+", "*", "[", "]", "(", ")", ";", "{", "}",
                                                    "for", "if", "int", "float", "<", "__syncthreads", "threadIdx"};
  std::vector<std::string> texts;
  for (size_t i = 0; i < length; ++i) texts.push_back(alphabet[random() % alphabet.size()]);
  return stream(texts);
}

TEST_CASE("every run of k tokens is hashed, in order, and the order of the tokens counts", "[similarity]") {
  const auto tokens = stream({"a", "b", "c", "d", "e"});
  CHECK(kgram_hashes(tokens, 3).size() == 3);
  CHECK(kgram_hashes(tokens, 5).size() == 1);
  CHECK(kgram_hashes(tokens, 6).empty());
  CHECK(kgram_hashes(stream({"a", "b"}), 2) != kgram_hashes(stream({"b", "a"}), 2));
  CHECK(kgram_hashes(stream({"x", "a", "b"}), 2)[1] == kgram_hashes(stream({"a", "b", "y"}), 2)[0]);
}

TEST_CASE("winnowing keeps each window's rightmost minimum, once", "[similarity]") {
  // The paper's example shape: windows of 4 over these hashes.
  const std::vector<uint64_t> hashes = {77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98};
  std::vector<int> positions;
  std::vector<uint64_t> kept;
  for (const Fingerprint& fingerprint : winnow(hashes, 4)) {
    positions.push_back(fingerprint.first_token);
    kept.push_back(fingerprint.hash);
  }
  CHECK(kept == std::vector<uint64_t>{17, 17, 8, 39, 17});
  CHECK(positions == std::vector<int>{3, 6, 8, 11, 15});
}

TEST_CASE("a stream shorter than a window keeps its smallest k-gram", "[similarity]") {
  const std::vector<Fingerprint> kept = winnow({5, 3, 9}, 8);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].hash == 3);
  CHECK(winnow({}, 4).empty());
}

TEST_CASE("two streams sharing a run of w + k - 1 tokens always share a fingerprint", "[similarity]") {
  const WinnowingParameters parameters;
  std::mt19937 random(18);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<CudaToken> shared = random_stream(random, static_cast<size_t>(parameters.k + parameters.w - 1));
    std::vector<CudaToken> a = random_stream(random, 40);
    std::vector<CudaToken> b = random_stream(random, 25);
    a.insert(a.begin() + 17, shared.begin(), shared.end());
    b.insert(b.begin() + 3, shared.begin(), shared.end());
    std::set<uint64_t> in_a;
    for (const Fingerprint& fingerprint : winnow(kgram_hashes(a, parameters.k), parameters.w)) in_a.insert(fingerprint.hash);
    bool found = false;
    for (const Fingerprint& fingerprint : winnow(kgram_hashes(b, parameters.k), parameters.w)) {
      found = found || in_a.count(fingerprint.hash) != 0;
    }
    INFO("trial " << trial);
    REQUIRE(found);
  }
}

TEST_CASE("winnowing keeps about 2 / (w + 1) of the k-grams", "[similarity]") {
  const WinnowingParameters parameters;
  std::mt19937 random(7);
  const std::vector<uint64_t> hashes = kgram_hashes(random_stream(random, 20000), parameters.k);
  const double density = static_cast<double>(winnow(hashes, parameters.w).size()) / static_cast<double>(hashes.size());
  CHECK(density == Approx(2.0 / (parameters.w + 1)).epsilon(0.1));
}

}  // namespace
}  // namespace cudagrade
