#include "labs/registry.h"

#include "labs/matmul/matmul_lab.h"
#include "labs/reduction/reduction_lab.h"

namespace cudagrade {

const std::vector<const Lab*>& all_labs() {
  static const MatmulLab matmul;
  static const ReductionLab reduction;
  static const std::vector<const Lab*> labs = {&matmul, &reduction};
  return labs;
}

const Lab* find_lab(std::string_view name) {
  for (const Lab* lab : all_labs()) {
    if (lab->name() == name) return lab;
  }
  return nullptr;
}

}  // namespace cudagrade
