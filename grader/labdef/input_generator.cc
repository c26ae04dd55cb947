#include "labdef/input_generator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
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

// Writes values into a buffer as its element type holds them.
struct ElementWriter {
  HostBuffer& buffer;
  ScalarType type;
  void set(size_t index, double value) const { buffer.set_bits(index, bits_for_value(value, type)); }
  size_t size() const { return buffer.count; }
};

void read_file_values(const std::filesystem::path& path, const ElementWriter& out) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot read the input file {}", path.string()));
  for (size_t i = 0; i < out.size(); ++i) {
    double value = 0;
    if (!(in >> value)) {
      throw std::runtime_error(
          fmt::format("{} holds {} values; {} needs {}", path.string(), i, out.buffer.name, out.size()));
    }
    out.set(i, value);
  }
}

// Each element is draw(random) for a draw that calls next() once, on all cores.
template <typename Draw>
void fill_drawn(const ElementWriter& out, SplitMix64& random, Draw draw) {
  fill_in_parallel(out.size(), random, [&](size_t i, SplitMix64& draws) { out.set(i, draw(draws)); });
}

// What a `case` input becomes: the case's distribution for floats; small integers for 4- and 8-byte integers
// (an int buffer has no uniform floats); any byte for a uint8_t, which small integers would wrap.
Generator case_generator(const Generator& declared, ScalarType type, Distribution distribution) {
  Generator generator = declared;
  if (type == ScalarType::kUint8) {
    generator.kind = Generator::Kind::kIntegers;
    generator.low = 0;
    generator.high = 255;
  } else if (distribution == Distribution::kSmallIntegers || !is_floating(type)) {
    generator.kind = Generator::Kind::kSmallIntegers;
  } else {
    generator.kind = Generator::Kind::kUniform;
    generator.low = -1;
    generator.high = 1;
  }
  return generator;
}

// A sparse matrix's offsets and columns are 4-byte integers (declaration_parameters.cc), made as words.
template <typename Make>
void fill_words(HostBuffer& buffer, Make make) {
  std::vector<uint32_t> words(buffer.count);
  make(std::span<uint32_t>(words));
  std::memcpy(buffer.bytes.data(), words.data(), words.size() * sizeof(uint32_t));
}

std::vector<uint32_t> words_of(const HostBuffer& buffer) {
  std::vector<uint32_t> words(buffer.count);
  std::memcpy(words.data(), buffer.bytes.data(), words.size() * sizeof(uint32_t));
  return words;
}

}  // namespace

void generate_input(const Generator& declared, ScalarType type, Distribution distribution,
                    const std::filesystem::path& folder, std::span<const HostBuffer> earlier, SplitMix64& random,
                    HostBuffer& buffer) {
  using Kind = Generator::Kind;
  const Generator generator = declared.kind == Kind::kCase ? case_generator(declared, type, distribution) : declared;
  const ElementWriter out{buffer, type};
  switch (generator.kind) {
    case Kind::kSmallIntegers: fill_drawn(out, random, [](SplitMix64& r) { return r.small_integer(); }); return;
    case Kind::kUniform: {
      const double low = generator.low, high = generator.high;
      fill_drawn(out, random, [=](SplitMix64& r) { return uniform(r, low, high); });
      return;
    }
    case Kind::kNormal:
      fill_drawn(out, random, [&](SplitMix64& r) { return normal(r, generator.low, generator.high); });
      return;
    case Kind::kIntegers: {
      const int64_t low = static_cast<int64_t>(generator.low), span = static_cast<int64_t>(generator.high) - low + 1;
      fill_drawn(out, random, [=](SplitMix64& r) {
        return static_cast<double>(low + static_cast<int64_t>(r.next() % static_cast<uint64_t>(span)));
      });
      return;
    }
    case Kind::kConstant:
      for (size_t i = 0; i < out.size(); ++i) out.set(i, generator.value);
      return;
    case Kind::kSorted: {
      std::vector<double> values(out.size());
      for (double& value : values) value = uniform(random, generator.low, generator.high);
      std::sort(values.begin(), values.end());
      for (size_t i = 0; i < values.size(); ++i) out.set(i, values[i]);
      return;
    }
    case Kind::kPermutation: {
      // 0 .. n-1 shuffled (Fisher-Yates): every index once, in an order nothing can predict.
      std::vector<int64_t> order(out.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
      for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.next() % i]);
      for (size_t i = 0; i < order.size(); ++i) out.set(i, static_cast<double>(order[i]));
      return;
    }
    case Kind::kSkewed: {
      const SkewedTable table(generator.bins, generator.skew);
      fill_drawn(out, random, [&](SplitMix64& r) { return static_cast<double>(table.draw(r)); });
      return;
    }
    case Kind::kFile: read_file_values(folder / generator.file, out); return;
    case Kind::kCsrOffsets: {
      const CsrShape shape{static_cast<int64_t>(buffer.count) - 1,
                           generator.cols,
                           generator.nnz,
                           generator.empty,
                           generator.spread,
                           generator.long_row};
      fill_words(buffer, [&](std::span<uint32_t> words) { fill_csr_offsets(shape, random, words); });
      return;
    }
    case Kind::kCsrColumns: {
      const auto offsets = std::find_if(earlier.begin(), earlier.end(),
                                        [&](const HostBuffer& b) { return b.name == generator.offsets; });
      if (offsets == earlier.end())
        throw std::runtime_error(fmt::format("{}: no row offsets named {}", buffer.name, generator.offsets));
      const std::vector<uint32_t> offset_words = words_of(*offsets);
      std::optional<std::string> problem;
      fill_words(buffer, [&](std::span<uint32_t> words) {
        problem = fill_csr_columns(offset_words, generator.cols, random, words);
      });
      if (problem) throw std::runtime_error(fmt::format("{}: {}", buffer.name, *problem));
      return;
    }
    case Kind::kCase: return;
  }
}

bool draws_each_element_alone(Generator::Kind kind) {
  using Kind = Generator::Kind;
  switch (kind) {
    case Kind::kCase:
    case Kind::kUniform:
    case Kind::kNormal:
    case Kind::kIntegers:
    case Kind::kSmallIntegers:
    case Kind::kConstant:
    case Kind::kSkewed: return true;
    case Kind::kPermutation:
    case Kind::kSorted:
    case Kind::kFile:
    case Kind::kCsrOffsets:
    case Kind::kCsrColumns: return false;
  }
  return false;
}

}  // namespace cudagrade
