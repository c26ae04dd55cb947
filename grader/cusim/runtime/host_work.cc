#include "cusim/runtime/host_work.h"

#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/race_shadow.h"

namespace cusim::race {

namespace {

// Copies are noted as accesses by no thread, so they never race and never order anything; slot tells them
// apart: a copy from the host, or a copy from device memory (whose data a kernel or the harness made).
constexpr int16_t kHostCopy = -2;
constexpr int16_t kDeviceCopy = -3;
uint32_t g_call_phase = UINT32_MAX;  // the first phase of the student's call being watched

void note_copy(uintptr_t destination, size_t bytes, int16_t slot, const uintptr_t* source) {
  ++g_epoch;  // the copy rewrites shadows: no word stays quiet
  for (uintptr_t word = destination & ~uintptr_t{3}; word < destination + bytes; word += 4) {
    const bool host_made =
        source != nullptr && global_shadow(*source + (word - destination)).word().write.slot() == kHostCopy;
    // A device copy of host-made data is still host-made.
    global_shadow(word).word().write = Access(g_phase, host_made ? kHostCopy : slot, 0, 0xF, false);
  }
}

bool any_word(const void* begin, size_t bytes, bool (*test)(const ShadowWord&)) {
  const auto first = reinterpret_cast<uintptr_t>(begin) & ~uintptr_t{3};
  const uintptr_t end = reinterpret_cast<uintptr_t>(begin) + bytes;
  for (uintptr_t word = first; word < end; word += 4) {
    if (test(global_shadow(word).word())) return true;
  }
  return false;
}

bool in_call(const Access& access) { return access.phase >= g_call_phase; }

}  // namespace

void watch_call() { g_call_phase = ++g_phase; }

void note_host_to_device(const void* destination, size_t bytes) {
  if (!g_recording || g_call_phase == UINT32_MAX) return;
  note_copy(reinterpret_cast<uintptr_t>(destination), bytes, kHostCopy, nullptr);
}

void note_device_read(const void* source, size_t bytes) {
  if (!g_recording || g_call_phase == UINT32_MAX) return;
  const auto from = reinterpret_cast<uintptr_t>(source);
  ++g_epoch;
  // The source was read by the device: an input copied before a kernel uses it has been used.
  for (uintptr_t word = from & ~uintptr_t{3}; word < from + bytes; word += 4) {
    ShadowWord& shadow = global_shadow(word).word();
    if (!in_call(shadow.first_read)) shadow.first_read = Access(g_phase, kDeviceCopy, 0, 0xF, false);
  }
}

void note_device_to_device(const void* destination, const void* source, size_t bytes) {
  if (!g_recording || g_call_phase == UINT32_MAX) return;
  note_device_read(source, bytes);
  const auto from = reinterpret_cast<uintptr_t>(source);
  note_copy(reinterpret_cast<uintptr_t>(destination), bytes, kDeviceCopy, &from);
}

bool written_from_host(const void* begin, size_t bytes) {
  return any_word(begin, bytes,
                  [](const ShadowWord& word) { return word.write.slot() == kHostCopy && in_call(word.write); });
}

// Every word untouched, not some: a correct kernel may have no use for part of an input (a convolution's mask
// rows that fall outside an image smaller than the mask), and it must not be taken for host work.
bool untouched_by_device(const void* begin, size_t bytes) {
  return bytes > 0 && !any_word(begin, bytes, [](const ShadowWord& word) {
    return in_call(word.write) || in_call(word.first_read) || in_call(word.other_read);
  });
}

}  // namespace cusim::race
