// Shared memory in the simulator. Static __shared__ arrays are function-local statics (blocks run one at a
// time, so one copy serves every block); dynamic shared memory is one buffer. Both are refilled with a
// garbage pattern at every block start, so a read of shared memory nobody wrote this block gives NaNs and
// nonsense, as stale shared memory would on a GPU, instead of last block's values.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace cusim {

inline constexpr unsigned char kSharedGarbage = 0xFF;  // a NaN in every float and double, -1 in every int
inline constexpr size_t kMaxDynamicShared = 227 * 1024;
inline constexpr size_t kDefaultDynamicShared = 48 * 1024;

void refill_shared_memory(size_t dynamic_bytes);

// What a race report says about an address: "shared array 'As' (declared at line 12)".
std::optional<std::string> describe_shared_address(const void* address);

}  // namespace cusim
