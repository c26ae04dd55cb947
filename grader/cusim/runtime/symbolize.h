// Code addresses to the student's source lines, for race reports. The simulator's runner is built with -g
// and the rewritten source carries #line directives, so binutils' addr2line, run on our own executable,
// names the line in the student's .cu file.
#pragma once

#include <cstdint>
#include <string>

#include "cusim.h"

namespace cusim {

// "line 12" for a return address in the student's file (the innermost inlined frame outside cusim's
// headers); "file.h:12" in another file; "an unknown line" when addr2line cannot say.
std::string source_line(uintptr_t return_address);

std::string triple(uint3 value);

}  // namespace cusim
