#include "labs/reduction/reduction_lab.h"

#include <fmt/format.h>

#include <fstream>

#include "core/random.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

enum Buffer { kIn = 0, kOut = 1, kScratch = 2 };

HostBuffer vector_buffer(std::string name, BufferRole role, int64_t count) {
  HostBuffer buffer{std::move(name), role, ElementType::kInt32, 1, count, static_cast<size_t>(count), {}};
  if (role == BufferRole::kInput) buffer.words.resize(buffer.count);
  return buffer;
}

// Common slips, recognised from the wrong sum, so the message can say what probably happened.
std::string diagnose(std::span<const uint32_t> in, int32_t want, int32_t got) {
  const uint32_t difference = static_cast<uint32_t>(want) - static_cast<uint32_t>(got);
  if (difference == in.back() && in.size() > 1) return " (exactly in[n-1] short: the last element was dropped?)";
  if (difference == in.front() && in.size() > 1) return " (exactly in[0] short: the first element was dropped?)";
  if (got == 0) return " (got 0: did the kernel run, and was the result copied to out[0]?)";
  return "";
}

}  // namespace

int32_t wrapped_sum(std::span<const uint32_t> words) {
  uint32_t sum = 0;
  for (uint32_t word : words) sum += word;
  return static_cast<int32_t>(sum);
}

// About a tenth of a second in the simulator.
constexpr int64_t kSimulatorElements = int64_t{1} << 20;

// Keeps the remainder modulo 2048 (blocks of up to 1024 threads taking two elements each), so a size that is
// not a multiple of the block stays one.
std::vector<int64_t> ReductionLab::simulator_size(const std::vector<int64_t>& size) const {
  if (size[0] <= kSimulatorElements) return size;
  return {kSimulatorElements - 2048 + size[0] % 2048};
}

std::optional<std::string> ReductionLab::size_problem(const std::vector<int64_t>& size) const {
  if (size[0] > (int64_t{1} << 31) - 1) return std::string("n must fit in an int (below 2^31)");
  return std::nullopt;
}

std::vector<Baseline> ReductionLab::baselines() const {
  return {{"cub", "grader/labs/reduction/baseline_cub.cu", {}}};
}

Workload ReductionLab::make_workload(const TestCase& test_case, int set_index) const {
  const int64_t n = test_case.size[0];
  SplitMix64 random(set_seed(test_case.seed, set_index));
  Workload workload;
  workload.dims = test_case.size;
  workload.buffers.push_back(vector_buffer("in", BufferRole::kInput, n));
  workload.buffers.push_back(vector_buffer("out", BufferRole::kOutput, 1));
  workload.buffers.push_back(vector_buffer("scratch", BufferRole::kScratch, n));
  fill_in_parallel(workload.buffers[kIn].words, random, [](SplitMix64& draws) { return word_of(draws.small_integer()); });
  return workload;
}

CheckOutcome ReductionLab::check(const TestCase&, const Workload& sent, const ReturnedSet& returned) const {
  std::span<const uint32_t> in = sent.buffers[kIn].words;
  const uint32_t out = returned.data[kOut][0];
  const int32_t want = wrapped_sum(in);
  if (out == kIntPoison) {
    return {CaseStatus::kWrongAnswer, fmt::format("out[0] was never written (expected {})", want), ""};
  }
  const int32_t got = static_cast<int32_t>(out);
  if (got == want) return {CaseStatus::kPassed, fmt::format("out[0] = {} is right", want), ""};
  return {CaseStatus::kWrongAnswer,
          fmt::format("out[0]: expected {}, got {}, off by {}{}", want, got,
                      static_cast<int64_t>(got) - static_cast<int64_t>(want), diagnose(in, want, got)),
          ""};
}

WorkCount ReductionLab::work(const TestCase& test_case) const {
  const double n = static_cast<double>(test_case.size[0]);
  return {n, 4 * n};
}

void ReductionLab::dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const {
  std::span<const uint32_t> in = sent.buffers[kIn].words;
  std::ofstream input(dir / "in.txt");
  input << "# in: " << in.size() << " int32 values, 16 per line\n";
  for (size_t i = 0; i < in.size(); ++i) input << fmt::format("{:>3}", int_at(in, i)) << ((i % 16 == 15) ? "\n" : " ");
  input << "\n";
  std::ofstream output(dir / "out.txt");
  const uint32_t out = returned.data[kOut][0];
  output << "# out[0] as computed by the submission, then the expected sum\n"
         << (out == kIntPoison ? std::string("unset") : std::to_string(static_cast<int32_t>(out))) << "\n"
         << wrapped_sum(in) << "\n";
  if (!input || !output) throw std::runtime_error("cannot write the dump files in " + dir.string());
}

// The one name grader/labs/registry.cc knows this lab by.
const Lab& reduction_lab() {
  static const ReductionLab lab;
  return lab;
}

}  // namespace cudagrade
