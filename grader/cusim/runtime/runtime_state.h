// What the simulator's runtime API calls share across their files (api.cc: memory, copies, launches, errors;
// device_queries.cc: what the device says of itself): the last error, the dynamic shared-memory opt-in, and
// the guard on writes made for the file. None of it is on the symbol list a student's object may name
// (sim/sim_toolchain.cc), so a file reaches it only as the runtime's calls do.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cusim.h"

namespace cusim {

extern cudaError_t g_last_error;
// What a launch may ask of dynamic shared memory: 48 KiB unless cudaFuncSetAttribute opted in to more.
extern size_t g_dynamic_shared_limit;

// A write the file asks the runtime to make for it (an answer through an out-parameter, a copy's
// destination) is held to the rule its own stores are: none into the runner's own variables (race_checker.h).
// `caller` is the file's call site, for the report.
void guard_out(const void* pointer, size_t bytes, const void* caller);

// Keeps a failure for cudaGetLastError, as CUDA does, and returns it.
cudaError_t record(cudaError_t error);

}  // namespace cusim

// The file's call site, inside a runtime call it made.
#define CUSIM_CALLER __builtin_return_address(0)
