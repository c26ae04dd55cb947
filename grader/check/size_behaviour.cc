#include "check/size_behaviour.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "check/modelled_time.h"
#include "model/launch_account.h"

namespace cudagrade {
namespace {

struct Behaviour {
  bool uses_shared = false;
  double sectors_over_ideal = 0;  // 0 where the call touched no global memory
};

std::optional<Behaviour> behaviour_of(const std::string& kernels) {
  const std::optional<CountedLaunches> launches = parse_counted_launches(kernels);
  if (!launches) return std::nullopt;
  uint64_t sectors = 0, ideal = 0, wavefronts = 0;
  for (const LaunchShapeCost& shape : launches->shapes) {
    sectors += shape.global_load_sectors + shape.global_store_sectors;
    ideal += shape.global_load_ideal_sectors + shape.global_store_ideal_sectors;
    wavefronts += shape.shared_wavefronts;
  }
  return Behaviour{wavefronts > 0, ideal > 0 ? static_cast<double>(sectors) / static_cast<double>(ideal) : 0};
}

const char* shared_use(bool uses_shared) { return uses_shared ? "used shared memory" : "used no shared memory"; }

}  // namespace

std::string code_difference(const CountedCall& listed, const CountedCall& other) {
  const LaunchAccountText listed_kernels = parse_launch_account(listed.launches);
  const LaunchAccountText other_kernels = parse_launch_account(other.launches);
  if (!listed_kernels.names_hash.empty() && !other_kernels.names_hash.empty() &&
      listed_kernels.names_hash != other_kernels.names_hash) {
    return fmt::format("it launched {{{}}} there and {{{}}} at the listed size", other_kernels.kernels,
                       listed_kernels.kernels);
  }
  const std::optional<Behaviour> at_listed = behaviour_of(listed.kernels);
  const std::optional<Behaviour> at_other = behaviour_of(other.kernels);
  if (!at_listed || !at_other) return "";
  if (at_listed->uses_shared != at_other->uses_shared) {
    return fmt::format("it {} there and {} at the listed size", shared_use(at_other->uses_shared),
                       shared_use(at_listed->uses_shared));
  }
  const double low = std::min(at_listed->sectors_over_ideal, at_other->sectors_over_ideal);
  const double high = std::max(at_listed->sectors_over_ideal, at_other->sectors_over_ideal);
  if (low > 0 && high > kMostCoalescingChange * low) {
    return fmt::format("its global accesses touched {:.2f} times the fewest sectors there and {:.2f} at the "
                       "listed size", at_other->sectors_over_ideal, at_listed->sectors_over_ideal);
  }
  return "";
}

}  // namespace cudagrade
