#include "sim/pass_join.h"

#include <fmt/format.h>

#include <cstring>
#include <map>
#include <set>

#include "model/launch_account.h"

namespace cudagrade {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool defined_outside(const ElfSymbol& symbol) {
  return symbol.section && symbol.binding != "LOCAL" && !symbol.name.empty() && symbol.type != "SECTION" &&
         symbol.type != "FILE";
}

bool is_kernel(const ElfSymbol& symbol, const DeviceNames& names) {
  return symbol.type == "FUNC" && defined_outside(symbol) && !library_symbol(symbol.name) &&
         names.kernels.count(symbol_identifier(symbol.name)) != 0;
}

// The global variables the device pass's kernels reach: through relocations of their code, of the functions
// that code calls and of the variables it refers to, transitively. Functions and local variables are walked
// through, not kept: a function reached is the device view's, which host code must not call.
std::set<std::string> reached_from_kernels(const ElfListing& object, const std::set<std::string>& kernels) {
  std::map<std::string, const ElfRelocationSection*> relocations_of;
  for (const ElfRelocationSection& relocations : object.relocation_sections) {
    relocations_of[relocations.patches] = &relocations;
  }
  std::vector<int> pending;
  std::set<int> seen;
  for (const ElfSymbol& symbol : object.symbols) {
    if (symbol.section && kernels.count(symbol.name) != 0 && seen.insert(*symbol.section).second) {
      pending.push_back(*symbol.section);
    }
  }
  std::set<std::string> reached;
  while (!pending.empty()) {
    const ElfSection* section = object.section(pending.back());
    pending.pop_back();
    if (section == nullptr) continue;
    const auto found = relocations_of.find(section->name);
    if (found == relocations_of.end()) continue;
    for (const ElfRelocation& relocation : found->second->relocations) {
      const ElfSymbol* target = object.symbol(relocation.symbol_index);
      if (target == nullptr || !target->section) continue;  // the runtime's, or a library's
      if (defined_outside(*target) && target->type == "OBJECT") reached.insert(target->name);
      if (seen.insert(*target->section).second) pending.push_back(*target->section);
    }
  }
  return reached;
}

// The symbols code or data of the object refers to: what debug and unwind tables name is not a use.
std::set<std::string> referenced(const ElfListing& object) {
  std::set<std::string> names;
  for (const ElfRelocationSection& relocations : object.relocation_sections) {
    if (starts_with(relocations.patches, ".debug") || starts_with(relocations.patches, ".eh_frame")) continue;
    for (const ElfRelocation& relocation : relocations.relocations) {
      if (const ElfSymbol* target = object.symbol(relocation.symbol_index)) names.insert(target->name);
    }
  }
  return names;
}

}  // namespace

bool library_symbol(std::string_view name) {
  if (!starts_with(name, "_Z")) return false;  // a C name: the file's own
  name.remove_prefix(2);
  for (std::string_view special : {"TV", "TT", "TI", "TS", "GV", "GR", "TH", "TW"}) {
    if (starts_with(name, special)) {
      name.remove_prefix(2);
      break;
    }
  }
  if (starts_with(name, "Z")) name.remove_prefix(1);  // a local entity, named by its function's encoding
  if (starts_with(name, "N")) {
    name.remove_prefix(1);
    while (!name.empty() && std::strchr("rVKRO", name.front()) != nullptr) name.remove_prefix(1);
  }
  if (name.size() >= 2 && name[0] == 'S' && std::strchr("tabsiod", name[1]) != nullptr) return true;
  for (std::string_view library : {"5cusim", "9__gnu_cxx", "10__cxxabiv1", "11__gnu_debug"}) {
    if (starts_with(name, library)) return true;
  }
  return false;
}

PassJoinPlan plan_pass_join(const ElfListing& device_pass, const ElfListing& host_pass, const DeviceNames& names) {
  PassJoinPlan plan;
  // The host pass's kernels are weak (cusim.h): a strong definition of a kernel's name is a host overload.
  std::set<std::string> host_strong, kernels, kept;
  for (const ElfSymbol& symbol : host_pass.symbols) {
    if (defined_outside(symbol) && symbol.binding == "GLOBAL") host_strong.insert(symbol.name);
  }
  for (const ElfSymbol& symbol : device_pass.symbols) {
    if (is_kernel(symbol, names) && host_strong.count(symbol.name) == 0) kernels.insert(symbol.name);
  }
  const std::set<std::string> host_uses = referenced(host_pass);
  for (const ElfSymbol& symbol : host_pass.symbols) {
    if (is_kernel(symbol, names) && symbol.binding == "WEAK" && kernels.count(symbol.name) == 0 &&
        host_uses.count(symbol.name) != 0) {
      plan.outcome = PassJoinPlan::Outcome::kKernelOnlyInHostPass;
      plan.kernel = symbol.name;
      return plan;
    }
  }
  const std::set<std::string> reached = reached_from_kernels(device_pass, kernels);
  for (const ElfSymbol& symbol : device_pass.symbols) {
    if (!defined_outside(symbol)) continue;
    if (kernels.count(symbol.name) != 0 || reached.count(symbol.name) != 0 || library_symbol(symbol.name)) {
      kept.insert(symbol.name);
    } else {
      plan.device_pass_renamed.push_back(symbol.name);
    }
  }
  for (const ElfSymbol& symbol : host_pass.symbols) {
    if (defined_outside(symbol) && kept.count(symbol.name) != 0) plan.host_pass_weakened.push_back(symbol.name);
  }
  return plan;
}

std::string describe_kernel_only_in_host_pass(const PassJoinPlan& plan, const std::string& file_name) {
  std::string name = plan.kernel;
  int status = 0;
  if (char* demangled = abi::__cxa_demangle(plan.kernel.c_str(), nullptr, nullptr, &status)) {
    if (status == 0) name = demangled;
    std::free(demangled);
  }
  return fmt::format(
      "{}: kernel {} is launched only from code that nvcc's device pass does not compile (where "
      "__CUDA_ARCH__ is defined), so nvcc builds no device code for it and its launch fails with \"invalid device "
      "function\". Launch the same kernels, with the same template arguments, whether __CUDA_ARCH__ is defined or "
      "not",
      file_name, name);
}

}  // namespace cudagrade
