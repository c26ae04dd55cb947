#include "similarity/class_similarity.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <regex>
#include <set>

#include "core/files.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

std::string project_file(const std::string& relative) {
  return read_file(fs::path(CUDAGRADE_SOURCE_ROOT) / relative);
}

std::string skeleton() { return project_file("skeleton/matmul/matmul.cu"); }

// A student's disguise of a file: every name of their own changed, comments dropped and new ones added, the
// layout changed (braces on their own lines, other spacing) and two neighbouring statements swapped.
std::string disguise(std::string source, const std::map<std::string, std::string>& renames,
                     const std::pair<std::string, std::string>& swap) {
  const size_t first = source.find(swap.first);
  const size_t second = source.find(swap.second);
  REQUIRE(first != std::string::npos);
  REQUIRE(second == first + swap.first.size());
  source.replace(first, swap.first.size() + swap.second.size(), swap.second + swap.first);
  source = std::regex_replace(source, std::regex("//[^\n]*"), "");
  for (const auto& [from, to] : renames) source = std::regex_replace(source, std::regex("\\b" + from + "\\b"), to);
  source = std::regex_replace(source, std::regex("\\) \\{\n"), ")\n{  /* here we go */\n");
  source = std::regex_replace(source, std::regex("    "), "\t");
  source = std::regex_replace(source, std::regex(" = "), "=");
  return "// my own work, honest\n" + source;
}

std::string disguised_correct() {
  return disguise(project_file("submissions/matmul/correct.cu"),
                  {{"matmul_kernel", "mm"}, {"As", "sa"}, {"Bs", "sb"}, {"row", "r"}, {"col", "c"}, {"sum", "acc"},
                   {"ak", "ka"}, {"bk", "kb"}, {"t", "tt"}, {"TILE", "TS"}},
                  {"    int row = blockIdx.y * TILE + threadIdx.y;\n", "    int col = blockIdx.x * TILE + threadIdx.x;\n"});
}

// A class of independent files: the lecture's ladder, a student's tiled kernel, the cuBLAS call, the split-K
// mistake. Each was written on its own (the ladder's rungs share the host code's shape, little else).
std::vector<SimilarityInput> independent_class() {
  return {
      {"naive", project_file("reference/matmul/naive.cu")},
      {"tiled", project_file("reference/matmul/tiled.cu")},
      {"tiled_boundary", project_file("reference/matmul/tiled_boundary.cu")},
      {"register_tiled", project_file("reference/matmul/register_tiled.cu")},
      {"correct", project_file("submissions/matmul/correct.cu")},
      {"cublas", project_file("submissions/matmul/uses_cublas.cu")},
      {"split_k", project_file("submissions/matmul/split_k_without_atomics.cu")},
      {"host_loop", project_file("submissions/matmul/host_loop_over_device_pointers.cu")},
  };
}

const SimilarPair* pair_of(const ClassSimilarity& result, const std::string& a, const std::string& b) {
  for (const SimilarPair& pair : result.pairs) {
    const std::string& x = result.files[static_cast<size_t>(pair.a)].id;
    const std::string& y = result.files[static_cast<size_t>(pair.b)].id;
    if ((x == a && y == b) || (x == b && y == a)) return &pair;
  }
  return nullptr;
}

bool flagged(const ClassSimilarity& result, const std::string& a, const std::string& b) {
  const SimilarPair* pair = pair_of(result, a, b);
  return pair != nullptr && pair->flagged;
}

