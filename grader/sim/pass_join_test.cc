#include "sim/pass_join.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("a library's symbols are told from the file's own by their mangled names", "[sim][passes]") {
  for (const char* library : {"_ZSt4swapIiEvRT_S1_", "_ZNSt6vectorIiSaIiEE9push_backERKi",
                              "_ZNKSt6vectorIiSaIiEE4sizeEv", "_ZN5cusim6launchIJPfEEEvNS_12LaunchConfigEPKcT_DpT0_",
                              "_ZZN5cusim8registryEvE5table", "_ZGVZN5cusim8registryEvE5table", "_ZTVN5cusim4BaseE",
                              "_ZN9__gnu_cxx13new_allocatorIiE8allocateEm", "_ZNSaIiED2Ev", "_ZNSsC1Ev"}) {
    INFO(library);
    CHECK(library_symbol(library));
  }
  for (const char* own : {"_Z6matmulPKfS0_Pfiii", "_Z5tiledPKfS0_Pfiii", "one_set_by_the_host", "_ZL7weights",
                          "_ZN15__cusim_unnamed10block_sumsEPKiPii", "_ZZ5tiledPKfS0_PfiiiE2As", "_ZTV6Helper",
                          "_ZN3stdx4swapEv", "_ZN7cusimple1fEv"}) {
    INFO(own);
    CHECK_FALSE(library_symbol(own));
  }
}

ElfSymbol symbol(uint64_t index, std::string name, std::string type, std::string binding, std::optional<int> section) {
  ElfSymbol result;
  result.index = index;
  result.name = std::move(name);
  result.type = std::move(type);
  result.binding = std::move(binding);
  result.section = section;
  return result;
}

ElfSection section(int index, std::string name) {
  ElfSection result;
  result.index = index;
  result.name = std::move(name);
  result.flags = "AX";
  return result;
}

// A kernel k that calls a device function helper that reads the device variable table; a host function
// launch; a host global setting; std code.
ElfListing device_pass() {
  ElfListing object;
  object.sections = {section(1, ".text._Z1kPf"),     section(2, ".text._Z6helperv"), section(3, ".bss.table"),
                     section(4, ".text._Z6launchv"), section(5, ".data.setting"),    section(6, ".text._ZSt3maxIiE")};
  object.symbols = {
      symbol(0, "", "NOTYPE", "LOCAL", std::nullopt),        symbol(1, "_Z1kPf", "FUNC", "GLOBAL", 1),
      symbol(2, "_Z6helperv", "FUNC", "GLOBAL", 2),          symbol(3, "table", "OBJECT", "GLOBAL", 3),
      symbol(4, "_Z6launchv", "FUNC", "GLOBAL", 4),          symbol(5, "setting", "OBJECT", "GLOBAL", 5),
      symbol(6, "_ZSt3maxIiERKT_S2_S2_", "FUNC", "WEAK", 6), symbol(7, "cudaMalloc", "NOTYPE", "GLOBAL", std::nullopt)};
  object.relocation_sections = {
      {".rela.text._Z1kPf", ".text._Z1kPf", {{0, 2, "R_X86_64_PLT32", 0}}},
      {".rela.text._Z6helperv", ".text._Z6helperv", {{0, 3, "R_X86_64_PC32", 0}}},
      {".rela.text._Z6launchv", ".text._Z6launchv", {{0, 1, "R_X86_64_PLT32", 0}, {0, 5, "R_X86_64_PC32", 0}}}};
  return object;
}

TEST_CASE("the join keeps the device pass's kernels and the variables they reach, renames the rest of its own",
          "[sim][passes]") {
  DeviceNames names;
  names.kernels = {"k"};
  ElfListing host = device_pass();
  host.symbols[1].binding = "WEAK";  // cusim.h's host pass kernels
  const PassJoinPlan plan = plan_pass_join(device_pass(), host, names);
  REQUIRE(plan.outcome == PassJoinPlan::Outcome::kJoinable);
  CHECK(plan.device_pass_renamed == std::vector<std::string>{"_Z6helperv", "_Z6launchv", "setting"});
  CHECK(plan.host_pass_weakened == std::vector<std::string>{"_Z1kPf", "table", "_ZSt3maxIiERKT_S2_S2_"});
}

TEST_CASE("a kernel the host pass launches and the device pass never defines is refused", "[sim][passes]") {
  DeviceNames names;
  names.kernels = {"k"};
  ElfListing device = device_pass();
  device.symbols[1].name = "_Z1kIiEvPf";  // another instantiation
  ElfListing host = device_pass();
  host.symbols[1].binding = "WEAK";
  const PassJoinPlan plan = plan_pass_join(device, host, names);
  REQUIRE(plan.outcome == PassJoinPlan::Outcome::kKernelOnlyInHostPass);
  CHECK(plan.kernel == "_Z1kPf");
  CHECK_THAT(describe_kernel_only_in_host_pass(plan, "matmul.cu"),
             Catch::Contains("kernel k(float*)") && Catch::Contains("invalid device function"));
  host.relocation_sections.pop_back();  // defined but never launched: nvcc builds it for nothing, and no launch fails
  CHECK(plan_pass_join(device, host, names).outcome == PassJoinPlan::Outcome::kJoinable);
}

}  // namespace
}  // namespace cudagrade
