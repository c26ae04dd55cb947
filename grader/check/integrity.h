// Lab-independent checks on what came back: writes outside a buffer and changes to inputs. Both make a
// case wrong whatever the output holds.
#pragma once

#include <optional>
#include <string>

#include "check/unwritten.h"
#include "model/workload.h"
#include "run/arena.h"

namespace cudagrade {

// "C[row 3, col 7]" for a matrix, "in[12]" for a vector.
std::string element_name(const HostBuffer& buffer, size_t index);

// Why the guard zones around any buffer of this set are damaged, or nullopt when they are intact.
std::optional<std::string> describe_guard_damage(const Arena& arena, size_t set, const Workload& sent);

// Why an input of this set differs from what was sent, or nullopt when every input is unchanged.
std::optional<std::string> describe_input_changes(const Arena& arena, size_t set, const Workload& sent);

}  // namespace cudagrade
