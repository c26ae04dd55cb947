// DeclarationReader's half that reads `parameters:`: each pointer's role, length, shape, generator, check,
// sampling and picture (labdef/declaration_reader.h).
#include "labdef/declaration_reader.h"

namespace cudagrade {

// Every parameter of the prototype is described once: a pointer by its role and length, a scalar by the
// size field it receives (its own name by default).
void DeclarationReader::read_parameters(const YAML::Node& node, LabDeclaration& lab) {
  if (!node || !node.IsMap()) {
    problem(node ? node : YAML::Node(), "'parameters' must map each pointer parameter to {role: ..., length: ...}");
    return;
  }
  for (const auto& entry : node) {
    const std::string name = entry.first.as<std::string>("");
    auto found = std::find_if(lab.parameters.begin(), lab.parameters.end(), [&](const Parameter& p) { return p.name == name; });
    if (found == lab.parameters.end()) {
      problem(entry.first, fmt::format("parameter '{}' is not in the function's prototype", name));
      continue;
    }
    found->line = entry.first.Mark().line + 1;
    read_parameter(entry.second, lab, *found);
  }
  for (Parameter& parameter : lab.parameters) {
    if (parameter.is_pointer && !parameter.length) {
      problem(node, fmt::format("pointer parameter '{}' needs {{role: ..., length: ...}} under 'parameters'", parameter.name));
    }
    if (!parameter.is_pointer && parameter.size_field.empty()) parameter.size_field = parameter.name;
    if (!parameter.is_pointer &&
        std::none_of(lab.sizes.begin(), lab.sizes.end(), [&](const SizeField& f) { return f.name == parameter.size_field; })) {
      problem(node, fmt::format("scalar parameter '{}' receives size field '{}', which 'sizes' does not declare",
                                parameter.name, parameter.size_field));
    }
  }
  check_sparse_generators(lab);
}

// A sparse matrix in CSR is three inputs made together: the row offsets (csr_offsets), then the column
// indices of the rows they delimit (csr_columns names the offsets' parameter), then the values (any
// generator, of length nnz).
void DeclarationReader::read_sparse_generator(const std::string& kind, const YAML::Node& value,
                                              const LabDeclaration& lab, Generator& generator) {
  if (kind == "csr_columns") {
    generator.kind = Generator::Kind::kCsrColumns;
    if (!value.IsMap() || !value["offsets"] || !value["cols"]) {
      problem(value,
              "'csr_columns' is {offsets: PARAMETER, cols: EXPRESSION}: each row's distinct columns, ascending, "
              "for the rows the csr_offsets parameter delimits");
      return;
    }
    generator.offsets = value["offsets"].as<std::string>("");
    generator.cols_expression = expression(value["cols"], lab, "'cols'");
    return;
  }
  generator.kind = Generator::Kind::kCsrOffsets;
  if (!value.IsMap() || !value["nnz"] || !value["cols"]) {
    problem(value,
            "'csr_offsets' is {nnz: EXPRESSION, cols: EXPRESSION, empty: FRACTION, spread: S, long_row: EXPRESSION}: "
            "a sparse matrix's row offsets (the buffer's length is its rows + 1)");
    return;
  }
  generator.nnz_expression = expression(value["nnz"], lab, "'nnz'");
  generator.cols_expression = expression(value["cols"], lab, "'cols'");
  if (value["long_row"]) generator.long_row_expression = expression(value["long_row"], lab, "'long_row'");
  if (value["empty"]) generator.empty = number<double>(value["empty"], "'empty'").value_or(0);
  if (value["spread"]) generator.spread = number<double>(value["spread"], "'spread'").value_or(1);
  if (generator.empty < 0 || generator.empty >= 1)
    problem(value["empty"], "'empty' is the fraction of empty rows, in [0, 1)");
  if (generator.spread < 0) problem(value["spread"], "'spread' must not be negative (0: rows of equal length)");
}

// The offsets a csr_columns input names: an integer input with csr_offsets, earlier in the prototype, since
// inputs are made in the prototype's order.
void DeclarationReader::check_sparse_generators(const LabDeclaration& lab) {
  for (size_t i = 0; i < lab.parameters.size(); ++i) {
    const Parameter& parameter = lab.parameters[i];
    const bool sparse = parameter.generator.kind == Generator::Kind::kCsrOffsets ||
                        parameter.generator.kind == Generator::Kind::kCsrColumns;
    if (sparse && parameter.type != ScalarType::kInt && parameter.type != ScalarType::kUnsigned) {
      problem_at(parameter.line, fmt::format("'{}' holds row offsets or column indices, so it must be int or unsigned",
                                             parameter.name));
    }
    if (parameter.generator.kind != Generator::Kind::kCsrColumns) continue;
    const auto offsets = std::find_if(lab.parameters.begin(), lab.parameters.begin() + static_cast<std::ptrdiff_t>(i),
                                      [&](const Parameter& p) { return p.name == parameter.generator.offsets; });
    if (offsets == lab.parameters.begin() + static_cast<std::ptrdiff_t>(i) ||
        offsets->generator.kind != Generator::Kind::kCsrOffsets) {
      problem_at(parameter.line,
                 fmt::format("the csr_columns of '{}' name offsets '{}', which must be an input generated "
                             "with csr_offsets that comes before it in the prototype",
                             parameter.name, parameter.generator.offsets));
    }
  }
}

void DeclarationReader::read_parameter(const YAML::Node& node, const LabDeclaration& lab, Parameter& parameter) {
  if (!node.IsMap()) {
    problem(node, fmt::format("parameter '{}' must be a mapping such as {{role: input, length: n}}", parameter.name));
    return;
  }
  for (const auto& entry : node) {
    const std::string key = entry.first.as<std::string>("");
    if (!kParameterKeys.count(key)) problem(entry.first, fmt::format("unknown key '{}' in parameter '{}'", key, parameter.name));
  }
  if (!parameter.is_pointer) {
    if (node["size"]) parameter.size_field = node["size"].as<std::string>("");
    return;
  }
  read_role(node["role"], parameter);
  if (node["length"]) parameter.length = expression(node["length"], lab, fmt::format("the length of '{}'", parameter.name));
  else problem(node, fmt::format("pointer parameter '{}' needs a length, e.g. length: n", parameter.name));
  if (const YAML::Node shape = node["shape"]) {
    if (shape.IsSequence() && shape.size() == 2) {
      parameter.rows = expression(shape[0], lab, "a shape's rows");
      parameter.cols = expression(shape[1], lab, "a shape's cols");
    } else {
      problem(shape, "'shape' is [ROWS, COLS], two expressions");
    }
  }
  const bool reads = parameter.role == ParameterRole::kInput || parameter.role == ParameterRole::kInOut;
  const bool written = parameter.role == ParameterRole::kOutput || parameter.role == ParameterRole::kInOut;
  if (reads && node["generate"]) parameter.generator = read_generator(node["generate"], lab);
  if (!reads && node["generate"]) problem(node["generate"], "only an input or in-out parameter is generated");
  if (written) parameter.check = node["check"] ? read_check(node["check"], lab) : OutputCheck{};
  if (!written && node["check"]) problem(node["check"], "only an output or in-out parameter is checked");
  if (node["sample"]) parameter.sampling = read_sampling(node["sample"], lab);
  if (node["picture"]) parameter.picture_tile = number<int64_t>(node["picture"], "'picture' (the tile's side)").value_or(0);
  if (node["whole_rows"]) parameter.whole_rows = node["whole_rows"].as<bool>(false);
  if (parameter.is_const && parameter.role != ParameterRole::kInput) {
    problem(node, fmt::format("'{}' is const in the prototype, so it can only be an input", parameter.name));
  }
  if (!parameter.is_const && parameter.role == ParameterRole::kInput) {
    problem(node, fmt::format("input '{}' should be const in the prototype (const {}*)", parameter.name, to_string(parameter.type)));
  }
}

void DeclarationReader::read_role(const YAML::Node& node, Parameter& parameter) {
  const std::string role = node ? node.as<std::string>("") : "";
  if (role == "input") parameter.role = ParameterRole::kInput;
  else if (role == "output") parameter.role = ParameterRole::kOutput;
  else if (role == "inout") parameter.role = ParameterRole::kInOut;
  else if (role == "scratch") parameter.role = ParameterRole::kScratch;
  else problem(node, fmt::format("parameter '{}' needs a role: input, output, inout or scratch", parameter.name));
}

// A bound of a generator: a number, or an expression over the size fields (integers: [0, num_bins - 1]).
double DeclarationReader::bound(const YAML::Node& node, const LabDeclaration& lab, const std::string& what,
                                std::optional<Expression>& expression_out) {
  try {
    if (node.IsScalar()) return node.as<double>();
  } catch (const YAML::Exception&) {
    expression_out = expression(node, lab, what);
    return 0;
  }
  problem(node, fmt::format("{} must be a number or an expression over the size fields", what));
  return 0;
}

void DeclarationReader::range(const YAML::Node& node, const LabDeclaration& lab, const std::string& what, Generator& generator) {
  if (!node.IsSequence() || node.size() != 2) {
    problem(node, fmt::format("'{}' takes two numbers or expressions, e.g. {}: [-1, 1]", what, what));
    return;
  }
  generator.low = bound(node[0], lab, "'" + what + "'", generator.low_expression);
  generator.high = bound(node[1], lab, "'" + what + "'", generator.high_expression);
}

Generator DeclarationReader::read_generator(const YAML::Node& node, const LabDeclaration& lab) {
  Generator generator;
  using Kind = Generator::Kind;
  if (node.IsScalar()) {
    const std::string name = node.Scalar();
    if (name == "case") generator.kind = Kind::kCase;
    else if (name == "small_integers") generator.kind = Kind::kSmallIntegers;
    else if (name == "permutation") generator.kind = Kind::kPermutation;
    else problem(node, fmt::format("unknown generator '{}' (case, small_integers, permutation, or a mapping such as {{uniform: [-1, 1]}})", name));
    return generator;
  }
  if (!node.IsMap() || node.size() != 1) {
    problem(node,
            "a generator is one of: case, small_integers, permutation, {uniform: [LO, HI]}, {normal: [MEAN, SD]}, "
            "{integers: [LO, HI]}, {constant: V}, {sorted: [LO, HI]}, {skewed: {bins: N, skew: S}}, "
            "{csr_offsets: {...}}, {csr_columns: {...}}, {file: NAME}");
    return generator;
  }
  const std::string kind = node.begin()->first.as<std::string>("");
  const YAML::Node value = node.begin()->second;
  if (kind == "uniform" || kind == "normal" || kind == "integers" || kind == "sorted") {
    generator.kind = kind == "uniform" ? Kind::kUniform : kind == "normal" ? Kind::kNormal : kind == "integers" ? Kind::kIntegers : Kind::kSorted;
    range(value, lab, kind, generator);
  } else if (kind == "constant") {
    generator.kind = Kind::kConstant;
    generator.value = number<double>(value, "'constant'").value_or(0);
  } else if (kind == "skewed") {
    generator.kind = Kind::kSkewed;
    if (!value.IsMap() || !value["bins"]) {
      problem(value, "'skewed' is {bins: N, skew: S}: values in [0, N), the lowest most often");
      return generator;
    }
    generator.bins = static_cast<int64_t>(bound(value["bins"], lab, "'bins'", generator.bins_expression));
    if (generator.bins_expression) generator.bins = 1;
    if (value["skew"]) generator.skew = number<double>(value["skew"], "'skew'").value_or(1.5);
    if (generator.bins < 1) problem(value["bins"], "'bins' must be at least 1");
  } else if (kind == "csr_offsets" || kind == "csr_columns") {
    read_sparse_generator(kind, value, lab, generator);
  } else if (kind == "file") {
    generator.kind = Kind::kFile;
    generator.file = value.as<std::string>("");
    if (!plain_relative_path(generator.file)) problem(value, "'file' names a file in the lab's folder");
    else if (!std::filesystem::is_regular_file(folder_ / generator.file)) problem(value, fmt::format("{} does not exist", (folder_ / generator.file).string()));
  } else {
    problem(node, fmt::format("unknown generator '{}'", kind));
  }
  if ((generator.kind == Kind::kUniform || generator.kind == Kind::kIntegers || generator.kind == Kind::kSorted) &&
      !generator.low_expression && !generator.high_expression && generator.low > generator.high) {
    problem(value, fmt::format("'{}' needs LO <= HI", kind));
  }
  return generator;
}

OutputCheck DeclarationReader::read_check(const YAML::Node& node, const LabDeclaration& lab) {
  OutputCheck check;
  using Kind = OutputCheck::Kind;
  if (node.IsScalar()) {
    const std::string name = node.Scalar();
    if (name == "exact") check.kind = Kind::kExact;
    else if (name == "multiset") check.kind = Kind::kMultiset;
    else if (name == "sorted") check.kind = Kind::kSorted;
    else if (name == "own")
      check.kind = Kind::kOwn;
    else
      problem(node,
              fmt::format("unknown check '{}' (exact, multiset, sorted, own, {{close: ...}} or {{ulps: N}})", name));
    return check;
  }
  if (node.IsMap() && node["ulps"]) {
    check.kind = Kind::kUlps;
    check.ulps = number<int64_t>(node["ulps"], "'ulps'").value_or(0);
    return check;
  }
  if (!node.IsMap() || !node["close"] || !node["close"].IsMap()) {
    problem(node,
            "a check is exact, multiset, sorted, own (the reference's cudagrade_check), {ulps: N} or "
            "{close: {abs: A, rel: R, scale: value|reference, grow: EXPRESSION}}");
    return check;
  }
  const YAML::Node close = node["close"];
  check.kind = Kind::kClose;
  check.abs = close["abs"] ? number<double>(close["abs"], "'abs'").value_or(0) : 0;
  check.rel = close["rel"] ? number<double>(close["rel"], "'rel'").value_or(0) : 0;
  // An absolute bound alone lets an all-zero output pass wherever the answer is small (KernelBench's trap).
  if (check.rel <= 0) problem(close, "'close' needs a relative tolerance 'rel' > 0, so that zeros cannot pass");
  const std::string scale = close["scale"] ? close["scale"].as<std::string>("") : "value";
  if (scale == "reference") check.scale_from_reference = true;
  else if (scale != "value") problem(close["scale"], "'scale' is value (|expected|) or reference (the error scale the reference gives)");
  if (close["grow"]) check.grow = expression(close["grow"], lab, "'grow'");
  // Small integers make many sums exact in any order (matmul's), so a lab may ask for no slack there.
  if (const YAML::Node exact = close["small-integers"]) {
    if (exact.IsMap() && exact["abs"] && exact["rel"]) {
      check.small_integers = std::make_pair(number<double>(exact["abs"], "'abs'").value_or(0),
                                            number<double>(exact["rel"], "'rel'").value_or(0));
    } else {
      problem(exact, "'small-integers' is {abs: A, rel: R}: the tolerance for cases of small integers");
    }
  }
  return check;
}

std::optional<RowSampling> DeclarationReader::read_sampling(const YAML::Node& node, const LabDeclaration& lab) {
  if (!node.IsMap() || !node["work"] || !node["full_up_to"]) {
    problem(node, "'sample' is {work: EXPRESSION, full_up_to: N, edge_rows: 32, spread_rows: 64}");
    return std::nullopt;
  }
  RowSampling sampling;
  sampling.work = expression(node["work"], lab, "'sample.work'");
  sampling.full_work = number<int64_t>(node["full_up_to"], "'full_up_to'").value_or(0);
  if (node["edge_rows"]) sampling.edge_rows = number<int64_t>(node["edge_rows"], "'edge_rows'").value_or(32);
  if (node["spread_rows"]) sampling.spread_rows = number<int64_t>(node["spread_rows"], "'spread_rows'").value_or(64);
  return sampling;
}


}  // namespace cudagrade
