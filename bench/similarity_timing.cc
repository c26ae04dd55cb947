// The similarity check alone, in process, on a folder the bench wrote (bench/similarity.sh): reads every
// students/<id>/submission.cu and the skeleton, then times class_similarity() (tokens, winnowing, the index,
// the pairs and the matched lines of the shown pairs) several times and prints each run's seconds.
//
//   similarity_timing OUT SKELETON [REPEAT]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "similarity/class_similarity.h"

namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: similarity_timing OUT SKELETON [REPEAT]\n");
    return 2;
  }
  std::vector<cudagrade::SimilarityInput> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(argv[1]) / "students")) {
    const std::filesystem::path file = entry.path() / "submission.cu";
    if (std::filesystem::exists(file)) inputs.push_back({entry.path().filename().string(), read(file)});
  }
  std::sort(inputs.begin(), inputs.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  const std::string skeleton = read(argv[2]);
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 5;
  for (int round = 0; round < repeat; ++round) {
    const auto began = std::chrono::steady_clock::now();
    const cudagrade::ClassSimilarity result = cudagrade::class_similarity(inputs, skeleton);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::printf("check alone, run %d: %.3f s for %zu files (%zu pairs sharing code, %d flagged)\n", round + 1, seconds,
                inputs.size(), result.pairs.size(), result.flagged_count());
  }
  return 0;
}
