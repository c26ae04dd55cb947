// The names of a kernel's parameters, read from its definition, for the simulator's account of a launch's
// arguments (model/launch_account.h): the rewriter passes them to cusim::enter_kernel_reading at the start of
// the body, where each holds the instantiation's own type and the value the launch passed. The GPU runner
// reads the same parameters from the launch's argument buffer, so a file that passes its kernel a flag (race
// or not) only where it believes it runs on a GPU shows as a difference between the two runs.
//
// A name that is not certain is never given, since a wrong one (a type taken for a name) would make a correct
// file fail to compile: a parameter without a name (`float*`, `const size_t`, `T* __restrict__`), a pack, a
// function pointer, a word the file #defines before the name, or a list that spans a preprocessor line makes
// the whole list unread (nullopt), and the launch's parameters are then not compared.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sim/device_names.h"
#include "sim/source_scan.h"

namespace cudagrade {

class KernelParameterNames {
 public:
  // Reads the names the file #defines once, for every kernel of `scan`.
  explicit KernelParameterNames(const SourceScan& scan);
  std::optional<std::vector<std::string>> of(const KernelDeclaration& kernel) const;

 private:
  const SourceScan& scan_;
  std::set<std::string> macros_;  // a word the file #defines, before a parameter's last, may spell anything
};

}  // namespace cudagrade
