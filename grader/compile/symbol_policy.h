// What a student's object file may call and define, judged from its symbol table before anything runs.
//
// Undefined symbols (what the file calls) must be on an allowlist: the CUDA runtime calls a lab needs, the
// C and C++ runtime's plumbing, printing and math. Everything else (cuBLAS doing the work, system(), file
// and socket I/O, dlopen, CUDA events that could fake a time, device resets, side streams that escape the
// timer) is refused by name. Defined symbols must not take the harness's place (main, the entry point), the
// runtime's (write, operator new, cudaMemcpy: every call the harness makes goes through them), or bring in a
// library's kernels (CUB and Thrust are header-only, so they show as definitions).
#pragma once

#include <set>
#include <string>
#include <vector>

namespace cudagrade {

struct ObjectSymbols {
  // Strong and weak references alike: a weak reference to system() binds to libc's system() at run time
  // just as a strong one does, whatever spelling made it weak (__attribute__((weak)), #pragma weak,
  // [[gnu::weak]]).
  std::vector<std::string> undefined;
  std::vector<std::string> defined;  // strong and weak
  std::vector<std::string> strong;   // defined, and not weak: the file's own code and data, not an inline copy
  std::vector<std::string> global;   // defined and visible to the linker: what could take a library's place
};

// Parses `nm --format=posix` output: "name type [value size]" per line.
ObjectSymbols parse_nm_posix(const std::string& output);

// The names a shared library exports, from `nm -D --defined-only --format=posix` (versions like
// "@@GLIBC_2.2.5" dropped): what a definition in the student's object would replace for the whole runner.
std::set<std::string> parse_nm_exports(const std::string& output);

struct SymbolVerdict {
  enum class Outcome { kAllowed, kRejected } outcome = Outcome::kAllowed;
  std::string symbol;  // the first offending symbol, as nm printed it
  std::string reason;  // for the student: what the rule is and why
};

// extra_allowed: what a toolchain's own instrumentation and runtime add (the simulator's cusim:: entry
// points, -fsanitize=thread hooks, host math), beyond what any submission may call. Exact names, or
// prefixes written with a trailing '*'.
//
// runtime_exports: what the runner's C and C++ runtime libraries export. A global definition of one of them
// (write, malloc, operator new, ...) would replace the library's for the harness too, and let the file rewrite
// the harness's replies or read its memory; so would a definition of a CUDA runtime call.
SymbolVerdict judge_symbols(const ObjectSymbols& symbols, const std::vector<std::string>& extra_allowed = {},
                            const std::set<std::string>& runtime_exports = {});

// Whether the file launches a kernel at all: some undefined symbol is one of `launch_symbols` (the
// toolchain's launch entry points; '*' as in judge_symbols). A file that launches none does the lab's work
// on the host, copying the inputs back and the answer over: correct, and not the assignment.
bool launches_a_kernel(const ObjectSymbols& symbols, const std::vector<std::string>& launch_symbols);

}  // namespace cudagrade
