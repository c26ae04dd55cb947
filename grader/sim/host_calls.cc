#include "sim/host_calls.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

namespace cudagrade {
namespace {

// What a function is to the check: one of the file's, in the space its head says (sim/function_heads.h), or
// another's (a library's, a lambda, one the compiler made), which is device code when device code calls it.
enum class Space { kKernel, kDevice, kHostDevice, kHost, kUnjudged, kElsewhere };

Space of(ExecutionSpace space) {
  switch (space) {
    case ExecutionSpace::kKernel: return Space::kKernel;
    case ExecutionSpace::kDevice: return Space::kDevice;
    case ExecutionSpace::kHostDevice: return Space::kHostDevice;
    case ExecutionSpace::kHost: return Space::kHost;
    case ExecutionSpace::kUnjudged: return Space::kUnjudged;
  }
  return Space::kUnjudged;
}

class HostCallFinder {
 public:
  HostCallFinder(const DebugInfo& info, const SourceScan& compiled, const DeviceNames& names,
                 const std::string& file_name)
      : info_(info), heads_(compiled), names_(names), file_name_(file_name) {}

  HostCallVerdict find();
  HostCallVerdict find_from_host();

 private:
  struct Edge {
    uint64_t callee;
    int line;
  };
  struct Reached {
    uint64_t function;
    uint64_t file_function;  // the nearest of the file's kernels and __device__ functions on the way
  };

  const DebugEntry* declaration(uint64_t offset) const;
  const DebugEntry* parent_of(const DebugEntry& entry) const;
  bool in_lambda(const DebugEntry& entry) const;
  bool special_member(const DebugEntry& entry) const;
  bool device_intrinsic(const DebugEntry& entry) const;
  bool library_host_function(const DebugEntry& entry) const;
  bool in_file(uint64_t function) const;
  Space space(uint64_t function);
  std::map<uint64_t, std::vector<Edge>> calls() const;

