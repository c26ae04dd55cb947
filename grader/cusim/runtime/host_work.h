// Host work passed off as GPU work, seen in the race checker's shadow (race_shadow.h). While the student's
// call runs (from watch_call on), the runtime's copies are noted there as accesses by no thread: a device word
// last written by a copy from host memory, or an input of which no word was touched by a kernel or read by a
// device-side copy, is the evidence. The harness's uploads and downloads happen outside the call and are not noted;
// only the first order, which records, notes anything.
#pragma once

#include <cstddef>

namespace cusim::race {

void watch_call();
void note_host_to_device(const void* destination, size_t bytes);
void note_device_to_device(const void* destination, const void* source, size_t bytes);
// A read of device memory by the device outside a kernel: the source of a copy into a symbol.
void note_device_read(const void* source, size_t bytes);
// Whether some 4-byte word of [begin, begin + bytes) was last written by a copy from the host during the call.
bool written_from_host(const void* begin, size_t bytes);
// Whether no 4-byte word of [begin, begin + bytes) was read or written by a kernel, or copied by the device,
// during the call.
bool untouched_by_device(const void* begin, size_t bytes);

}  // namespace cusim::race
