// The one function a lab supplies to the runner (generated from its prototype, labdef/declared_lab.h): call the student's function
// with the data pointers of one buffer set, in the order the lab's grader plug-in lays the buffers out.
#pragma once

#include <cstdint>

void cudagrade_call_entry(void* const* data, const int64_t* dims);
