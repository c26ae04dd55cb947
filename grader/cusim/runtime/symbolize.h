// Code addresses to the student's source lines, for race reports. The simulator's runner is built with -g
// and the rewritten source carries #line directives, so binutils' addr2line, run on the runner's executable
// by the grader (run/source_lines.h), names the line in the student's .cu file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cusim.h"

namespace cusim {

// A marker, "{{cusim-line 0x1234}}", for a return address in the runner's executable, which the grader
// turns into "line 12" for the student's file (the innermost inlined frame outside cusim's headers),
// "file.h:12" for another file, or "an unknown line".
std::string source_line(uintptr_t return_address);
// The call's own address as an offset into the file it was loaded from, which addr2line reads; nullopt when no
// loaded file holds it.
std::optional<uintptr_t> file_offset(uintptr_t return_address);

std::string triple(uint3 value);

}  // namespace cusim
