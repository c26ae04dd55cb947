#include "pipeline/timed_samples.h"

#include <catch2/catch.hpp>
#include <cstring>

#include "core/command_runner.h"
#include "core/temp_dir.h"
#include "labdef/declared_lab.h"

namespace cudagrade {
namespace {

const std::filesystem::path kRoot = CUDAGRADE_SOURCE_ROOT;

// A shipped lab as the grader loads it; its CPU reference is built (by g++, into the test's own cache) only
// when a check asks for it.
struct ShippedLab {
  TempDir cache{TempDir::Medium::kDisk};
  SubprocessCommandRunner runner;
  std::unique_ptr<DeclaredLab> lab;

  explicit ShippedLab(const std::string& name) {
    const std::filesystem::path folder = kRoot / "labs" / name;
    DeclarationResult loaded = load_declaration(folder / "lab.yaml");
    REQUIRE(loaded.problems.empty());
    lab = std::make_unique<DeclaredLab>(std::move(*loaded.declaration), "labs/" + name, [this, folder] {
      CpuReference::Loaded built =
          CpuReference::build(folder / "reference.cc", kRoot / "grader/labdef/include", cache.path(), runner);
      if (!built.reference) throw std::runtime_error(built.problem);
      return built.reference;
    });
  }
  std::vector<Workload> sets(const TestCase& test_case, int count) const {
    std::vector<Workload> made;
    for (int set = 0; set < count; ++set) made.push_back(lab->make_workload(test_case, set));
    return made;
  }
};

TestCase case_of(std::vector<int64_t> size) {
  TestCase test_case;
  test_case.name = "timed";
  test_case.size = std::move(size);
  test_case.seed = 7;
  test_case.distribution = Distribution::kUniformFloat;
  return test_case;
}

const std::byte* element(const HostBuffer& buffer, size_t i) {
  return buffer.bytes.data() + i * buffer.width();
}

bool same_element(const HostBuffer& a, const HostBuffer& b, size_t i) {
  return std::memcmp(element(a, i), element(b, i), a.width()) == 0;
}

TEST_CASE("the mixing hash is SplitMix64, which the GPU harness and the grader must both compute", "[timed_samples]") {
  // SplitMix64's first outputs from state 0 and from state 1234567, as its reference implementation prints.
  CHECK(sample_mixing::splitmix64(0) == 0xE220A8397B1DCDAFull);
  CHECK(sample_mixing::splitmix64(1234567) == 0x599ED017FB08FC85ull);
}

TEST_CASE("a lab's generators say which buffers a timed sample may mix", "[timed_samples]") {
  ShippedLab vector_add("vector_add");
  ShippedLab spmv("spmv");
  const Workload adds = vector_add.lab->make_workload(case_of({1000}), 0);
  CHECK(mixable_buffers(adds) == 0b011);  // A and B; C is an output
  const Workload products = spmv.lab->make_workload(case_of({1000, 1000, 10000}), 0);
  std::vector<std::string> mixed;
  for (size_t i = 0; i < products.buffers.size(); ++i) {
    if (sample_mixing::mixes(mixable_buffers(products), i)) mixed.push_back(products.buffers[i].name);
  }
  CHECK(mixed == std::vector<std::string>{"values", "x"});  // never the CSR structure
}

TEST_CASE("each element of a mixed buffer is one set's element at the same index, the rest the base set's",
          "[timed_samples]") {
  ShippedLab spmv("spmv");
  const TestCase test_case = case_of({1000, 1000, 10000});
  const std::vector<Workload> sets = spmv.sets(test_case, 2);
  TimedSamples samples(sets, 99);
  // The first sample of each set is the set itself: what a trusted runner hands back.
  CHECK(&samples.sample(0) == &sets[0]);
  CHECK(&samples.sample(1) == &sets[1]);
  for (int64_t sample : {2, 3, 4, 5}) {
    const Workload& mixed = samples.sample(sample);
    const Workload& base = sets[static_cast<size_t>(sample % 2)];
    for (size_t b = 0; b < mixed.buffers.size(); ++b) {
      const HostBuffer& got = mixed.buffers[b];
      if (!sample_mixing::mixes(mixable_buffers(base), b)) {
        CHECK(got.bytes == base.buffers[b].bytes);
        continue;
      }
      size_t from_first = 0, from_second = 0;
      for (size_t i = 0; i < got.count; ++i) {
        const bool first = same_element(got, sets[0].buffers[b], i);
        const bool second = same_element(got, sets[1].buffers[b], i);
        REQUIRE((first || second));
        from_first += first && !second;
        from_second += second && !first;
      }
      CHECK(from_first > 0);
      CHECK(from_second > 0);
    }
  }
  CHECK(&samples.sample(2) == &samples.sample(2));  // made once, kept with its expected values
}

TEST_CASE("samples and seeds give different inputs; the same seed gives the same ones", "[timed_samples]") {
  ShippedLab vector_add("vector_add");
  const std::vector<Workload> sets = vector_add.sets(case_of({4096}), 2);
  TimedSamples first(sets, 5), again(sets, 5), other(sets, 6);
  CHECK(first.sample(3).buffers[0].bytes == again.sample(3).buffers[0].bytes);
  CHECK(first.sample(3).buffers[0].bytes != first.sample(5).buffers[0].bytes);
  CHECK(first.sample(3).buffers[0].bytes != other.sample(3).buffers[0].bytes);
  CHECK(first.sample(3).buffers[0].bytes != sets[1].buffers[0].bytes);
  CHECK(first.mixing(sample_mixing::Audit::kFirst).seed == 5);
  CHECK(first.mixing(sample_mixing::Audit::kFirst).mixed_buffers == 0b011);
}

TEST_CASE("one set, or a seed of 0, mixes nothing: each sample is its base set", "[timed_samples]") {
  ShippedLab vector_add("vector_add");
  const std::vector<Workload> sets = vector_add.sets(case_of({100}), 2);
  TimedSamples unmixed(sets, 0);
  CHECK(&unmixed.sample(3) == &sets[1]);
  TimedSamples single(std::span<const Workload>(sets).first(1));
  CHECK(single.mixing(sample_mixing::Audit::kRandom).mixed_buffers == 0);
  CHECK(&single.sample(4) == &sets[0]);
}

TEST_CASE("an answer remembered from either set fails a mixed sample; its own answer passes", "[timed_samples]") {
  ShippedLab vector_add("vector_add");
  const TestCase test_case = case_of({2000});
  const std::vector<Workload> sets = vector_add.sets(test_case, 2);
  TimedSamples samples(sets, 11);
  auto answer_to = [](const Workload& inputs) {
    std::vector<float> c(inputs.buffers[0].count);
    for (size_t i = 0; i < c.size(); ++i) {
      c[i] = element_as<float>(inputs.buffers[0].elements(), i) + element_as<float>(inputs.buffers[1].elements(), i);
    }
    return c;
  };
  const Workload& mixed = samples.sample(4);
  auto judged = [&](const std::vector<float>& c) {
    const Elements answer(reinterpret_cast<const std::byte*>(c.data()), c.size(), ElementType::kFloat32);
    return vector_add.lab->check(test_case, mixed, {{mixed.buffers[0].elements(), mixed.buffers[1].elements(), answer}})
        .status;
  };
  CHECK(judged(answer_to(mixed)) == CaseStatus::kPassed);
  CHECK(judged(answer_to(sets[0])) == CaseStatus::kWrongAnswer);
  CHECK(judged(answer_to(sets[1])) == CaseStatus::kWrongAnswer);
}

}  // namespace
}  // namespace cudagrade
