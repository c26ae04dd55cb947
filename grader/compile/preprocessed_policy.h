// The source policy on what the compiler reads (#14 item 1): the preprocessor's include trace and its
// output, not the hand-lexed text. The student's file is preprocessed once, in the compile's sandbox, with
// the compile's own command plus -E, -H (each header opened, as ". path", ".. path", ...) and -v (the folders
// searched). A file whose preprocessing opens a header outside those folders (a path spelled by macros, a
// climb out of a system folder) is refused, and the refusal quotes nothing from what was reached; a file whose
// own lines hold inline assembly once its macros are expanded (`GLUE(a, sm)`) is refused too. The hand lexer
// (source_policy.h) still runs first, for its messages, which point at the line the student wrote.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cudagrade {

struct PreprocessedVerdict {
  enum class Outcome {
    kAllowed,
    kOutsideIncludeFolders,  // a header opened outside every folder the compiler searches
    kAssembly,               // asm in the file's own lines, after macro expansion
    kNoInstrumentation,      // an attribute that turns instrumentation off (no_sanitize_thread), after expansion
    kUninstrumentedHeader,   // a header's code turns -fsanitize=thread off (no_sanitize("thread")) for itself
    kSimulatorInternals,     // a name of the simulator's runtime or hooks (source_policy.h), after expansion
    kFeatureQuery,           // __has_include, __has_builtin, ... in a directive of the file's own, after expansion
    kTooMuchToCheck,         // a trace or an output past what the grader reads: no lab file comes near
  } outcome = Outcome::kAllowed;
  int line = 0;        // kAssembly, kNoInstrumentation: the line of the student's file; kUninstrumentedHeader: the header's
  std::string header;  // kUninstrumentedHeader: the header, as the preprocessor names it
};

// The folders the compiler searched, from -v's lists ("#include \"...\" search starts here:" up to "End of
// search list."), lexically normalised.
std::vector<std::filesystem::path> include_search_folders(const std::string& log);

// Every header the preprocessing opened, from -H's trace; a relative path is taken from `source`'s folder.
std::vector<std::filesystem::path> opened_headers(const std::string& log, const std::filesystem::path& source);

// The trace and the search list, both from one preprocessor run's log; `source` itself may be opened again.
// Headers and folders are compared by their real paths (symbolic links resolved), so a toolkit reached by two
// names (/usr/local/cuda and /usr/local/cuda-13.0) is one folder.
PreprocessedVerdict judge_include_trace(const std::string& log, const std::filesystem::path& source);

// The file's own lines in the preprocessor's output (at include depth 0, by its line markers), checked for
// inline assembly and for attributes that turn instrumentation off (source_policy.h's
// disables_instrumentation), outside string and character literals, so that a macro cannot spell either
// (`GLUE(no_, sanitize_thread)`), and for names of the simulator's internals (source_policy.h's
// names_simulator_internals: `GLUE(cu, sim)::unsupported`) but those the simulator's rewriter itself writes
// into the file's lines (sim/rewriter.h: its launches, shared arrays and markers, which the rewriter's tests
// hold to this list); the line is the file's, as the student numbers it. The headers' lines are
// checked too, for an attribute that turns -fsanitize=thread off: GCC instruments every function of the
// translation unit but those, so a file whose translation unit holds none has every function instrumented
// (issue #33: "the object check proves that every function ... is instrumented"). A header of the compiler's
// folders may declare such a function and the file call it (gtest's and X11's headers have the macros).
PreprocessedVerdict judge_preprocessed_lines(const std::string& preprocessed);

// The preprocessor's feature queries answer differently under nvcc and in the simulator: __has_include finds
// the simulator's own headers (cusim_intrinsics.h) and not CUDA's it lacks, __has_builtin answers for g++
// where nvcc's device pass answers for its own front end, and a path outside the sandbox's folders differs
// between the two compiles. A query in a directive leaves nothing in the preprocessed text, so the screen
// preprocesses once more, its output thrown away, with a trap included first (feature_query_trap(), written
// beside the file as kFeatureQueryTrapName) and -Wundef: each query becomes a name no one defines, spelled
// with the include depth and the line where it was expanded, however the file's macros spelled the query
// (`GLUE(__has_, include)`). The headers' own queries are at depth 1 or more, and left alone.
inline constexpr const char* kFeatureQueryTrapName = "cudagrade-feature-query-trap.h";
std::string feature_query_trap();
// The first line of the file's own (depth 0) where the trap's run, its log given, met a query.
PreprocessedVerdict judge_feature_queries(const std::string& log);

// The refusal, for the student: `file_name` is the name the student knows the file by.
std::string describe_preprocessed_refusal(const PreprocessedVerdict& verdict, const std::string& file_name);

}  // namespace cudagrade
