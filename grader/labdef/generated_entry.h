// The runner's entry for a declared lab (harness/entry.h), generated from its prototype: the student's function
// called with the arena's buffers, in the prototype's order, and the case's sizes.
#pragma once

#include <string>

#include "labdef/declaration.h"

namespace cudagrade {

std::string generated_entry(const LabDeclaration& declaration);

}  // namespace cudagrade