  const DebugInfo& info_;
  const FunctionHeads heads_;
  const DeviceNames& names_;
  const std::string& file_name_;
  std::unordered_map<uint64_t, Space> spaces_;
};

// The entry that declares what `offset` is an instance of: its abstract origin's, its specification's.
const DebugEntry* HostCallFinder::declaration(uint64_t offset) const {
  const DebugEntry* entry = info_.at(offset);
  for (int hop = 0; entry != nullptr && hop < 16; ++hop) {
    const std::optional<uint64_t> next = entry->abstract_origin ? entry->abstract_origin : entry->specification;
    if (!next || (!entry->name.empty() && entry->decl_line > 0)) return entry;
    const DebugEntry* further = info_.at(*next);
    if (further == nullptr) return entry;
    entry = further;
  }
  return entry;
}

const DebugEntry* HostCallFinder::parent_of(const DebugEntry& entry) const {
  return entry.parent ? info_.at(*entry.parent) : nullptr;
}

bool HostCallFinder::in_lambda(const DebugEntry& entry) const {
  for (const DebugEntry* parent = parent_of(entry); parent != nullptr; parent = parent_of(*parent)) {
    if (parent->name.rfind("<lambda", 0) == 0) return true;
  }
  return false;
}

// A constructor or destructor: named as the class it is declared in.
bool HostCallFinder::special_member(const DebugEntry& entry) const {
  const DebugEntry* parent = parent_of(entry);
  if (parent == nullptr || parent->name.empty()) return false;
  std::string name = entry.name.substr(0, entry.name.find('<'));
  if (!name.empty() && name.front() == '~') name.erase(0, 1);
  return name == parent->name.substr(0, parent->name.find('<'));
}

// CUDA's device-only intrinsics as cusim_device_functions.h defines them: each a compile error in host code
// under nvcc 13.0 (all 34 in one host function, 2026-11-29). The math they share a name with (min, max, sqrtf)
// is __host__ __device__ in CUDA, and is not here.
constexpr std::string_view kDeviceIntrinsics[] = {
    "__threadfence", "__threadfence_block", "__threadfence_system", "__nanosleep", "__popc", "__popcll", "__clz",
    "__clzll", "__ffs", "__ffsll", "__brev", "__fdividef", "__expf", "__logf", "__sinf", "__cosf", "__powf",
    "__fmaf_rn", "__fmul_rn", "__fadd_rn", "__fma_rn", "__saturatef", "__int2float_rn", "__mul24", "__umul24",
    "__int_as_float", "__float_as_int", "__float_as_uint", "__uint_as_float", "__double_as_longlong",
    "__longlong_as_double", "__double2hiint", "__double2loint", "__hiloint2double"};

bool HostCallFinder::device_intrinsic(const DebugEntry& entry) const {
  return info_.is_file(entry.decl_file, "cusim_device_functions.h") &&
         std::find(std::begin(kDeviceIntrinsics), std::end(kDeviceIntrinsics), entry.name) !=
             std::end(kDeviceIntrinsics);
}

// libstdc++'s functions that are not constexpr in C++17, so host functions to nvcc even with
// --expt-relaxed-constexpr: each refused in a kernel by nvcc 13.0 over g++ 12's library, 2026-11-29 ("calling a
// __host__ function("std::swap<int>") from a __global__ function("k") is not allowed"). The ones that are
// constexpr (std::min, std::max, std::clamp, std::min_element, std::numeric_limits) and the math CUDA
// declares for device code too (std::abs, std::sqrt, std::fmax) build, and are not here.
constexpr std::string_view kLibraryHostFunctions[] = {
    "swap", "exchange", "iter_swap", "fill",  "fill_n",      "copy",      "accumulate", "iota",
    "sort", "reverse",  "count",     "find",  "lower_bound", "transform", "for_each"};

// One of kLibraryHostFunctions, as the C++ library declares it in namespace std (not a member function, and not
// a function the file itself puts in std).
bool HostCallFinder::library_host_function(const DebugEntry& entry) const {
  const DebugEntry* parent = parent_of(entry);
  if (parent == nullptr || parent->tag != "DW_TAG_namespace" || parent->name != "std") return false;
  if (entry.decl_file == 0 || info_.is_file(entry.decl_file, file_name_)) return false;
  const std::string name = entry.name.substr(0, entry.name.find('<'));
  return std::find(std::begin(kLibraryHostFunctions), std::end(kLibraryHostFunctions), name) !=
         std::end(kLibraryHostFunctions);
}

// Whether `function` is written in the file: one of its functions or a lambda in one; not a library's function
// that the file's code reached, whose own calls are the library's business.
bool HostCallFinder::in_file(uint64_t function) const {
  const DebugEntry* entry = info_.at(function);
  return entry != nullptr && info_.is_file(entry->decl_file, file_name_);
}

Space HostCallFinder::space(uint64_t function) {
  if (auto found = spaces_.find(function); found != spaces_.end()) return found->second;
  const DebugEntry* entry = info_.at(function);
  Space result = Space::kElsewhere;
  if (entry != nullptr && info_.is_file(entry->decl_file, file_name_) && !entry->artificial && !in_lambda(*entry)) {
    result = of(heads_.judge(entry->name, entry->decl_line, entry->decl_column, special_member(*entry)));
  }
  return spaces_.emplace(function, result).first->second;
}

// Each function's calls, inlined or not, keyed by the declaration of the function that makes them.
// Each function's calls, inlined or not, keyed by the declaration of the function that makes them: the
// nearest enclosing inlined instance's, else the subprogram's. Entries come parents first, so each one's
// enclosing function is known when it is read.
std::map<uint64_t, std::vector<HostCallFinder::Edge>> HostCallFinder::calls() const {
  std::map<uint64_t, std::vector<Edge>> edges;
  std::unordered_map<uint64_t, const DebugEntry*> enclosing;  // by entry: the function its code belongs to
  for (const DebugEntry& entry : info_.entries) {
    const DebugEntry* outer = nullptr;
    if (entry.parent) {
      if (auto found = enclosing.find(*entry.parent); found != enclosing.end()) outer = found->second;
    }
    const bool inlined = entry.tag == "DW_TAG_inlined_subroutine";
    const bool call = inlined || entry.tag == "DW_TAG_GNU_call_site" || entry.tag == "DW_TAG_call_site";
    if (call && entry.abstract_origin && outer != nullptr) {
      if (const DebugEntry* callee = declaration(*entry.abstract_origin)) {
        edges[outer->offset].push_back({callee->offset, inlined ? entry.call_line : 0});
      }
    }
    if (entry.tag == "DW_TAG_subprogram") outer = declaration(entry.offset);
    if (inlined && entry.abstract_origin) outer = declaration(*entry.abstract_origin);
    if (outer != nullptr) enclosing[entry.offset] = outer;
  }
  return edges;
}

HostCallVerdict HostCallFinder::find() {
  const std::map<uint64_t, std::vector<Edge>> edges = calls();
  std::deque<Reached> queue;
  std::set<uint64_t> seen;
  for (const auto& [function, unused] : edges) {
    const DebugEntry* entry = info_.at(function);
    if (entry == nullptr || names_.kernels.count(entry->name.substr(0, entry->name.find('<'))) == 0) continue;
    if (space(function) != Space::kKernel) continue;
    queue.push_back({function, function});
    seen.insert(function);
  }
  while (!queue.empty()) {
    const Reached reached = queue.front();
    queue.pop_front();
    const auto found = edges.find(reached.function);
    if (found == edges.end()) continue;
    for (const Edge& edge : found->second) {
      const Space callee = space(edge.callee);
      const bool library_host = callee == Space::kElsewhere && in_file(reached.function) &&
                                library_host_function(*info_.at(edge.callee));
      if (callee == Space::kHost || library_host) {
        const DebugEntry& caller = *info_.at(reached.file_function);
        const DebugEntry& host = *info_.at(edge.callee);
        HostCallVerdict verdict{HostCallVerdict::Outcome::kHostFunction, caller.name,
                                space(reached.file_function) == Space::kKernel, host.name, edge.line, host.decl_line};
        if (library_host) {
          verdict.callee = "std::" + host.name.substr(0, host.name.find('<'));
          verdict.declaration_line = 0;
        }
        return verdict;
      }
      if ((callee != Space::kDevice && callee != Space::kElsewhere) || !seen.insert(edge.callee).second) continue;
      queue.push_back({edge.callee, callee == Space::kDevice ? edge.callee : reached.file_function});
    }
  }
  return {};
}

// Each call a host function of the file makes, inlined or not; what the calls inside a lambda make is the
// lambda's (a kernel's launch is one), and is not followed.
HostCallVerdict HostCallFinder::find_from_host() {
  for (const auto& [function, edges] : calls()) {
    if (space(function) != Space::kHost) continue;
    for (const Edge& edge : edges) {
      const DebugEntry* callee = info_.at(edge.callee);
      if (callee == nullptr) continue;
      const bool intrinsic = device_intrinsic(*callee);
      if (!intrinsic && space(edge.callee) != Space::kDevice) continue;
      return {HostCallVerdict::Outcome::kDeviceFunction, info_.at(function)->name, false, callee->name, edge.line,
              intrinsic ? 0 : callee->decl_line};
    }
  }
  return {};
}

}  // namespace

HostCallVerdict find_device_call(const DebugInfo& host_pass, const SourceScan& compiled, const DeviceNames& names,
                                 const std::string& file_name) {
  return HostCallFinder(host_pass, compiled, names, file_name).find_from_host();
}

bool names_a_library_host_function(const SourceScan& compiled) {
  return std::any_of(std::begin(kLibraryHostFunctions), std::end(kLibraryHostFunctions),
                     [&](std::string_view name) { return !compiled.find_tokens(name).empty(); });
}

HostCallVerdict find_host_call(const DebugInfo& info, const SourceScan& compiled, const DeviceNames& names,
                               const std::string& file_name) {
  return HostCallFinder(info, compiled, names, file_name).find();
}

std::string describe_host_call(const HostCallVerdict& verdict, const std::string& file_name) {
  const std::string where = verdict.call_line > 0 ? fmt::format(" line {}", verdict.call_line) : "";
  if (verdict.outcome == HostCallVerdict::Outcome::kDeviceFunction) {
    const std::string declared =
        verdict.declaration_line > 0 ? fmt::format(" (declared at line {})", verdict.declaration_line) : "";
    const std::string fix = verdict.declaration_line > 0
                                ? fmt::format("Declare {} __host__ __device__ to call it from host code as well, or "
                                              "call it from a kernel",
                                              verdict.callee)
                                : fmt::format("{} is one of CUDA's device intrinsics: call it from a kernel, or use "
                                              "the C library's function on the host",
                                              verdict.callee);
    return fmt::format(
        "compile error: {}{}: host function {} calls {}{}, a __device__ function, which nvcc refuses (calling a "
        "__device__ function(\"{}\") from a __host__ function(\"{}\") is not allowed): host code calls only host "
        "functions. {}",
        file_name, where, verdict.caller, verdict.callee, declared, verdict.callee, verdict.caller, fix);
  }
  const char* caller_kind = verdict.caller_is_kernel ? "__global__" : "__device__";
  if (verdict.declaration_line == 0) {
    return fmt::format(
        "compile error: {}{}: {} {} calls {}, a host function of the C++ library (not constexpr in C++17), which "
        "nvcc refuses (calling a __host__ function(\"{}\") from a {} function(\"{}\") is not allowed): device code "
        "calls only __device__ functions. Write those few lines in the kernel, or in a __device__ function of your "
        "own",
        file_name, where, verdict.caller_is_kernel ? "kernel" : "device function", verdict.caller, verdict.callee,
        verdict.callee, caller_kind, verdict.caller);
  }
  return fmt::format(
      "compile error: {}{}: {} {} calls {} (declared at line {}), a host function, which nvcc refuses (calling a "
      "__host__ function(\"{}\") from a {} function(\"{}\") is not allowed): device code calls only __device__ "
      "functions. Declare {} __device__, or __host__ __device__ to call it from host code as well",
      file_name, where, verdict.caller_is_kernel ? "kernel" : "device function", verdict.caller, verdict.callee,
      verdict.declaration_line, verdict.callee, caller_kind, verdict.caller, verdict.callee);
}

}  // namespace cudagrade
