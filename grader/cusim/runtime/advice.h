// What the simulator saw that is valid CUDA but worth a word to the student: a shuffle that read a lane not
// taking part, warps meeting at __syncthreads() on different lines. Kept per checked call and sent with the
// reply as fields without spaces; the grader words them (pipeline/grader_orders.cc). Advice only: it never
// changes a verdict, so a runner that forges or drops it gains nothing.
#pragma once

#include <string>

namespace cusim::advice {

// A read of a lane that did not take part, since the last take_fields(): the first on each of up to three lines.
void note_undefined_read(int line, const char* operation, int reader_lane, int source_lane, unsigned mask);
// The first barrier whose warps waited on two different lines, since the last take_fields().
void note_split_barrier(int first_line, int other_line);
// " undefined=LINE:OP:READER:SOURCE:MASK[,...] barriers=LINE:LINE", the fields noted so far (or ""), and forgets
// them.
std::string take_fields();

}  // namespace cusim::advice
