// The C library calls of a student's object that write memory out of -fsanitize=thread's sight, and the
// checked twins the simulator's runtime defines for them (cusim/runtime/checked_calls.cc, race_hooks.cc). The
// join (sim_toolchain.cc) renames every call of the file's object to its twin, after the file compiled and
// beyond its reach, so the race checker sees what the C library reads and writes for the file: a kernel's
// memcpy with a run-time size is then checked and counted like the loads and stores it stands for, and a call
// that would write the runner's own variables ends the run.
#pragma once

#include <string_view>
#include <utility>

namespace cudagrade {

// {the C library's name, its checked twin}: every call the symbol policy allows that writes through a pointer
// the file passes, or prints (printf's %n, a stream of the file's making).
inline constexpr std::pair<std::string_view, std::string_view> kCheckedCalls[] = {
    {"memcpy", "__tsan_memcpy"},
    {"memmove", "__tsan_memmove"},
    {"memset", "__tsan_memset"},
    {"__memcpy_chk", "__cusim_checked_memcpy_chk"},
    {"__memmove_chk", "__cusim_checked_memmove_chk"},
    {"__memset_chk", "__cusim_checked_memset_chk"},
    {"strcpy", "__cusim_checked_strcpy"},
    {"__strcpy_chk", "__cusim_checked_strcpy_chk"},
    {"strcat", "__cusim_checked_strcat"},
    {"stpcpy", "__cusim_checked_stpcpy"},
    {"strncpy", "__cusim_checked_strncpy"},
    {"__strcat_chk", "__cusim_checked_strcat_chk"},
    {"sprintf", "__cusim_checked_sprintf"},
    {"__sprintf_chk", "__cusim_checked_sprintf_chk"},
    {"snprintf", "__cusim_checked_snprintf"},
    {"__snprintf_chk", "__cusim_checked_snprintf_chk"},
    {"printf", "__cusim_checked_printf"},
    {"__printf_chk", "__cusim_checked_printf_chk"},
    {"__vprintf_chk", "__cusim_checked_vprintf_chk"},
    {"fprintf", "__cusim_checked_fprintf"},
    {"__fprintf_chk", "__cusim_checked_fprintf_chk"},
    {"__vfprintf_chk", "__cusim_checked_vfprintf_chk"},
    {"puts", "__cusim_checked_puts"},
    {"putchar", "__cusim_checked_putchar"},
    {"fputs", "__cusim_checked_fputs"},
    {"fputc", "__cusim_checked_fputc"},
    {"fwrite", "__cusim_checked_fwrite"},
    {"fflush", "__cusim_checked_fflush"},
};

}  // namespace cudagrade
