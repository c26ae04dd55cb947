// What a student's source may include, judged before the compiler sees it.
//
// The compiler reads whatever a file includes and quotes it back in its errors, so
// `#include "/etc/passwd"` would print another file to the student, `#include "/dev/zero"` would never
// finish, and `#include "../other/<lab>.cu"` would copy someone else's work. A file may include headers by
// plain relative name only (the lab's header, the standard and CUDA headers); anything absolute, anything
// that climbs with "..", any include whose target is a macro (which could spell either), and the headers of
// libraries that would do the lab's work (cuBLAS, CUB, Thrust, ...) are refused. So are inline assembly,
// constructor and destructor attributes (code that runs outside the harness's calls) and no_sanitize.
// The scan sees what the preprocessor sees: line splices, comments and the %: digraph are undone first.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cudagrade {

struct SourceVerdict {
  enum class Outcome { kAllowed, kRejected } outcome = Outcome::kAllowed;
  int line = 0;         // 1-based, in the student's file
  std::string include;  // the directive's target as written
  std::string reason;
};

// One cap on a submission's source, on both backends: a lab's file is a few KiB, and an honest file padded with
// comments (2 MiB, say) still grades as its twin; a larger one is refused before anything compiles, so neither
// the compiler nor the simulator's rewriter spends its time on it. Intake's 8 MiB cap on uploads is apart.
inline constexpr size_t kLargestSourceBytes = size_t{4} << 20;

// The file as the compiler reads its lines: a UTF-8 byte order mark dropped, and CR LF and a lone CR each one
// line end, as GCC takes them (a CR-only file is many lines, not one). Both toolchains compile this text, so a
// file saved on Windows or an old Mac grades exactly as its twin with plain line ends, on either backend.
std::string with_plain_line_ends(const std::string& text);

SourceVerdict judge_source(const std::string& text);

// Whether an identifier is an attribute that turns a sanitizer's instrumentation off, in any spelling GCC,
// Clang or nvcc takes: no_sanitize and every no_sanitize_* or __no_sanitize*__ form, no_address_safety_analysis,
// disable_sanitizer_instrumentation. The simulator's race checker and access counter see a kernel only through
// that instrumentation, so a file may not switch it off (issue #33: no_sanitize_thread hid a race).
bool disables_instrumentation(std::string_view word);

// Whether an identifier reaches into the grader's side of the simulator: its runtime (a word that starts with
// `cusim`, `CUSIM` or `__cusim`; one that merely holds them, `FOCUSIMAGE`, is the file's), the sanitizer hooks
// its checks are built on (`__tsan_`, `__ubsan_`, `__sanitizer_`), any compiler-mangled name (`_Z...`, declared
// `extern "C"` to call a C++ function the file has no header for), and `weakref`, which binds a function of
// the file to any symbol named in a string, and the grader's own `__cudagrade` names (the screen's trap,
// preprocessed_policy.h). nvcc's CUDA has none of them, so a lab's file never needs one; in
// the simulator each would let the file call a check's entry with arguments of its own (cusim::unsupported
// ends a run as the simulator's refusal, and a GPU grade then loses the simulator's checks beside it).
bool names_simulator_internals(std::string_view word);

}  // namespace cudagrade
