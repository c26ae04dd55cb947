// `cudagrade bench`: every reference of a lab and the lab's baselines timed on one size in one run, printed
// as the Markdown table docs/BENCHMARKS.md records. Each reference goes through the same pipeline as a
// student's file, so its output is checked before and after it is timed.
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <iostream>

#include "cli/command_support.h"
#include "pipeline/grader.h"

namespace cudagrade {
namespace {

bool is_speed_of_light(const Lab& lab, const std::string& reference) {
  const std::vector<std::string> names = lab.speed_of_light_references();
  return std::find(names.begin(), names.end(), reference) != names.end();
}

struct BenchOptions {
  std::string lab;
  std::string size;
  std::string backend = "gpu";
};

std::string percent(const std::optional<double>& value) {
  return value ? fmt::format("{:.1f}%", *value) : std::string("-");
}

// A speed of light's time, taken as the reference of one more timing of a row that passed.
struct LightTiming {
  std::string name;
  Timing timing;
};

void print_table(const Lab& lab, const std::vector<std::pair<std::string, GradeReport>>& rows,
                 const std::vector<LightTiming>& lights, const std::string& command) {
  const std::time_t now = std::time(nullptr);
  const std::string device = rows.empty() ? "?" : rows.front().second.device;
  std::cout << fmt::format("### {} {} on {}, {:%Y-%m-%d}\n\n", lab.name(),
                           fmt::join(rows.front().second.cases[0].size, "x"), device, fmt::gmtime(now));
  std::cout << fmt::format("Command: `{}`\n\n", command);
  const std::string reference = lab.default_speed_reference();
  std::cout << fmt::format(
      "| implementation | status | median ms | spread | samples | GFLOP/s | GB/s | % of baseline | % of {} speed | "
      "% of copy bandwidth |\n|---|---|---|---|---|---|---|---|---|---|\n",
      reference);
  const SpeedResult* any_speed = nullptr;
  for (const auto& [name, report] : rows) {
    const CaseResult& result = report.cases.at(0);
    if (!result.speed) {
      std::cout << fmt::format("| {} | {} | - | - | - | - | - | - | - | - |\n", name, to_string(result.status));
      continue;
    }
    const SpeedResult& speed = *result.speed;
    any_speed = &speed;
    const std::optional<double> of_reference =
        speed.ratio ? std::optional<double>(100 / *speed.ratio) : std::nullopt;
    std::cout << fmt::format("| {} | {} | {:.4f} | {:.2f}% | {} | {:.1f} | {:.1f} | {} | {} | {} |\n", name,
                             to_string(result.status), speed.student.median_ms, 100 * speed.student.noise,
                             speed.student.samples, speed.gflops, speed.gbps, percent(speed.percent_of_baseline),
                             percent(of_reference), percent(speed.percent_of_bandwidth));
  }
  if (any_speed == nullptr) return;
  TestCase sized;
  sized.size = rows.front().second.cases[0].size;
  const WorkCount work = lab.work(sized);
  // The device's copy bandwidth, as the rows measured it: GB/s over its percentage.
  std::optional<double> bandwidth;
  if (any_speed->percent_of_bandwidth && *any_speed->percent_of_bandwidth > 0) {
    bandwidth = any_speed->gbps * 100 / *any_speed->percent_of_bandwidth;
  }
  auto trusted_row = [&](const std::string& label, const Timing& timing, const std::string& of_baseline,
                         const std::string& of_reference) {
    const double seconds = timing.median_ms * 1e-3;
    const double gbps = work.bytes / seconds / 1e9;
    std::cout << fmt::format("| {} | passed | {:.4f} | {:.2f}% | {} | {:.1f} | {:.1f} | {} | {} | {} |\n", label,
                             timing.median_ms, 100 * timing.noise, timing.samples, work.flops / seconds / 1e9, gbps,
                             of_baseline, of_reference,
                             percent(bandwidth ? std::optional<double>(100 * gbps / *bandwidth) : std::nullopt));
  };
  // A speed of light computes no answer, so it was not graded as a row above: it is the reference every row
  // was timed against.
  if (is_speed_of_light(lab, reference) && any_speed->reference_timing) {
    trusted_row(reference + " (speed of light)", *any_speed->reference_timing, "-", "100%");
  }
  for (const LightTiming& light : lights) {
    const std::optional<double> of_reference =
        any_speed->reference_timing
            ? std::optional<double>(100 * any_speed->reference_timing->median_ms / light.timing.median_ms)
            : std::nullopt;
    trusted_row(light.name + " (speed of light)", light.timing, "-", percent(of_reference));
  }
  for (const BaselineTiming& baseline : any_speed->baselines) {
    trusted_row(baseline.name + " (baseline)", baseline.timing, "100%", "-");
  }
}

}  // namespace

CommandAction setup_bench(CLI::App& command, const GlobalOptions& globals) {
  auto options = std::make_shared<BenchOptions>();
  command.add_option("lab", options->lab, lab_option_help())->required();
  command.add_option("--size", options->size, size_option_help())->required();
  add_backend_option(command, options->backend);
  return [options, &globals] {
    const Lab& lab = lab_named(options->lab);
    auto run = prepare_backend(globals, options->backend);
    TestCase test_case;
    test_case.size = parse_size(options->size, lab);
    test_case.name = "bench-" + fmt::format("{}", fmt::join(test_case.size, "x"));
    test_case.kind = CaseKind::kPerformance;
    test_case.seed = default_seed(test_case.name);
    test_case.tolerance = lab.default_tolerance(test_case.distribution);
    test_case.timeout_s = 4 * kDefaultPerformanceTimeoutSeconds;
    // One grader for all rows: baselines and the copy bandwidth are timed once and shared by every row.
    Grader grader(lab, *run->backend.backend, run->paths, {});
    std::vector<std::pair<std::string, GradeReport>> rows;
    CaseStatus worst = CaseStatus::kPassed;
    for (const std::string& name : run->paths.reference_names(lab.name())) {
      if (is_speed_of_light(lab, name)) continue;
      GradeReport report = grader.run_one(run->paths.reference_file(lab.name(), name), test_case, {true, std::nullopt});
      if (severity(report.verdict) > severity(worst)) worst = report.verdict;
      rows.emplace_back(name, std::move(report));
    }
    // The lab's speeds of light that are not every row's reference: each timed once, as the reference of one
    // more timing of the first row that passed.
    std::vector<LightTiming> lights;
    const auto passed = std::find_if(rows.begin(), rows.end(),
                                     [](const auto& row) { return row.second.cases.at(0).speed.has_value(); });
    for (const std::string& light : lab.speed_of_light_references()) {
      if (light == lab.default_speed_reference() || passed == rows.end()) continue;
      TestCase against_light = test_case;
      against_light.name += "-" + light;
      SpeedRule rule;
      rule.reference = light;
      against_light.speed = rule;
      GradeReport report =
          grader.run_one(run->paths.reference_file(lab.name(), passed->first), against_light, {true, std::nullopt});
      const std::optional<SpeedResult>& speed = report.cases.at(0).speed;
      if (speed && speed->reference_timing) lights.push_back({light, *speed->reference_timing});
    }
    print_table(lab, rows, lights, fmt::format("cudagrade bench {} --size {}", lab.name(), options->size));
    return exit_code_for(worst);
  };
}

}  // namespace cudagrade