std::vector<std::string> flagged_pairs(const ClassSimilarity& result) {
  std::vector<std::string> pairs;
  for (const SimilarPair& pair : result.pairs) {
    if (pair.flagged) pairs.push_back(result.files[pair.a].id + "+" + result.files[pair.b].id);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

TEST_CASE("independent solutions of the same kernel are not flagged", "[similarity]") {
  const ClassSimilarity result = class_similarity(independent_class(), skeleton());
  INFO("bar " << result.bar << ", median " << result.median);
  CHECK(flagged_pairs(result).empty());
  // The student's tiled kernel and the lecture's tiled_boundary are the same algorithm, written apart.
  const SimilarPair* same_algorithm = pair_of(result, "correct", "tiled_boundary");
  REQUIRE(same_algorithm != nullptr);
  CHECK(same_algorithm->score < 0.4);
  CHECK(result.relative);
}

TEST_CASE("a renamed, reformatted, recommented and reordered copy is still flagged", "[similarity]") {
  std::vector<SimilarityInput> inputs = independent_class();
  inputs.push_back({"copy_of_correct", disguised_correct()});
  inputs.push_back({"copy_of_tiled_boundary", project_file("tests/data/similarity/tiled_boundary_renamed.cu")});
  const ClassSimilarity result = class_similarity(inputs, skeleton());
  CHECK(flagged_pairs(result) ==
        std::vector<std::string>{"correct+copy_of_correct", "tiled_boundary+copy_of_tiled_boundary"});
  const SimilarPair* copy = pair_of(result, "correct", "copy_of_correct");
  REQUIRE(copy != nullptr);
  CHECK(copy->score > 0.8);
  // The matched regions: the kernel's body in both, not the host's launch the skeleton already had.
  const SimilarityFile& correct = result.files[static_cast<size_t>(copy->a)];
  CHECK(correct.id == "correct");
  CHECK(std::count(copy->lines_a.begin(), copy->lines_a.end(), 17) == 1);  // As[...] = (row < M && ak < K) ? ...
  CHECK(std::count(copy->lines_a.begin(), copy->lines_a.end(), 20) == 1);  // sum += As[..][k] * Bs[k][..]
  CHECK(std::count(copy->lines_a.begin(), copy->lines_a.end(), 4) == 0);   // a comment
  CHECK(!copy->lines_b.empty());
}

TEST_CASE("the example class's disguised copy is flagged against the file it copied", "[similarity]") {
  std::vector<SimilarityInput> inputs;
  for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(CUDAGRADE_SOURCE_ROOT) / "submissions/class/matmul")) {
    if (entry.path().extension() != ".cu") continue;
    const std::string name = entry.path().filename().string();
    if (name.find("2026000004_attempt_2026-11-20") != std::string::npos) continue;  // superseded
    inputs.push_back({name.substr(5, 10), read_file(entry.path())});
  }
  std::sort(inputs.begin(), inputs.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  REQUIRE(inputs.size() == 11);
  const ClassSimilarity result = class_similarity(inputs, skeleton());
  CHECK(flagged(result, "2026000002", "2026000015"));
  // The student's own tiled kernel against the lecture's: not flagged.
  CHECK_FALSE(flagged(result, "2026000001", "2026000002"));
  CHECK_FALSE(flagged(result, "2026000003", "2026000015"));
}

TEST_CASE("skeleton code is discounted: files that are mostly the skeleton are not flagged", "[similarity]") {
  // Three students who filled in the TODO with a few different lines each and kept everything else.
  const std::string starter = skeleton();
  const std::string todo = "    // TODO: your code here.";
  auto filled = [&](const std::string& code) {
    std::string source = starter;
    source.replace(source.find(todo), todo.size(), code);
    return source;
  };
  std::vector<SimilarityInput> inputs = independent_class();
  inputs.push_back({"untouched", starter});
  inputs.push_back({"recommented", std::regex_replace(starter, std::regex("//[^\n]*"), "// done, I think")});
  inputs.push_back({"one_line", filled("    int row = blockIdx.y * blockDim.y + threadIdx.y;")});
  inputs.push_back({"two_lines", filled("    int r = blockIdx.y * blockDim.y + threadIdx.y;\n    if (r >= M) return;")});
  const ClassSimilarity with_skeleton = class_similarity(inputs, starter);
  CHECK(flagged_pairs(with_skeleton).empty());
  for (const SimilarityFile& file : with_skeleton.files) {
    // Two lines of their own are enough to compare, and differ: two_lines is compared and matches nobody.
    if (file.id == "untouched" || file.id == "recommented" || file.id == "one_line") {
      INFO(file.id);
      CHECK_FALSE(file.compared);
    }
  }
  // Without the skeleton to discount, the three would be flagged as one another's copies.
  const ClassSimilarity without = class_similarity(inputs, "");
  CHECK(flagged(without, "untouched", "recommented"));
  CHECK(flagged(without, "untouched", "one_line"));
  CHECK(flagged(without, "one_line", "two_lines"));
}

TEST_CASE("only the first marked_pairs flagged pairs get their matched lines", "[similarity]") {
  std::vector<SimilarityInput> inputs = independent_class();
  inputs.push_back({"copy_of_correct", disguised_correct()});
  inputs.push_back({"copy_of_tiled_boundary", project_file("tests/data/similarity/tiled_boundary_renamed.cu")});
  SimilaritySettings settings;
  settings.marked_pairs = 1;
  const ClassSimilarity result = class_similarity(inputs, skeleton(), settings);
  REQUIRE(result.flagged_count() == 2);
  CHECK(result.pairs[0].marked);
  CHECK(!result.pairs[0].lines_a.empty());
  CHECK(result.pairs[1].flagged);
  CHECK_FALSE(result.pairs[1].marked);
  CHECK(result.pairs[1].lines_a.empty());
}

TEST_CASE("in a class too small for a distribution the floor alone decides", "[similarity]") {
  const std::vector<SimilarityInput> pair = {{"correct", project_file("submissions/matmul/correct.cu")},
                                             {"copy", disguised_correct()}};
  const ClassSimilarity result = class_similarity(pair, skeleton());
  CHECK_FALSE(result.relative);
  CHECK(result.bar == SimilaritySettings{}.floor);
  CHECK(flagged(result, "correct", "copy"));
  SimilaritySettings strict;
  strict.floor = 1.0;
  CHECK_FALSE(flagged(class_similarity(pair, skeleton(), strict), "correct", "copy"));
}

TEST_CASE("code most of the class shares is dropped as common", "[similarity]") {
  // Five files that all hold one long common block, each with code of its own around it.
  const std::string common = project_file("reference/matmul/tiled_boundary.cu");
  std::vector<SimilarityInput> inputs;
  for (const char* other : {"naive.cu", "tiled.cu", "register_tiled.cu"}) {
    inputs.push_back({other, project_file(std::string("reference/matmul/") + other) + common});
  }
  inputs.push_back({"correct", project_file("submissions/matmul/correct.cu") + common});
  inputs.push_back({"split_k", project_file("submissions/matmul/split_k_without_atomics.cu") + common});
  const ClassSimilarity result = class_similarity(inputs, skeleton());
  CHECK(result.common_fingerprints > 20);
  CHECK(flagged_pairs(result).empty());
}

TEST_CASE("the index counts exactly the fingerprints each pair shares", "[similarity]") {
  // Against the obvious pairwise intersection, on files cut from the class's kernels and spliced together.
  std::vector<std::string> pieces;
  for (const SimilarityInput& input : independent_class()) pieces.push_back(input.source);
  std::mt19937 random(1234);
  std::vector<SimilarityInput> inputs;
  for (int i = 0; i < 30; ++i) {
    std::string source;
    for (int part = 0; part < 3; ++part) {
      const std::string& piece = pieces[random() % pieces.size()];
      const size_t begin = random() % piece.size();
      source += piece.substr(begin, std::min<size_t>(600, piece.size() - begin)) + "\n";
    }
    inputs.push_back({"s" + std::to_string(i), source});
  }
  SimilaritySettings settings;
  settings.common_share = 1.0;  // nothing common, so that the sets below are each file's whole fingerprints
  const ClassSimilarity result = class_similarity(inputs, "", settings);
  std::vector<std::set<uint64_t>> sets;
  for (const SimilarityInput& input : inputs) {
    std::set<uint64_t> hashes;
    for (const Fingerprint& fingerprint : winnow(kgram_hashes(cuda_tokens(input.source), settings.winnowing.k), settings.winnowing.w)) {
      hashes.insert(fingerprint.hash);
    }
    sets.push_back(std::move(hashes));
  }
  int checked = 0;
  for (size_t a = 0; a < inputs.size(); ++a) {
    for (size_t b = a + 1; b < inputs.size(); ++b) {
      if (!result.files[a].compared || !result.files[b].compared) continue;
      std::vector<uint64_t> both;
      std::set_intersection(sets[a].begin(), sets[a].end(), sets[b].begin(), sets[b].end(), std::back_inserter(both));
      const SimilarPair* pair = pair_of(result, inputs[a].id, inputs[b].id);
      INFO(inputs[a].id << " " << inputs[b].id);
      CHECK((pair == nullptr ? 0 : pair->shared) == static_cast<int>(both.size()));
      ++checked;
    }
  }
  CHECK(checked > 300);
}

}  // namespace
}  // namespace cudagrade
