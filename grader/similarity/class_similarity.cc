#include "similarity/class_similarity.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace cudagrade {
namespace {

using HashSet = std::unordered_set<uint64_t>;

struct Prepared {
  std::vector<CudaToken> tokens;
  std::vector<uint64_t> kgrams;
  std::vector<bool> from_skeleton;  // per token: inside a run of k tokens the skeleton has too
  std::vector<uint64_t> own;  // distinct own fingerprints, sorted
};

// Which tokens lie in a k-gram of the skeleton's.
std::vector<bool> skeleton_tokens(const std::vector<uint64_t>& kgrams, size_t tokens, const HashSet& skeleton, int k) {
  std::vector<bool> covered(tokens, false);
  for (size_t i = 0; i < kgrams.size(); ++i) {
    if (skeleton.count(kgrams[i]) == 0) continue;
    std::fill(covered.begin() + static_cast<std::ptrdiff_t>(i), covered.begin() + static_cast<std::ptrdiff_t>(i) + k, true);
  }
  return covered;
}

// A fingerprint is the student's own when most of its k tokens are: one that only straddles the edge of the
// skeleton's code (a line added to the starter file) would otherwise make the skeleton's neighbours look shared.
bool mostly_own(const Prepared& file, const Fingerprint& fingerprint, int k) {
  int skeleton = 0;
  for (int t = fingerprint.first_token; t < fingerprint.first_token + k; ++t) {
    skeleton += file.from_skeleton[static_cast<size_t>(t)] ? 1 : 0;
  }
  return 2 * skeleton < k;
}

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  const size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle));
  return (lower + upper) / 2;
}

uint64_t pair_key(uint32_t a, uint32_t b) { return (static_cast<uint64_t>(a) << 32) | b; }

// The lines of `mine` inside a k-gram that `theirs` has too and that is no one's common code.
std::vector<int> matched_lines(const Prepared& mine, const HashSet& theirs, const HashSet& excluded, int k) {
  std::set<int> lines;
  for (size_t i = 0; i < mine.kgrams.size(); ++i) {
    const uint64_t hash = mine.kgrams[i];
    if (theirs.count(hash) == 0 || excluded.count(hash) != 0) continue;
    for (size_t t = i; t < i + static_cast<size_t>(k); ++t) {
      if (!mine.from_skeleton[t]) lines.insert(mine.tokens[t].line);
    }
  }
  return {lines.begin(), lines.end()};
}

void mark_regions(SimilarPair& pair, const std::vector<Prepared>& prepared, const HashSet& excluded, int k) {
  const Prepared& a = prepared[static_cast<size_t>(pair.a)];
  const Prepared& b = prepared[static_cast<size_t>(pair.b)];
  pair.lines_a = matched_lines(a, HashSet(b.kgrams.begin(), b.kgrams.end()), excluded, k);
  pair.lines_b = matched_lines(b, HashSet(a.kgrams.begin(), a.kgrams.end()), excluded, k);
}

// Scores of every compared pair, the ones sharing nothing as zeros, for the class's median and MAD.
void describe_distribution(ClassSimilarity& result) {
  std::vector<double> scores;
  for (const SimilarPair& pair : result.pairs) scores.push_back(pair.score);
  const long long zeros = result.compared_pairs - static_cast<long long>(scores.size());
  scores.insert(scores.end(), static_cast<size_t>(std::max(0LL, zeros)), 0.0);
  result.median = median_of(scores);
  for (double& score : scores) score = std::abs(score - result.median);
  result.mad = median_of(scores);
  result.relative = result.compared_pairs >= kMinPairsForDistribution;
  const double relative_bar = result.median + result.settings.outlier_mads * 1.4826 * result.mad;
  result.bar = result.relative ? std::max(result.settings.floor, relative_bar) : result.settings.floor;
}

}  // namespace

int ClassSimilarity::flagged_count() const {
  return static_cast<int>(std::count_if(pairs.begin(), pairs.end(), [](const SimilarPair& pair) { return pair.flagged; }));
}

