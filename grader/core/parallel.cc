#include "core/parallel.h"

#include <sched.h>

namespace cudagrade {

int64_t usable_cores() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0 && CPU_COUNT(&allowed) > 0) return CPU_COUNT(&allowed);
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace cudagrade
