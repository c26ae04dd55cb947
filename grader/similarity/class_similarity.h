// Which pairs of a class's files are unusually similar: a hint for a person to look at, never a grade.
//
// Each file is tokenised (cuda_tokens.h: names and literals normalised, comments and preprocessor lines
// dropped) and winnowed (winnowing.h). Fingerprints that the lab's skeleton file also has (any of its
// k-grams), or whose tokens lie mostly in runs the skeleton has, are dropped, and so are those more than
// `common_share` of the class has (code everyone writes, the lecture's); what is left is each file's own code. An index from
// fingerprint to the files holding it gives every pair's shared count without comparing files pairwise.
//
// A pair's score is its shared fingerprints over the smaller file's own ones (the share of the smaller file
// found in the other; both shares are kept). A pair is flagged when its score reaches the absolute floor AND
// stands out from the class: above median + outlier_mads x 1.4826 x MAD of all compared pairs' scores (a
// robust z-score; pairs sharing nothing count as 0). A class of fewer than kMinPairsForDistribution pairs has
// no distribution to speak of, and the floor alone decides. A class that all copied one source flags nothing
// by the relative rule: what everybody has is the class's common code.
//
// Cost, for n files of T tokens in all: tokenising and winnowing O(T); the index O(F) for F fingerprints
// (about 2T / (w + 1)); counting shared fingerprints O(sum over fingerprints of p^2), p the files holding one,
// at most O(F x common_share x n) and in practice near O(F); the scores O(P log P) for the P pairs that share
// anything (at most n^2 / 2). Nothing is quadratic in a file's length. The matched regions of a flagged pair
// are found afterwards, in O(its two files' tokens).
#pragma once

#include <string>
#include <vector>

#include "similarity/winnowing.h"

namespace cudagrade {

struct SimilarityInput {
  std::string id;  // the student
  std::string source;
};

struct SimilaritySettings {
  WinnowingParameters winnowing;
  double floor = 0.6;          // no pair with a score below this is flagged, however the class looks
  double outlier_mads = 3.5;   // how far above the class's median, in robust standard deviations
  double common_share = 0.5;   // a fingerprint more files than this share hold (and more than 2) is common code
  int min_own_fingerprints = 6;  // a file with less code of its own than this is not compared (skeleton only)
  // The flagged pairs, highest first, whose matched lines are found to be shown side by side: a person reads
  // a few dozen, and a class that copied wholesale would otherwise fill the page with thousands.
  int marked_pairs = 50;
};

inline constexpr int kMinPairsForDistribution = 10;

struct SimilarityFile {
  std::string id;
  int tokens = 0;
  int fingerprints = 0;      // winnowed
  int own_fingerprints = 0;  // distinct, without the skeleton's and the class's common ones
  bool compared = false;     // own_fingerprints >= min_own_fingerprints
};

struct SimilarPair {
  int a = 0;  // indices into the inputs; a < b
  int b = 0;
  int shared = 0;        // own fingerprints both files hold
  double share_a = 0;    // shared / a's own fingerprints
  double share_b = 0;
  double score = 0;      // the larger share: the smaller file's share found in the other
  bool flagged = false;
  // The first marked_pairs flagged pairs only: the lines (1-based, ascending) of each file inside a run of k
  // tokens the other file has too, neither from the skeleton nor common to the class.
  bool marked = false;
  std::vector<int> lines_a;
  std::vector<int> lines_b;
};

struct ClassSimilarity {
  SimilaritySettings settings;
  std::vector<SimilarityFile> files;  // as the inputs
  std::vector<SimilarPair> pairs;     // every compared pair sharing anything, highest score first
  long long compared_pairs = 0;       // pairs of compared files, those sharing nothing included
  double median = 0;                  // of all compared pairs' scores
  double mad = 0;                     // their median absolute deviation
  double bar = 0;                     // the score a pair must reach: max(floor, the relative bar)
  bool relative = false;              // whether the class was large enough for the relative bar
  int skeleton_kgrams = 0;            // distinct k-grams of the skeleton, discounted
  int common_fingerprints = 0;        // distinct fingerprints dropped as common to the class

  int flagged_count() const;
};

// `skeleton` is the lab's starter file (empty when there is none).
ClassSimilarity class_similarity(const std::vector<SimilarityInput>& inputs, const std::string& skeleton,
                                 const SimilaritySettings& settings = {});

}  // namespace cudagrade
