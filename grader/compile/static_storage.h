// Where the student's object keeps its writable static data. The simulator watches the object's .data and
// .bss (and every section whose name begins with them) as device memory (cusim/runtime/device_statics.h): a
// __device__ variable there is race-checked and counted like a cudaMalloc buffer. A variable placed in a
// writable section of its own name (`__attribute__((section("stash")))`) would be neither, so the object
// may have no such section (issue #33: "__device__ arrays are neither shadowed nor counted"). Nor may it keep
// thread_local storage (.tdata, .tbss): that lies outside the watched bounds, and CUDA has none in device code.
#pragma once

#include <string>

#include "compile/elf_listing.h"

namespace cudagrade {

struct StaticStorageVerdict {
  enum class Outcome {
    kAllowed,
    kOwnSection,        // a writable, allocated section the simulator does not watch
    kThreadLocal,       // thread_local storage: each of the simulator's worker threads would hold its own copy
    kUnlistedSections,  // readelf listed sections this check could not read: it cannot vouch for them
  } outcome = Outcome::kAllowed;
  std::string section;  // the section refused
};

StaticStorageVerdict judge_static_storage(const ElfListing& object);

// The teaching message for a refused verdict.
std::string describe_static_storage_refusal(const StaticStorageVerdict& verdict);

}  // namespace cudagrade
