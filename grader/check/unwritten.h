// Output elements that still hold their poison: never written by the student's code.
#pragma once

#include <cstdint>

#include "model/elements.h"

namespace cudagrade {

// How many elements of an output still hold their poison, counted on all cores. 0 for a type whose poison is a
// value a right answer may hold (elements.h's poison_marks_unwritten).
int64_t count_unwritten(const Elements& output);

}  // namespace cudagrade
