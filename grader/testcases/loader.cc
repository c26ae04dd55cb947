#include "testcases/loader.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "core/files.h"
#include "core/hash.h"
#include "model/lab.h"

namespace cudagrade {
namespace {

// A reference is named by its file's stem: never a path (reference: ../../x would name a file anywhere) nor
// longer than a file name may be (the fuzzer's 253-byte name made the file system throw).
bool plain_reference_name(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

const std::set<std::string> kTopLevelKeys = {"lab", "defaults", "cases", "speed_without_gpu", "late"};
const std::set<std::string> kLateKeys = {"deadline", "policy"};
const std::set<std::string> kCaseKeys = {"name",      "kind",    "points", "hidden",           "seed", "distribution",
                                         "tolerance", "timeout", "speed",  "speed_without_gpu", "reveal",
                                         "efficiency"};
const std::set<std::string> kDefaultsKeys = {"points", "hidden", "reveal", "seed", "distribution", "tolerance", "timeout"};
const std::set<std::string> kToleranceKeys = {"abs", "rel"};
const std::set<std::string> kSpeedKeys = {"reference", "points", "full_ratio", "zero_ratio", "step", "efficiency"};
const std::set<std::string> kEfficiencyKeys = {"metric", "full", "zero", "step", "cache_fraction"};

// Collects problems while walking one file; every reader records what is wrong and carries on, so a
// teacher sees all mistakes in one run of `cudagrade validate`.
class SuiteReader {
 public:
  SuiteReader(std::string file, const LoaderContext& context) : file_(std::move(file)), context_(context) {}

  LoadResult read(const YAML::Node& root) {
    TestSuite suite;
    suite.path = file_;
    if (!root.IsMap()) {
      problem(root, "the file must be a mapping with 'lab' and 'cases'");
      return finish(std::move(suite));
    }
    check_keys(root, kTopLevelKeys, "the top level");
    const Lab* lab = read_lab(root, suite);
    if (const YAML::Node node = root["speed_without_gpu"]) lab_speed_policy_ = read_speed_policy(node);
    if (const YAML::Node node = root["late"]) read_late(node, suite);
    TestCase defaults;
    if (const YAML::Node node = root["defaults"]) {
      if (node.IsMap()) check_keys(node, kDefaultsKeys, "defaults");
      read_case_fields(node, lab, defaults, "defaults");
      if (node.IsMap() && node["tolerance"]) read_tolerance(node["tolerance"], defaults.tolerance);
    }
    const YAML::Node cases = root["cases"];
    if (!cases) {
      problem(root, "missing 'cases': a list of test cases");
    } else if (!cases.IsSequence() || cases.size() == 0) {
      problem(cases, "'cases' must be a non-empty list of test cases");
    } else if (lab != nullptr) {
      for (const YAML::Node& node : cases) read_case(node, *lab, defaults, suite);
    }
    return finish(std::move(suite));
  }

 private:
  LoadResult finish(TestSuite suite) {
    LoadResult result;
    result.problems = std::move(problems_);
    if (result.problems.empty()) result.suite = std::move(suite);
    return result;
  }

  void problem(const YAML::Node& node, const std::string& what) {
    int line = node.IsDefined() ? node.Mark().line + 1 : 0;
    problems_.push_back({file_, line, what});
  }

  void check_keys(const YAML::Node& map, const std::set<std::string>& allowed, const std::string& where,
                  const std::vector<std::string>& extra = {}) {
    for (const auto& entry : map) {
      std::string key = entry.first.Scalar();
      bool known = allowed.count(key) > 0 || std::find(extra.begin(), extra.end(), key) != extra.end();
      if (!known) problem(entry.first, "unknown field '" + key + "' in " + where);
    }
  }

  const Lab* read_lab(const YAML::Node& root, TestSuite& suite) {
    const YAML::Node node = root["lab"];
    if (!node || !node.IsScalar()) {
      problem(node.IsDefined() ? node : root,
              "missing 'lab': the lab these cases are for, one of the names 'cudagrade list --names' prints");
      return nullptr;
    }
    suite.lab = node.Scalar();
    const Lab* lab = context_.find_lab(suite.lab);
    if (lab == nullptr) problem(node, "unknown lab '" + suite.lab + "'");
    return lab;
  }

  template <typename T>
  std::optional<T> scalar(const YAML::Node& node, const std::string& field, const std::string& expected) {
    if (!node.IsScalar()) {
      problem(node, "'" + field + "' must be " + expected);
      return std::nullopt;
    }
    try {
      return node.as<T>();
    } catch (const YAML::Exception&) {
      problem(node, "'" + field + "' must be " + expected + ", not '" + node.Scalar() + "'");
      return std::nullopt;
    }
  }

  std::optional<double> non_negative(const YAML::Node& node, const std::string& field) {
    auto value = scalar<double>(node, field, "a number");
    if (value && (!std::isfinite(*value) || *value < 0)) {
      problem(node, "'" + field + "' must be a finite number >= 0, not " + node.Scalar());
      return std::nullopt;
    }
    return value;
  }

  void read_tolerance(const YAML::Node& node, Tolerance& tolerance) {
    if (!node.IsMap()) {
      problem(node, "'tolerance' must be a mapping like {abs: 1e-5, rel: 1e-5}");
      return;
    }
    check_keys(node, kToleranceKeys, "tolerance");
    if (node["abs"]) tolerance.abs = non_negative(node["abs"], "tolerance.abs").value_or(tolerance.abs);
    if (node["rel"]) tolerance.rel = non_negative(node["rel"], "tolerance.rel").value_or(tolerance.rel);
  }

  void read_speed(const YAML::Node& node, const Lab& lab, SpeedRule& speed) {
    if (!node.IsMap()) {
      problem(node, "'speed' must be a mapping like {reference: tiled_boundary, points: 2}");
      return;
    }
    check_keys(node, kSpeedKeys, "speed");
    if (node["reference"]) {
      speed.reference = scalar<std::string>(node["reference"], "speed.reference", "a reference name").value_or("");
      if (!plain_reference_name(speed.reference)) {
        problem(node["reference"], "speed.reference must be a reference's name, letters, digits, '_' and '-' "
                                   "(the file reference/" + lab.name() + "/<name>.cu), not a path");
      } else if (context_.reference_exists && !context_.reference_exists(lab.name(), speed.reference)) {
        problem(node["reference"], "no reference named '" + speed.reference + "' in reference/" + lab.name() + "/");
      }
    }
    if (node["points"]) speed.points = non_negative(node["points"], "speed.points").value_or(speed.points);
    if (node["full_ratio"]) {
      speed.full_ratio = non_negative(node["full_ratio"], "speed.full_ratio").value_or(speed.full_ratio);
    }
    if (node["zero_ratio"]) {
      speed.zero_ratio = non_negative(node["zero_ratio"], "speed.zero_ratio").value_or(speed.zero_ratio);
    }
    if (node["step"]) speed.step = non_negative(node["step"], "speed.step").value_or(speed.step);
    if (node["efficiency"]) speed.efficiency = read_efficiency(node["efficiency"], "speed.efficiency");
    if (speed.full_ratio <= 0 || speed.zero_ratio <= speed.full_ratio) {
      problem(node,
              "speed needs 0 < full_ratio < zero_ratio (full points at or under full_ratio times the "
              "reference's time, none at zero_ratio)");
    }
  }

  // {metric: global_sectors_per_request, full: 4.5, zero: 16}: every figure is lower-is-better, so full < zero.
  std::optional<EfficiencyRule> read_efficiency(const YAML::Node& node, const std::string& field) {
    if (!node.IsMap()) {
      problem(node, "'" + field + "' must be a mapping like {metric: global_sectors_per_request, full: 4.5, zero: 16}");
      return std::nullopt;
    }
    check_keys(node, kEfficiencyKeys, field);
    EfficiencyRule rule;
    bool complete = true;
    if (!node["metric"]) {
      problem(node, "'" + field + "' is missing 'metric' (one of " + efficiency_metric_names() + ")");
      complete = false;
    } else if (auto text = scalar<std::string>(node["metric"], field + ".metric", "a metric's name")) {
      if (auto metric = efficiency_metric_from_string(*text)) {
        rule.metric = *metric;
      } else {
        problem(node["metric"], "unknown metric '" + *text + "' (expected one of " + efficiency_metric_names() + ")");
        complete = false;
      }
    } else {
      complete = false;
    }
    for (const char* bound : {"full", "zero"}) {
      if (!node[bound]) {
        problem(node, fmt::format("'{}' is missing '{}': the figure at which it gives {} points", field, bound,
                                  std::string(bound) == "full" ? "full" : "no"));
        complete = false;
      }
    }
    if (node["full"]) rule.full = non_negative(node["full"], field + ".full").value_or(rule.full);
    if (node["zero"]) rule.zero = non_negative(node["zero"], field + ".zero").value_or(rule.zero);
    if (node["step"]) rule.step = non_negative(node["step"], field + ".step").value_or(rule.step);
    if (node["cache_fraction"]) {
      auto fraction = non_negative(node["cache_fraction"], field + ".cache_fraction");
      if (fraction && (*fraction <= 0 || *fraction > 1)) {
        problem(node["cache_fraction"], "'" + field + ".cache_fraction' must be more than 0 and at most 1, not " +
                                            node["cache_fraction"].Scalar());
        fraction.reset();
      }
      rule.cache_fraction = fraction.value_or(rule.cache_fraction);
      if (rule.metric != EfficiencyMetric::kDramBytesRatio && rule.metric != EfficiencyMetric::kModelledTimeRatio) {
        problem(node["cache_fraction"], "'cache_fraction' applies only to metrics dram_bytes_ratio and "
                                        "modelled_time_ratio");
      }
    }
    if (node["full"] && node["zero"] && rule.zero <= rule.full) {
      problem(node, "'" + field + "' needs full < zero: a lower figure is better, so full points at or under "
                    "'full' and none at or over 'zero'");
      complete = false;
    }
    if (!complete) return std::nullopt;
    return rule;
  }

  // Fields shared by a case and the 'defaults' block.
  void read_case_fields(const YAML::Node& node, const Lab* lab, TestCase& test_case, const std::string& where) {
    if (!node.IsMap()) {
      problem(node, where + " must be a mapping");
      return;
    }
    if (node["points"]) test_case.points = non_negative(node["points"], "points").value_or(test_case.points);
    if (node["hidden"]) test_case.hidden = scalar<bool>(node["hidden"], "hidden", "true or false").value_or(false);
    if (node["reveal"]) test_case.reveal = scalar<bool>(node["reveal"], "reveal", "true or false").value_or(false);
    if (node["seed"]) {
      test_case.seed = scalar<uint64_t>(node["seed"], "seed", "a non-negative integer").value_or(test_case.seed);
    }
    if (node["timeout"]) {
      auto timeout = non_negative(node["timeout"], "timeout");
      if (timeout && (*timeout == 0 || *timeout > kLongestTimeoutSeconds)) {
        problem(node["timeout"],
                fmt::format("'timeout' must be more than 0 and at most {:g} seconds", kLongestTimeoutSeconds));
        timeout.reset();
      }
      test_case.timeout_s = timeout.value_or(test_case.timeout_s);
    }
    if (node["distribution"]) read_distribution(node["distribution"], lab, test_case);
  }

  void read_distribution(const YAML::Node& node, const Lab* lab, TestCase& test_case) {
    auto text = scalar<std::string>(node, "distribution", "small-integers or uniform-float");
    if (!text) return;
    auto distribution = distribution_from_string(*text);
    if (!distribution) {
      problem(node, "unknown distribution '" + *text + "' (expected small-integers or uniform-float)");
      return;
    }
    if (lab != nullptr) {
      auto allowed = lab->distributions();
      if (std::find(allowed.begin(), allowed.end(), *distribution) == allowed.end()) {
        problem(node, "the " + lab->name() + " lab does not support distribution '" + *text + "'");
        return;
      }
    }
    test_case.distribution = *distribution;
  }

  void read_size(const YAML::Node& node, const Lab& lab, TestCase& test_case) {
    for (const std::string& field : lab.size_fields()) {
      const YAML::Node value = node[field];
      if (!value) {
        problem(node, "case '" + test_case.name + "' is missing size field '" + field + "'");
        continue;
      }
      auto number = scalar<int64_t>(value, field, "a positive integer");
      if (number && *number < 1) problem(value, "'" + field + "' must be at least 1, not " + value.Scalar());
      test_case.size.push_back(number.value_or(0));
    }
    if (test_case.size.size() != lab.size_fields().size()) return;
    for (int64_t dimension : test_case.size) {
      if (dimension < 1) return;
    }
    if (auto why = lab.size_problem(test_case.size)) problem(node, "case '" + test_case.name + "': " + *why);
  }

  void read_kind(const YAML::Node& node, TestCase& test_case) {
    const YAML::Node kind = node["kind"];
    if (!kind) {
      problem(node, "case '" + test_case.name +
                        "' is missing 'kind' (square, non-multiple, rectangular, boundary, performance or efficiency)");
      return;
    }
    auto text = scalar<std::string>(kind, "kind", "a case kind");
    if (!text) return;
    auto parsed = case_kind_from_string(*text);
    if (!parsed) {
      problem(kind, "unknown kind '" + *text +
                        "' (expected square, non-multiple, rectangular, boundary, performance or efficiency)");
      return;
    }
    test_case.kind = *parsed;
  }

  void read_case(const YAML::Node& node, const Lab& lab, const TestCase& defaults, TestSuite& suite) {
    if (!node.IsMap()) {
      problem(node, "each case must be a mapping like {name: square-128, kind: square, ...}");
      return;
    }
    check_keys(node, kCaseKeys, "a case", lab.size_fields());
    TestCase test_case = defaults;
    test_case.line = node.Mark().line + 1;
    if (auto name = node["name"] ? scalar<std::string>(node["name"], "name", "a case name") : std::nullopt) {
      test_case.name = *name;
    } else if (!node["name"]) {
      problem(node, "a case is missing 'name'");
    }
    if (!test_case.name.empty() && !names_.insert(test_case.name).second) {
      problem(node["name"], "duplicate case name '" + test_case.name + "'");
    }
    read_kind(node, test_case);
    read_size(node, lab, test_case);
    read_case_fields(node, &lab, test_case, "a case");
    if (!node["seed"] && !defaults_have_seed_) test_case.seed = default_seed(test_case.name);
    // A case's tolerance starts from the defaults block, else the lab's default for its distribution; the
    // fields it names replace those, so {rel: 1e-4} keeps the default abs.
    if (!defaults_have_tolerance_) test_case.tolerance = lab.default_tolerance(test_case.distribution);
    if (node["tolerance"]) read_tolerance(node["tolerance"], test_case.tolerance);
    read_case_speed(node, lab, test_case);
    read_case_efficiency(node, test_case);
    test_case.timeout_given = test_case.timeout_s != 0;
    if (!test_case.timeout_given) {
      test_case.timeout_s =
          test_case.kind == CaseKind::kPerformance ? kDefaultPerformanceTimeoutSeconds : kDefaultTimeoutSeconds;
    }
    suite.cases.push_back(std::move(test_case));
  }

  void read_case_speed(const YAML::Node& node, const Lab& lab, TestCase& test_case) {
    for (const char* field : {"speed", "speed_without_gpu"}) {
      if (node[field] && test_case.kind != CaseKind::kPerformance) {
        problem(node[field], fmt::format("'{}' applies only to cases of kind performance", field));
        return;
      }
    }
    if (test_case.kind != CaseKind::kPerformance) return;
    // A performance case without a speed block is timed and reported, and earns no speed points.
    SpeedRule speed;
    speed.reference = lab.default_speed_reference();
    speed.without_gpu = lab_speed_policy_;
    if (node["speed"]) read_speed(node["speed"], lab, speed);
    if (node["speed_without_gpu"]) speed.without_gpu = read_speed_policy(node["speed_without_gpu"]);
    if (speed.without_gpu == SpeedWithoutGpu::kEfficiency && speed.points > 0 && !speed.efficiency) {
      problem(node["speed"] ? node["speed"] : node,
              "case '" + test_case.name + "': speed_without_gpu is efficiency, but its speed rule has no "
              "'efficiency' to grade its speed points by without a GPU: add one inside 'speed', like "
              "efficiency: {metric: global_traffic_ratio, full: 1.5, zero: 16}");
    }
    test_case.speed = speed;
  }

  void read_case_efficiency(const YAML::Node& node, TestCase& test_case) {
    if (test_case.kind != CaseKind::kEfficiency) {
      if (node["efficiency"]) {
        problem(node["efficiency"], "'efficiency' applies only to cases of kind efficiency (a speed rule's own "
                                    "efficiency rule goes inside its 'speed' block)");
      }
      return;
    }
    if (!node["efficiency"]) {
      problem(node, "case '" + test_case.name + "' of kind efficiency is missing 'efficiency', a mapping like "
                    "{metric: global_sectors_per_request, full: 4.5, zero: 16}");
      return;
    }
    test_case.efficiency = read_efficiency(node["efficiency"], "efficiency");
    if (test_case.efficiency && test_case.efficiency->metric == EfficiencyMetric::kModelledTimeRatio) {
      problem(node["efficiency"], "case '" + test_case.name + "': modelled_time_ratio models a performance case's "
                                  "time at its GPU size; put it in that case's 'speed' block (speed_without_gpu: "
                                  "efficiency), not in a case of kind efficiency");
    }
  }

  // The words are checked where they are used (gradebook/late_policy.h), which names this file and line.
  void read_late(const YAML::Node& node, TestSuite& suite) {
    if (!node.IsMap() || !node["deadline"] || !node["policy"]) {
      problem(node, "'late' must be a mapping like {deadline: \"2026-11-20 23:59\", policy: \"10%/day, max 3 days\"}");
      return;
    }
    check_keys(node, kLateKeys, "late");
    LateSetting late;
    late.deadline = scalar<std::string>(node["deadline"], "late.deadline", "a date and time").value_or("");
    late.policy = scalar<std::string>(node["policy"], "late.policy", "a policy like \"10%/day, max 3 days\"").value_or("");
    late.line = node.Mark().line + 1;
    suite.late = late;
  }

  // `efficiency` grades the speed points by each speed rule's own efficiency rule (read_case_speed checks that
  // every rule with points has one).
  SpeedWithoutGpu read_speed_policy(const YAML::Node& node) {
    auto text = scalar<std::string>(node, "speed_without_gpu", "exclude, zero or efficiency");
    if (!text) return SpeedWithoutGpu::kExclude;
    if (auto policy = speed_without_gpu_from_string(*text)) return *policy;
    problem(node, "unknown speed_without_gpu '" + *text + "' (expected exclude, zero or efficiency)");
    return SpeedWithoutGpu::kExclude;
  }

 public:
  void note_defaults(const YAML::Node& root) {
    const YAML::Node defaults = root.IsMap() ? root["defaults"] : YAML::Node();
    defaults_have_seed_ = defaults && defaults.IsMap() && defaults["seed"];
    defaults_have_tolerance_ = defaults && defaults.IsMap() && defaults["tolerance"];
  }

 private:
  std::string file_;
  const LoaderContext& context_;
  std::vector<LoadProblem> problems_;
  std::set<std::string> names_;
  bool defaults_have_seed_ = false;
  bool defaults_have_tolerance_ = false;
  SpeedWithoutGpu lab_speed_policy_ = SpeedWithoutGpu::kExclude;
};

}  // namespace

std::string LoadProblem::to_string() const {
  std::ostringstream text;
  text << file;
  if (line > 0) text << ":" << line;
  text << ": " << what;
  return text.str();
}

uint64_t default_seed(const std::string& case_name) {
  uint64_t hash = 1469598103934665603ull;  // FNV-1a: stable everywhere, unlike std::hash
  for (unsigned char c : case_name) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

LoadResult parse_test_suite(const std::string& text, const std::string& file_name, const LoaderContext& context) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& error) {
    return LoadResult{std::nullopt, {{file_name, error.mark.line + 1, "YAML syntax error: " + error.msg}}};
  }
  if (!root.IsDefined() || root.IsNull()) {
    return LoadResult{std::nullopt, {{file_name, 0, "the file is empty"}}};
  }
  SuiteReader reader(file_name, context);
  reader.note_defaults(root);
  LoadResult result = reader.read(root);
  if (result.suite) result.suite->content_hash = fmt::format("{:016x}", fnv1a(text));
  return result;
}

LoadResult load_test_suite(const std::filesystem::path& path, const LoaderContext& context) {
  std::optional<std::string> text = try_read_file(path);
  if (!text) return LoadResult{std::nullopt, {{path.string(), 0, "cannot open the file"}}};
  return parse_test_suite(*text, path.string(), context);
}

}  // namespace cudagrade
