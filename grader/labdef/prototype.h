// The function a lab's students write, read from its C prototype as the declaration spells it (and as the
// lab's header must declare it): "void vector_add(const float* A, const float* B, float* C, int n)".
#pragma once

#include <string>
#include <vector>

#include "labdef/declaration.h"

namespace cudagrade {

struct PrototypeParameter {
  std::string name;
  ScalarType type = ScalarType::kFloat;
  bool is_const = false;
  bool is_pointer = false;
};

struct PrototypeParse {
  std::string name;
  std::vector<PrototypeParameter> parameters;
  std::string problem;  // empty when it parsed
};

PrototypeParse parse_prototype(const std::string& text);

// The prototype in one canonical spelling, for comparing the declaration's with the header's.
std::string canonical_prototype(const PrototypeParse& parsed);

}  // namespace cudagrade
