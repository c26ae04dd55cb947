#include "model/testcase.h"

#include "model/enum_names.h"

namespace cudagrade {
namespace {

constexpr NameTable<CaseKind, 6> kKindNames = {{
    {CaseKind::kSquare, "square"},
    {CaseKind::kNonMultiple, "non-multiple"},
    {CaseKind::kRectangular, "rectangular"},
    {CaseKind::kBoundary, "boundary"},
    {CaseKind::kPerformance, "performance"},
    {CaseKind::kEfficiency, "efficiency"},
}};

constexpr NameTable<Distribution, 2> kDistributionNames = {{
    {Distribution::kSmallIntegers, "small-integers"},
    {Distribution::kUniformFloat, "uniform-float"},
}};

constexpr NameTable<SpeedWithoutGpu, 3> kSpeedWithoutGpuNames = {{
    {SpeedWithoutGpu::kExclude, "exclude"},
    {SpeedWithoutGpu::kZero, "zero"},
    {SpeedWithoutGpu::kEfficiency, "efficiency"},
}};

}  // namespace

std::string_view to_string(CaseKind kind) {
  return name_in(kKindNames, kind);
}
std::optional<CaseKind> case_kind_from_string(std::string_view text) {
  return value_named(kKindNames, text);
}
std::string_view to_string(Distribution distribution) {
  return name_in(kDistributionNames, distribution);
}
std::optional<Distribution> distribution_from_string(std::string_view text) {
  return value_named(kDistributionNames, text);
}

std::string_view to_string(SpeedWithoutGpu policy) {
  return name_in(kSpeedWithoutGpuNames, policy);
}
std::optional<SpeedWithoutGpu> speed_without_gpu_from_string(std::string_view text) {
  return value_named(kSpeedWithoutGpuNames, text);
}

}  // namespace cudagrade
