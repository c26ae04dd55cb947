#include "labdef/input_generator.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

HostBuffer generated(const Generator& generator, ScalarType type, size_t count, uint64_t seed = 7,
                     const std::filesystem::path& folder = ".") {
  HostBuffer buffer;
  buffer.name = "in";
  buffer.count = count;
  buffer.type = element_type_of(type);
  buffer.bytes.resize(buffer.data_bytes());
  SplitMix64 random(seed);
  generate_input(generator, type, Distribution::kUniformFloat, folder, {}, random, buffer);
  return buffer;
}

std::vector<int32_t> as_ints(const HostBuffer& buffer) {
  std::vector<int32_t> values;
  for (size_t i = 0; i < buffer.count; ++i) values.push_back(element_as<int32_t>(buffer.elements(), i));
  return values;
}

TEST_CASE("a permutation holds every index once, shuffled", "[labdef][input_generator]") {
  Generator permutation;
  permutation.kind = Generator::Kind::kPermutation;
  std::vector<int32_t> values = as_ints(generated(permutation, ScalarType::kInt, 1000));
  CHECK_FALSE(std::is_sorted(values.begin(), values.end()));
  std::sort(values.begin(), values.end());
  for (int32_t i = 0; i < 1000; ++i) REQUIRE(values[static_cast<size_t>(i)] == i);
}

TEST_CASE("integers stay in their inclusive range and reach both ends", "[labdef][input_generator]") {
  Generator integers;
  integers.kind = Generator::Kind::kIntegers;
  integers.low = -3;
  integers.high = 3;
  const std::vector<int32_t> values = as_ints(generated(integers, ScalarType::kInt, 10000));
  CHECK(*std::min_element(values.begin(), values.end()) == -3);
  CHECK(*std::max_element(values.begin(), values.end()) == 3);
}

TEST_CASE("skewed values crowd the lowest bins, as a histogram's contention", "[labdef][input_generator]") {
  Generator skewed;
  skewed.kind = Generator::Kind::kSkewed;
  skewed.bins = 256;
  skewed.skew = 1.5;
  const std::vector<int32_t> values = as_ints(generated(skewed, ScalarType::kInt, 100000));
  const auto in_bin = [&](int32_t bin) { return std::count(values.begin(), values.end(), bin); };
  CHECK(in_bin(0) > 10 * in_bin(20));
  CHECK(*std::max_element(values.begin(), values.end()) < 256);
  CHECK(*std::min_element(values.begin(), values.end()) >= 0);
}

TEST_CASE("sorted floats ascend; uniform floats stay in range; the seed decides", "[labdef][input_generator]") {
  Generator sorted;
  sorted.kind = Generator::Kind::kSorted;
  sorted.low = 0;
  sorted.high = 10;
  const HostBuffer ascending = generated(sorted, ScalarType::kFloat, 500);
  for (size_t i = 1; i < 500; ++i)
    REQUIRE(element_as<float>(ascending.elements(), i - 1) <= element_as<float>(ascending.elements(), i));
  Generator uniform;
  uniform.kind = Generator::Kind::kUniform;
  uniform.low = 2;
  uniform.high = 3;
  const HostBuffer first = generated(uniform, ScalarType::kFloat, 500, 1);
  for (size_t i = 0; i < 500; ++i)
    REQUIRE((element_as<float>(first.elements(), i) >= 2 && element_as<float>(first.elements(), i) < 3));
  CHECK(first.bytes == generated(uniform, ScalarType::kFloat, 500, 1).bytes);
  CHECK(first.bytes != generated(uniform, ScalarType::kFloat, 500, 2).bytes);
}

TEST_CASE("a file's values fill the buffer, and a short file is the lab's error", "[labdef][input_generator]") {
  TempDir folder(TempDir::Medium::kDisk);
  std::ofstream(folder.path() / "values.txt") << "1 2.5\n-4\n";
  Generator file;
  file.kind = Generator::Kind::kFile;
  file.file = "values.txt";
  const HostBuffer three = generated(file, ScalarType::kFloat, 3, 7, folder.path());
  CHECK(element_as<float>(three.elements(), 1) == 2.5f);
  CHECK(element_as<float>(three.elements(), 2) == -4.0f);
  CHECK_THROWS_WITH(generated(file, ScalarType::kFloat, 4, 7, folder.path()), Catch::Contains("holds 3 values; in needs 4"));
}

TEST_CASE("1- and 8-byte inputs hold their type's values: a case's uint8_t is any byte, a double keeps its digits",
          "[labdef][input_generator]") {
  const HostBuffer pixels = generated(Generator{}, ScalarType::kUint8, 5000);
  REQUIRE(pixels.bytes.size() == 5000);
  std::vector<int> seen(256, 0);
  for (size_t i = 0; i < 5000; ++i) ++seen[element_as<uint8_t>(pixels.elements(), i)];
  CHECK(std::count(seen.begin(), seen.end(), 0) < 8);  // 5000 draws leave few of 256 values unseen
  CHECK(seen[255] > 0);

  Generator uniform;
  uniform.kind = Generator::Kind::kUniform;
  uniform.low = 0;
  uniform.high = 1;
  const HostBuffer doubles = generated(uniform, ScalarType::kDouble, 100);
  REQUIRE(doubles.bytes.size() == 800);
  const HostBuffer floats = generated(uniform, ScalarType::kFloat, 100);
  for (size_t i = 0; i < 100; ++i) {  // the same draws: uniform values are exact in float32
    REQUIRE(element_as<double>(doubles.elements(), i) == element_as<float>(floats.elements(), i));
  }

  Generator big;
  big.kind = Generator::Kind::kConstant;
  big.value = 6e9;  // beyond int32
  CHECK(element_as<int64_t>(generated(big, ScalarType::kInt64, 3).elements(), 2) == 6000000000);
}

}  // namespace
}  // namespace cudagrade
