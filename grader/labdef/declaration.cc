#include "labdef/declaration.h"

#include <fmt/format.h>

#include <cstring>
#include <yaml-cpp/yaml.h>

#include "core/files.h"
#include "labdef/declaration_reader.h"

namespace cudagrade {

std::string DeclarationProblem::to_string() const {
  return line > 0 ? fmt::format("{}:{}: {}", file, line, what) : fmt::format("{}: {}", file, what);
}

DeclarationResult parse_declaration(const std::string& text, const std::string& file_name,
                                    const std::filesystem::path& folder) {
  try {
    return DeclarationReader(file_name, folder).read(YAML::Load(text));
  } catch (const YAML::Exception& error) {
    return {std::nullopt, {{file_name, error.mark.line + 1, "YAML syntax error: " + error.msg}}};
  }
}

DeclarationResult load_declaration(const std::filesystem::path& lab_yaml) {
  const std::optional<std::string> text = try_read_file(lab_yaml);
  if (!text) return {std::nullopt, {{lab_yaml.string(), 0, "cannot read the declaration"}}};
  return parse_declaration(*text, lab_yaml.string(), lab_yaml.parent_path());
}

std::string_view to_string(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat: return "float";
    case ScalarType::kInt: return "int";
    case ScalarType::kUnsigned: return "unsigned";
    case ScalarType::kDouble: return "double";
    case ScalarType::kInt64: return "int64_t";
    case ScalarType::kUint8: return "uint8_t";
  }
  return "?";
}

std::string_view to_string(ParameterRole role) {
  switch (role) {
    case ParameterRole::kInput: return "input";
    case ParameterRole::kOutput: return "output";
    case ParameterRole::kInOut: return "inout";
    case ParameterRole::kScratch: return "scratch";
  }
  return "?";
}

uint64_t bits_for_value(double value, ScalarType type) {
  switch (type) {
    case ScalarType::kFloat: {
      const float single = static_cast<float>(value);
      uint32_t bits;
      std::memcpy(&bits, &single, sizeof bits);
      return bits;
    }
    case ScalarType::kDouble: {
      uint64_t bits;
      std::memcpy(&bits, &value, sizeof bits);
      return bits;
    }
    case ScalarType::kUnsigned: return static_cast<uint32_t>(static_cast<int64_t>(value));
    case ScalarType::kInt: return static_cast<uint32_t>(static_cast<int32_t>(value));
    case ScalarType::kInt64: return static_cast<uint64_t>(static_cast<int64_t>(value));
    case ScalarType::kUint8: return static_cast<uint8_t>(static_cast<int64_t>(value));
  }
  return 0;
}

double value_of_bits(uint64_t bits, ScalarType type) {
  switch (type) {
    case ScalarType::kFloat: {
      const uint32_t low = static_cast<uint32_t>(bits);
      float single;
      std::memcpy(&single, &low, sizeof single);
      return single;
    }
    case ScalarType::kDouble: {
      double value;
      std::memcpy(&value, &bits, sizeof value);
      return value;
    }
    case ScalarType::kUnsigned: return static_cast<uint32_t>(bits);
    case ScalarType::kInt: return static_cast<int32_t>(static_cast<uint32_t>(bits));
    case ScalarType::kInt64: return static_cast<double>(static_cast<int64_t>(bits));
    case ScalarType::kUint8: return static_cast<uint8_t>(bits);
  }
  return 0;
}

protocol::ElementType element_type_of(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat: return protocol::ElementType::kFloat32;
    case ScalarType::kDouble: return protocol::ElementType::kFloat64;
    case ScalarType::kInt64: return protocol::ElementType::kInt64;
    case ScalarType::kUint8: return protocol::ElementType::kUint8;
    case ScalarType::kInt:
    case ScalarType::kUnsigned: return protocol::ElementType::kInt32;
  }
  return protocol::ElementType::kInt32;
}

}  // namespace cudagrade
