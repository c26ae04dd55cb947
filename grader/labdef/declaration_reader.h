// How a lab.yaml becomes a LabDeclaration: a reader that walks the YAML, records every problem with its line
// and carries on, so an author sees all mistakes in one run. Internal to labdef/: declaration.cc reads the
// top level, declaration_parameters.cc the parameters.
#pragma once

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include "labdef/declaration.h"
#include "labdef/prototype.h"

namespace cudagrade {

inline const std::set<std::string> kTopLevelKeys = {"lab",        "title",          "header",         "submission",
                                             "function",   "sizes",          "constraints",    "distributions",
                                             "parameters", "reference",      "work",           "simulator",      "recount",
                                             "speed_reference", "speed_of_light", "baselines"};
inline const std::set<std::string> kParameterKeys = {"role",   "length",  "shape", "generate",  "check",
                                                     "sample", "picture", "size",  "whole_rows"};
inline const std::set<std::string> kKnownDistributions = {"uniform-float", "small-integers"};

inline bool plain_name(const std::string& name) {
  return !name.empty() && name.size() <= 64 && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_') &&
         std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

// A file named inside the lab's folder: relative, without "..", so a declaration cannot reach elsewhere.
inline bool plain_relative_path(const std::string& path) {
  if (path.empty() || path.front() == '/') return false;
  for (const auto& part : std::filesystem::path(path)) {
    if (part == ".." || part == ".") return false;
  }
  return true;
}

class DeclarationReader {
 public:
  DeclarationReader(std::string file, std::filesystem::path folder) : file_(std::move(file)), folder_(std::move(folder)) {}

  DeclarationResult read(const YAML::Node& root) {
    LabDeclaration lab;
    lab.folder = folder_;
    lab.file = file_;
    if (!root.IsMap()) {
      problem(root, "the declaration must be a mapping with 'lab', 'function' and 'parameters'");
      return finish(std::move(lab));
    }
    for (const auto& entry : root) {
      const std::string key = entry.first.as<std::string>("");
      if (!kTopLevelKeys.count(key)) problem(entry.first, fmt::format("unknown key '{}' at the top level", key));
    }
    lab.name = required_string(root, "lab");
    if (!lab.name.empty() && !plain_name(lab.name)) problem(root["lab"], "'lab' must be a plain name: letters, digits, _");
    lab.title = optional_string(root, "title").value_or(lab.name);
    lab.header = optional_string(root, "header").value_or(lab.name + ".cuh");
    lab.submission_file = optional_string(root, "submission").value_or(lab.name + ".cu");
    read_sizes(root["sizes"], lab);
    read_function(root, lab);
    read_constraints(root["constraints"], lab);
    read_distributions(root["distributions"], lab);
    read_parameters(root["parameters"], lab);
    read_reference(root, lab);
    read_work(root["work"], lab);
    read_simulator(root["simulator"], lab);
    read_recount(root["recount"], lab);
    lab.speed_reference = optional_string(root, "speed_reference").value_or("");
    lab.speed_of_light = string_list(root["speed_of_light"], "speed_of_light");
    read_baselines(root["baselines"], lab);
    return finish(std::move(lab));
  }

 private:
  DeclarationResult finish(LabDeclaration lab) {
    if (!problems_.empty()) return {std::nullopt, std::move(problems_)};
    return {std::move(lab), {}};
  }

  void problem(const YAML::Node& node, const std::string& what) {
    problems_.push_back({file_, node.IsDefined() ? node.Mark().line + 1 : 0, what});
  }
  void problem_at(int line, const std::string& what) { problems_.push_back({file_, line, what}); }

  std::string required_string(const YAML::Node& map, const std::string& key) {
    const YAML::Node node = map[key];
    if (!node) {
      problem(map, fmt::format("'{}' is missing", key));
      return "";
    }
    if (!node.IsScalar()) {
      problem(node, fmt::format("'{}' must be a string", key));
      return "";
    }
    return node.Scalar();
  }

  std::optional<std::string> optional_string(const YAML::Node& map, const std::string& key) {
    const YAML::Node node = map[key];
    if (!node) return std::nullopt;
    if (!node.IsScalar()) {
      problem(node, fmt::format("'{}' must be a string", key));
      return std::nullopt;
    }
    return node.Scalar();
  }

  std::vector<std::string> string_list(const YAML::Node& node, const std::string& what) {
    std::vector<std::string> items;
    if (!node) return items;
    if (!node.IsSequence()) {
      problem(node, fmt::format("'{}' must be a list", what));
      return items;
    }
    for (const YAML::Node& item : node) {
      if (item.IsScalar()) items.push_back(item.Scalar());
      else problem(item, fmt::format("every item of '{}' must be a string", what));
    }
    return items;
  }

  template <typename T>
  std::optional<T> number(const YAML::Node& node, const std::string& what) {
    if (!node.IsScalar()) {
      problem(node, fmt::format("{} must be a number", what));
      return std::nullopt;
    }
    try {
      return node.as<T>();
    } catch (const YAML::Exception&) {
      problem(node, fmt::format("{} must be a number, not '{}'", what, node.Scalar()));
      return std::nullopt;
    }
  }

  // An expression over the size fields, parsed and checked to name only fields the lab declares.
  std::optional<Expression> expression(const YAML::Node& node, const LabDeclaration& lab, const std::string& what) {
    if (!node.IsScalar()) {
      problem(node, fmt::format("{} must be an expression such as 'rows * cols'", what));
      return std::nullopt;
    }
    std::string why;
    std::optional<Expression> parsed = Expression::parse(node.Scalar(), why);
    if (!parsed) {
      problem(node, fmt::format("{} '{}': {}", what, node.Scalar(), why));
      return std::nullopt;
    }
    for (const std::string& name : parsed->names()) {
      const bool known = std::any_of(lab.sizes.begin(), lab.sizes.end(), [&](const SizeField& f) { return f.name == name; });
      if (!known) problem(node, fmt::format("{} '{}' reads '{}', which is not a size field", what, node.Scalar(), name));
    }
    return parsed;
  }

  void read_sizes(const YAML::Node& node, LabDeclaration& lab) {
    if (!node || !node.IsMap() || node.size() == 0) {
      problem(node ? node : YAML::Node(), "'sizes' must map each size field to {example: N}, e.g. sizes: {n: {example: 1000}}");
      return;
    }
    for (const auto& entry : node) {
      SizeField field;
      field.name = entry.first.as<std::string>("");
      if (!plain_name(field.name)) problem(entry.first, fmt::format("size field '{}' must be a plain name", field.name));
      if (entry.second.IsMap() && entry.second["example"]) {
        field.example = number<int64_t>(entry.second["example"], "'example'").value_or(1);
      } else {
        problem(entry.second, fmt::format("size field '{}' needs an example size: {{example: N}}", field.name));
      }
      lab.sizes.push_back(field);
    }
  }

  void read_function(const YAML::Node& root, LabDeclaration& lab) {
    lab.prototype = required_string(root, "function");
    if (lab.prototype.empty()) return;
    PrototypeParse parsed = parse_prototype(lab.prototype);
    if (!parsed.problem.empty()) {
      problem(root["function"], "'function': " + parsed.problem);
      return;
    }
    lab.function = parsed.name;
    for (PrototypeParameter& parameter : parsed.parameters) {
      Parameter declared;
      declared.name = parameter.name;
      declared.type = parameter.type;
      declared.is_const = parameter.is_const;
      declared.is_pointer = parameter.is_pointer;
      declared.line = root["function"].Mark().line + 1;
      lab.parameters.push_back(std::move(declared));
    }
  }

  void read_constraints(const YAML::Node& node, LabDeclaration& lab) {
    if (!node) return;
    if (!node.IsSequence()) {
      problem(node, "'constraints' must be a list of {require: EXPRESSION, message: TEXT}");
      return;
    }
    for (const YAML::Node& item : node) {
      if (!item.IsMap() || !item["require"] || !item["message"]) {
        problem(item, "a constraint is {require: EXPRESSION, message: TEXT}, e.g. {require: \"n >= 1\", message: \"n must be at least 1\"}");
        continue;
      }
      std::optional<Expression> condition = expression(item["require"], lab, "'require'");
      if (condition) lab.constraints.push_back({*condition, item["message"].as<std::string>(""), item.Mark().line + 1});
    }
  }

  void read_distributions(const YAML::Node& node, LabDeclaration& lab) {
    lab.distributions = node ? string_list(node, "distributions") : std::vector<std::string>{"uniform-float", "small-integers"};
    for (const std::string& name : lab.distributions) {
      if (!kKnownDistributions.count(name)) problem(node, fmt::format("unknown distribution '{}': uniform-float or small-integers", name));
    }
    if (lab.distributions.empty()) problem(node, "'distributions' must name at least one");
  }

  void read_parameters(const YAML::Node& node, LabDeclaration& lab);
  void read_parameter(const YAML::Node& node, const LabDeclaration& lab, Parameter& parameter);
  void read_role(const YAML::Node& node, Parameter& parameter);
  double bound(const YAML::Node& node, const LabDeclaration& lab, const std::string& what,
               std::optional<Expression>& expression_out);
  void range(const YAML::Node& node, const LabDeclaration& lab, const std::string& what, Generator& generator);
  Generator read_generator(const YAML::Node& node, const LabDeclaration& lab);
  void read_sparse_generator(const std::string& kind, const YAML::Node& value, const LabDeclaration& lab,
                             Generator& generator);
  void check_sparse_generators(const LabDeclaration& lab);
  OutputCheck read_check(const YAML::Node& node, const LabDeclaration& lab);
  std::optional<RowSampling> read_sampling(const YAML::Node& node, const LabDeclaration& lab);

  void read_reference(const YAML::Node& root, LabDeclaration& lab) {
    lab.reference_source = required_string(root, "reference");
    if (lab.reference_source.empty()) return;
    if (!plain_relative_path(lab.reference_source)) {
      problem(root["reference"], "'reference' must be a file in the lab's folder, e.g. reference.cc");
    } else if (!std::filesystem::is_regular_file(folder_ / lab.reference_source)) {
      problem(root["reference"], fmt::format("the CPU reference {} does not exist", (folder_ / lab.reference_source).string()));
    }
  }

  void read_work(const YAML::Node& node, LabDeclaration& lab) {
    if (!node || !node.IsMap() || !node["bytes"]) {
      problem(node ? node : YAML::Node(), "'work' must give at least the bytes moved: {flops: EXPRESSION, bytes: EXPRESSION}");
      return;
    }
    if (node["flops"]) lab.flops = expression(node["flops"], lab, "'work.flops'");
    lab.bytes = expression(node["bytes"], lab, "'work.bytes'");
  }

  void read_simulator(const YAML::Node& node, LabDeclaration& lab) {
    if (!node) return;
    SimulatorDownsize& downsize = lab.simulator;
    if (node.IsMap() && node["when"] && node["sizes"] && node["sizes"].IsMap()) {
      downsize.when = expression(node["when"], lab, "'simulator.when'");
      for (const auto& entry : node["sizes"]) {
        const std::string field = entry.first.as<std::string>("");
        if (std::none_of(lab.sizes.begin(), lab.sizes.end(), [&](const SizeField& f) { return f.name == field; })) {
          problem(entry.first, fmt::format("simulator.sizes names '{}', which is not a size field", field));
        } else if (std::optional<Expression> value = expression(entry.second, lab, "a simulator size")) {
          downsize.sizes.emplace_back(field, *value);
        }
      }
      return;
    }
    if (!node.IsMap() || !node["work"] || !node["budget"] || !node["scale"]) {
      problem(node, "'simulator' is {work: EXPRESSION, budget: N, scale: [fields], keep_remainder: N} or "
                    "{when: EXPRESSION, sizes: {FIELD: EXPRESSION}}");
      return;
    }
    downsize.work = expression(node["work"], lab, "'simulator.work'");
    downsize.budget = number<int64_t>(node["budget"], "'simulator.budget'").value_or(0);
    downsize.scale = string_list(node["scale"], "simulator.scale");
    downsize.degree = static_cast<int64_t>(downsize.scale.size());
    if (node["keep_remainder"]) downsize.keep_remainder = number<int64_t>(node["keep_remainder"], "'keep_remainder'").value_or(1);
    for (const std::string& name : downsize.scale) {
      if (std::none_of(lab.sizes.begin(), lab.sizes.end(), [&](const SizeField& f) { return f.name == name; })) {
        problem(node["scale"], fmt::format("simulator.scale names '{}', which is not a size field", name));
      }
    }
    if (downsize.budget < 1 || downsize.keep_remainder < 1) problem(node, "'budget' and 'keep_remainder' must be at least 1");
  }

  void read_recount(const YAML::Node& node, LabDeclaration& lab) {
    if (!node) return;
    if (!node.IsMap() || !node["scale"]) {
      problem(node, "'recount' is {scale: [fields], keep_remainder: N}");
      return;
    }
    RecountDeclaration recount;
    recount.scale = string_list(node["scale"], "recount.scale");
    if (node["keep_remainder"]) recount.keep_remainder = number<int64_t>(node["keep_remainder"], "'keep_remainder'").value_or(1);
    for (const std::string& name : recount.scale) {
      if (std::none_of(lab.sizes.begin(), lab.sizes.end(), [&](const SizeField& f) { return f.name == name; })) {
        problem(node["scale"], fmt::format("recount.scale names '{}', which is not a size field", name));
      }
    }
    if (recount.scale.empty()) problem(node["scale"], "'recount.scale' names no size field");
    if (recount.keep_remainder < 1) problem(node, "'keep_remainder' must be at least 1");
    lab.recount = std::move(recount);
  }

  void read_baselines(const YAML::Node& node, LabDeclaration& lab) {
    if (!node) return;
    if (!node.IsSequence()) {
      problem(node, "'baselines' must be a list of {name: N, source: FILE, libraries: [FLAGS]}");
      return;
    }
    for (const YAML::Node& item : node) {
      if (!item.IsMap() || !item["name"] || !item["source"]) {
        problem(item, "a baseline is {name: N, source: FILE, libraries: [FLAGS]}");
        continue;
      }
      BaselineDeclaration baseline{item["name"].as<std::string>(""), item["source"].as<std::string>(""),
                                   string_list(item["libraries"], "libraries")};
      if (!plain_relative_path(baseline.source)) problem(item["source"], "a baseline's source must be a file in the lab's folder");
      for (const std::string& library : baseline.libraries) {
        if (library.rfind("-l", 0) != 0) problem(item["libraries"], fmt::format("'{}': a library is named as -lNAME", library));
      }
      lab.baselines.push_back(std::move(baseline));
    }
  }

  std::string file_;
  std::filesystem::path folder_;
  std::vector<DeclarationProblem> problems_;
};

}  // namespace cudagrade
