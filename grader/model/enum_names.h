// One way to name an enum's values: a constexpr table of {value, name} pairs, read in both directions.
// Every enum that is written to a report or read from YAML or JSON uses it, so each name is spelled once.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <utility>

namespace cudagrade {

template <typename Enum, size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

template <typename Enum, size_t N>
std::string_view name_in(const NameTable<Enum, N>& table, Enum value) {
  for (const auto& [candidate, name] : table) {
    if (candidate == value) return name;
  }
  return "unknown";
}

template <typename Enum, size_t N>
std::optional<Enum> value_named(const NameTable<Enum, N>& table, std::string_view text) {
  for (const auto& [value, name] : table) {
    if (name == text) return value;
  }
  return std::nullopt;
}

// The value's position in the table, for tables that are ordered on purpose (severity, say).
template <typename Enum, size_t N>
int position_in(const NameTable<Enum, N>& table, Enum value) {
  for (size_t i = 0; i < N; ++i) {
    if (table[i].first == value) return static_cast<int>(i);
  }
  return 0;
}

}  // namespace cudagrade
