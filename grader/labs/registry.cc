#include "labs/registry.h"

namespace cudagrade {

// The labs, one line each: a folder under grader/labs/ whose sources define `const Lab& <name>_lab()`. Every
// line ends in a backslash, so that a new lab is one added line and no other line changes.
#define CUDAGRADE_LABS(LAB) \
  LAB(matmul)               \
  LAB(reduction)            \
  LAB(transpose)            \
  /* the end of the list */

#define CUDAGRADE_DECLARE_LAB(name) const Lab& name##_lab();
CUDAGRADE_LABS(CUDAGRADE_DECLARE_LAB)

const std::vector<const Lab*>& all_labs() {
#define CUDAGRADE_LAB_ENTRY(name) &name##_lab(),
  static const std::vector<const Lab*> labs = {CUDAGRADE_LABS(CUDAGRADE_LAB_ENTRY)};
  return labs;
}

const Lab* find_lab(std::string_view name) {
  for (const Lab* lab : all_labs()) {
    if (lab->name() == name) return lab;
  }
  return nullptr;
}

}  // namespace cudagrade
