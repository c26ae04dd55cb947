#include "testcases/testcase.h"

#include <array>
#include <utility>

namespace cudagrade {
namespace {

constexpr std::array<std::pair<CaseKind, std::string_view>, 5> kKindNames = {{
    {CaseKind::kSquare, "square"},
    {CaseKind::kNonMultiple, "non-multiple"},
    {CaseKind::kRectangular, "rectangular"},
    {CaseKind::kBoundary, "boundary"},
    {CaseKind::kPerformance, "performance"},
}};

constexpr std::array<std::pair<Distribution, std::string_view>, 2> kDistributionNames = {{
    {Distribution::kSmallIntegers, "small-integers"},
    {Distribution::kUniformFloat, "uniform-float"},
}};

template <typename Enum, size_t N>
std::string_view name_of(const std::array<std::pair<Enum, std::string_view>, N>& table, Enum value) {
  for (const auto& [candidate, name] : table) {
    if (candidate == value) return name;
  }
  return "unknown";
}

template <typename Enum, size_t N>
std::optional<Enum> value_of(const std::array<std::pair<Enum, std::string_view>, N>& table, std::string_view text) {
  for (const auto& [value, name] : table) {
    if (name == text) return value;
  }
  return std::nullopt;
}

}  // namespace

std::string_view to_string(CaseKind kind) {
  return name_of(kKindNames, kind);
}
std::optional<CaseKind> case_kind_from_string(std::string_view text) {
  return value_of(kKindNames, text);
}
std::string_view to_string(Distribution distribution) {
  return name_of(kDistributionNames, distribution);
}
std::optional<Distribution> distribution_from_string(std::string_view text) {
  return value_of(kDistributionNames, text);
}

}  // namespace cudagrade
