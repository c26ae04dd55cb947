// Times a performance case's check, the built-in lab of commit 11cd383 against the declared lab, in one
// process, on the same inputs and the same returned words: the CPU reference and the comparison, as the
// grader pays them (prepare_check then check, on a fresh set each time so nothing is cached).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

#include "core/paths.h"
#include "labs/registry.h"
#include "model/workload.h"

namespace cudagrade {
const Lab& matmul_lab();
const Lab& reduction_lab();
const Lab& transpose_lab();
}  // namespace cudagrade

using namespace cudagrade;

double time_check(const Lab& lab, const TestCase& test_case, const Workload& sent, const std::vector<uint32_t>& out,
                  size_t out_index, CaseStatus& status) {
  Workload fresh{sent.dims, sent.buffers};  // a new expected-values cache: the reference runs again
  ReturnedSet returned;
  for (size_t i = 0; i < fresh.buffers.size(); ++i) {
    returned.data.push_back(i == out_index ? std::span<const uint32_t>(out) : std::span<const uint32_t>(fresh.buffers[i].words));
  }
  const auto start = std::chrono::steady_clock::now();
  lab.prepare_check(test_case, fresh);
  const auto prepared = std::chrono::steady_clock::now();
  status = lab.check(test_case, fresh, returned).status;
  if (getenv("PHASES")) std::fprintf(stderr, "%s: prepare %.3f s, check %.3f s\n", lab.name().c_str(),
      std::chrono::duration<double>(prepared - start).count(), std::chrono::duration<double>(std::chrono::steady_clock::now() - prepared).count());
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void compare(const char* name, const Lab& old_lab, std::vector<int64_t> size, Distribution distribution,
             const std::function<std::vector<uint32_t>(const Workload&)>& answer, size_t out_index) {
  const Lab& new_lab = *find_lab(name);
  TestCase test_case;
  test_case.name = "perf";
  test_case.size = size;
  test_case.seed = 5;
  test_case.distribution = distribution;
  test_case.tolerance = new_lab.default_tolerance(distribution);
  const Workload sent = old_lab.make_workload(test_case, 0);
  const Workload declared = new_lab.make_workload(test_case, 0);
  const bool same_inputs = sent.buffers[0].words == declared.buffers[0].words;
  const std::vector<uint32_t> out = answer(sent);
  std::vector<double> old_times, new_times;
  CaseStatus old_status = CaseStatus::kPassed, new_status = CaseStatus::kPassed;
  time_check(new_lab, test_case, sent, out, out_index, new_status);  // builds the CPU reference once, untimed
  for (int round = 0; round < 5; ++round) {
    old_times.push_back(time_check(old_lab, test_case, sent, out, out_index, old_status));
    new_times.push_back(time_check(new_lab, test_case, sent, out, out_index, new_status));
  }
  std::sort(old_times.begin(), old_times.end());
  std::sort(new_times.begin(), new_times.end());
  std::printf("| %s %s | %.3f s | %.3f s | %+.1f%% | %s | %s, %s |\n", name, fmt::format("{}", fmt::join(size, "x")).c_str(),
              old_times[2], new_times[2], 100 * (new_times[2] / old_times[2] - 1), same_inputs ? "same" : "DIFFERENT",
              std::string(to_string(old_status)).c_str(), std::string(to_string(new_status)).c_str());
}

int main() {
  load_declared_labs(ProjectPaths::discover("/work/main", "/tmp/perf/cache"));
  std::printf("| case | built-in check (11cd383) | declared check | change | inputs | verdicts |\n|---|---|---|---|---|---|\n");
  compare("matmul", matmul_lab(), {4096, 4096, 4096}, Distribution::kUniformFloat,
          [](const Workload& sent) { return std::vector<uint32_t>(sent.buffers[2].count, 0u); }, 2);
  compare("reduction", reduction_lab(), {int64_t{1} << 28}, Distribution::kSmallIntegers,
          [](const Workload& sent) {
            uint32_t sum = 0;
            for (uint32_t word : sent.buffers[0].words) sum += word;
            return std::vector<uint32_t>{sum};
          }, 1);
  compare("transpose", transpose_lab(), {8192, 8192}, Distribution::kUniformFloat,
          [](const Workload& sent) {
            const auto& in = sent.buffers[0].words;
            std::vector<uint32_t> out(in.size());
            for (int64_t r = 0; r < 8192; ++r) {
              for (int64_t c = 0; c < 8192; ++c) out[static_cast<size_t>(c * 8192 + r)] = in[static_cast<size_t>(r * 8192 + c)];
            }
            return out;
          }, 1);
}
