// The simulator's runner names the code addresses of a race (cusim/runtime/symbolize.h) as markers,
// "{{cusim-line 0x1234}}": it may start no process (core/syscall_filter.h), so the grader runs binutils'
// addr2line on the runner's executable, once for all the markers of a message, and writes the lines in.
#pragma once

#include <filesystem>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/command_runner.h"

namespace cudagrade {

// `text` with each marker replaced: "line 12" for the student's .cu file (the innermost inlined frame outside
// the simulator's own headers), "file.h:12" for another file, "an unknown line" when addr2line cannot say.
std::string with_source_lines(const std::string& text, const std::filesystem::path& program, CommandRunner& runner);

// The student's .cu line of each code offset in `program`, for those addr2line places in a .cu file.
std::map<uint64_t, int> student_lines(const std::vector<uint64_t>& offsets, const std::filesystem::path& program,
                                      CommandRunner& runner);

}  // namespace cudagrade