ClassSimilarity class_similarity(const std::vector<SimilarityInput>& inputs, const std::string& skeleton,
                                 const SimilaritySettings& settings) {
  const int k = settings.winnowing.k;
  ClassSimilarity result;
  result.settings = settings;

  const std::vector<uint64_t> skeleton_kgrams = kgram_hashes(cuda_tokens(skeleton), k);
  const HashSet skeleton_set(skeleton_kgrams.begin(), skeleton_kgrams.end());
  result.skeleton_kgrams = static_cast<int>(skeleton_set.size());

  // Each file's distinct fingerprints that are not the skeleton's, and the index of which files hold each.
  std::vector<Prepared> prepared(inputs.size());
  std::unordered_map<uint64_t, std::vector<uint32_t>> holders;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Prepared& file = prepared[i];
    file.tokens = cuda_tokens(inputs[i].source);
    file.kgrams = kgram_hashes(file.tokens, k);
    file.from_skeleton = skeleton_tokens(file.kgrams, file.tokens.size(), skeleton_set, k);
    const std::vector<Fingerprint> fingerprints = winnow(file.kgrams, settings.winnowing.w);
    for (const Fingerprint& fingerprint : fingerprints) {
      if (skeleton_set.count(fingerprint.hash) == 0 && mostly_own(file, fingerprint, k)) {
        file.own.push_back(fingerprint.hash);
      }
    }
    std::sort(file.own.begin(), file.own.end());
    file.own.erase(std::unique(file.own.begin(), file.own.end()), file.own.end());
    for (uint64_t hash : file.own) holders[hash].push_back(static_cast<uint32_t>(i));
    result.files.push_back({inputs[i].id, static_cast<int>(file.tokens.size()), static_cast<int>(fingerprints.size()),
                            0, false});
  }

  // Common code: held by more files than the share allows (and by more than two, or no pair could match).
  const double common_limit = std::max(2.0, settings.common_share * static_cast<double>(inputs.size()));
  HashSet common;
  for (const auto& [hash, files] : holders) {
    if (static_cast<double>(files.size()) > common_limit) common.insert(hash);
  }
  result.common_fingerprints = static_cast<int>(common.size());
  int compared_files = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Prepared& file = prepared[i];
    file.own.erase(std::remove_if(file.own.begin(), file.own.end(), [&](uint64_t hash) { return common.count(hash) != 0; }),
                   file.own.end());
    result.files[i].own_fingerprints = static_cast<int>(file.own.size());
    result.files[i].compared = result.files[i].own_fingerprints >= settings.min_own_fingerprints;
    compared_files += result.files[i].compared ? 1 : 0;
  }
  result.compared_pairs = static_cast<long long>(compared_files) * (compared_files - 1) / 2;

  // Shared counts from the index: each fingerprint adds one to every pair of the files holding it.
  std::unordered_map<uint64_t, int> shared;
  for (const auto& [hash, files] : holders) {
    if (common.count(hash) != 0) continue;
    for (size_t x = 0; x < files.size(); ++x) {
      if (!result.files[files[x]].compared) continue;
      for (size_t y = x + 1; y < files.size(); ++y) {
        if (result.files[files[y]].compared) ++shared[pair_key(files[x], files[y])];
      }
    }
  }
  for (const auto& [key, count] : shared) {
    SimilarPair pair;
    pair.a = static_cast<int>(key >> 32);
    pair.b = static_cast<int>(key & 0xffffffffu);
    pair.shared = count;
    pair.share_a = static_cast<double>(count) / result.files[static_cast<size_t>(pair.a)].own_fingerprints;
    pair.share_b = static_cast<double>(count) / result.files[static_cast<size_t>(pair.b)].own_fingerprints;
    pair.score = std::max(pair.share_a, pair.share_b);
    result.pairs.push_back(pair);
  }
  std::sort(result.pairs.begin(), result.pairs.end(), [](const SimilarPair& x, const SimilarPair& y) {
    if (x.score != y.score) return x.score > y.score;
    return std::tie(x.a, x.b) < std::tie(y.a, y.b);
  });

  describe_distribution(result);
  HashSet excluded = skeleton_set;
  excluded.insert(common.begin(), common.end());
  int marked = 0;
  for (SimilarPair& pair : result.pairs) {
    pair.flagged = pair.score >= result.bar && (!result.relative || pair.score > result.median);
    if (pair.flagged && marked < settings.marked_pairs) {
      mark_regions(pair, prepared, excluded, k);
      pair.marked = true;
      ++marked;
    }
  }
  return result;
}

}  // namespace cudagrade
