#include "labdef/input_generator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "labdef/sparse_generator.h"

namespace cudagrade {
namespace {

// Uniform floats keep 24 random bits so that every value is exact in float32, as the built-in labs' are.
double uniform(SplitMix64& random, double low, double high) {
  const double exact_unit = static_cast<double>(random.next() >> 40) * 0x1.0p-24;
  return low + (high - low) * exact_unit;
}

// Box-Muller; two draws a value so that fill_in_parallel's one-draw rule is kept by drawing both from one.
double normal(SplitMix64& random, double mean, double deviation) {
  const uint64_t bits = random.next();
  const double u1 = (static_cast<double>(bits >> 32) + 1.0) * 0x1.0p-32;
  const double u2 = static_cast<double>(bits & 0xFFFFFFFFu) * 0x1.0p-32;
  return mean + deviation * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

// A Zipf-like law over [0, bins): value v is drawn with weight 1 / (v + 1)^skew, by inverting the
// cumulative weights. The lowest bins are the hot ones, which is a histogram's contention.
class SkewedTable {
 public:
  SkewedTable(int64_t bins, double skew) : cumulative_(static_cast<size_t>(bins)) {
    double total = 0;
    for (int64_t v = 0; v < bins; ++v) cumulative_[static_cast<size_t>(v)] = total += std::pow(double(v + 1), -skew);
    for (double& weight : cumulative_) weight /= total;
  }
  int64_t draw(SplitMix64& random) const {
    const double u = random.unit();
    const auto found = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    return std::min<int64_t>(found - cumulative_.begin(), static_cast<int64_t>(cumulative_.size()) - 1);
  }

 private:
  std::vector<double> cumulative_;
};

void read_file_values(const std::filesystem::path& path, ScalarType type, HostBuffer& buffer) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot read the input file {}", path.string()));
  for (size_t i = 0; i < buffer.words.size(); ++i) {
    double value = 0;
    if (!(in >> value)) {
      throw std::runtime_error(fmt::format("{} holds {} values; {} needs {}", path.string(), i, buffer.name, buffer.words.size()));
    }
    buffer.words[i] = word_for_value(value, type);
  }
}

}  // namespace

void generate_input(const Generator& generator, ScalarType type, Distribution distribution,
                    const std::filesystem::path& folder, std::span<const HostBuffer> earlier, SplitMix64& random,
                    HostBuffer& buffer) {
  using Kind = Generator::Kind;
  std::span<uint32_t> words = buffer.words;
  Kind kind = generator.kind;
  // A case-following input that is not float gets small integers: an int buffer has no uniform floats.
  if (kind == Kind::kCase) {
    kind = distribution == Distribution::kSmallIntegers || type != ScalarType::kFloat ? Kind::kSmallIntegers : Kind::kUniform;
  }
  switch (kind) {
    case Kind::kSmallIntegers:
      fill_in_parallel(words, random, [type](SplitMix64& r) { return word_for_value(r.small_integer(), type); });
      return;
    case Kind::kUniform: {
      const double low = generator.kind == Kind::kCase ? -1 : generator.low;
      const double high = generator.kind == Kind::kCase ? 1 : generator.high;
      fill_in_parallel(words, random, [=](SplitMix64& r) { return word_for_value(uniform(r, low, high), type); });
      return;
    }
    case Kind::kNormal:
      fill_in_parallel(words, random, [&](SplitMix64& r) { return word_for_value(normal(r, generator.low, generator.high), type); });
      return;
    case Kind::kIntegers: {
      const int64_t low = static_cast<int64_t>(generator.low), span = static_cast<int64_t>(generator.high) - low + 1;
      fill_in_parallel(words, random, [=](SplitMix64& r) {
        return word_for_value(static_cast<double>(low + static_cast<int64_t>(r.next() % static_cast<uint64_t>(span))), type);
      });
      return;
    }
    case Kind::kConstant:
      std::fill(words.begin(), words.end(), word_for_value(generator.value, type));
      return;
    case Kind::kSorted: {
      std::vector<double> values(words.size());
      for (double& value : values) value = uniform(random, generator.low, generator.high);
      std::sort(values.begin(), values.end());
      for (size_t i = 0; i < words.size(); ++i) words[i] = word_for_value(values[i], type);
      return;
    }
    case Kind::kPermutation: {
      // 0 .. n-1 shuffled (Fisher-Yates): every index once, in an order nothing can predict.
      for (size_t i = 0; i < words.size(); ++i) words[i] = word_for_value(static_cast<double>(i), type);
      for (size_t i = words.size(); i > 1; --i) std::swap(words[i - 1], words[random.next() % i]);
      return;
    }
    case Kind::kSkewed: {
      const SkewedTable table(generator.bins, generator.skew);
      fill_in_parallel(words, random, [&](SplitMix64& r) { return word_for_value(static_cast<double>(table.draw(r)), type); });
      return;
    }
    case Kind::kFile: read_file_values(folder / generator.file, type, buffer); return;
    case Kind::kCsrOffsets: {
      const CsrShape shape{static_cast<int64_t>(words.size()) - 1,
                           generator.cols,
                           generator.nnz,
                           generator.empty,
                           generator.spread,
                           generator.long_row};
      fill_csr_offsets(shape, random, words);
      return;
    }
    case Kind::kCsrColumns: {
      const auto offsets = std::find_if(earlier.begin(), earlier.end(),
                                        [&](const HostBuffer& b) { return b.name == generator.offsets; });
      if (offsets == earlier.end())
        throw std::runtime_error(fmt::format("{}: no row offsets named {}", buffer.name, generator.offsets));
      if (std::optional<std::string> problem = fill_csr_columns(offsets->words, generator.cols, random, words)) {
        throw std::runtime_error(fmt::format("{}: {}", buffer.name, *problem));
      }
      return;
    }
    case Kind::kCase: return;
  }
}

}  // namespace cudagrade
