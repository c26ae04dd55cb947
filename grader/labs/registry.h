// The labs this grader knows: every lab declared as data under <root>/labs/<lab>/lab.yaml, read at run time.
// The grader holds no lab of its own.
#pragma once

#include <string_view>
#include <vector>

#include "core/paths.h"
#include "labdef/declaration.h"
#include "model/lab.h"

namespace cudagrade {

const std::vector<const Lab*>& all_labs();
// The lab of that name, or nullptr. A declared lab whose declaration has problems is not found;
// declaration_problems() says why.
const Lab* find_lab(std::string_view name);

// Reads every labs/*/lab.yaml under paths.root, replacing the labs read before. main() calls it once the
// command line has named the root; a declaration with problems is left out and its problems kept.
void load_declared_labs(const ProjectPaths& paths);
const std::vector<DeclarationProblem>& declaration_problems();

}  // namespace cudagrade
