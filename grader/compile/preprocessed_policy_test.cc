// The preprocessed policy on the preprocessor's own logs: captured from g++ (as the simulator runs it, with
// cusim's headers) and nvcc 13 (tests/data/preprocessor/, `-E -H -v`), and from real g++ runs here.
#include "compile/preprocessed_policy.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "core/command_runner.h"
#include "core/files.h"
#include "core/paths.h"
#include "core/temp_dir.h"

namespace cudagrade {
namespace {

std::string captured(const std::string& name) {
  return read_file(ProjectPaths::discover("", "").root / "tests" / "data" / "preprocessor" / name);
}

struct Preprocessed {
  std::filesystem::path source;
  std::string log;
  std::string text;
};

Preprocessed preprocess(const TempDir& dir, const std::string& source) {
  Preprocessed result{dir.path() / "matmul.cu", "", ""};
  std::ofstream(result.source) << source;
  SubprocessCommandRunner runner;
  const std::string skeleton = ProjectPaths::discover("", "").skeleton_dir("matmul").string();
  CommandResult run = runner.run({"g++", "-std=c++17", "-x", "c++", "-I" + skeleton, "-H", "-v", "-E",
                                  result.source.string(), "-o", (dir.path() / "out.ii").string()},
                                 std::chrono::seconds(60));
  result.log = run.output;
  result.text = read_file(dir.path() / "out.ii");
  return result;
}

TEST_CASE("the search list and the opened headers are read from the preprocessor's log", "[preprocessed_policy]") {
  const std::string log = captured("nvcc_tiled.txt");
  const std::vector<std::filesystem::path> folders = include_search_folders(log);
  REQUIRE(folders.size() == 10);
  CHECK(folders[0] == "/work/wt14/skeleton/matmul");
  CHECK(folders[1] == "/usr/local/cuda/targets/x86_64-linux/include");  // "/usr/local/cuda/bin/../targets/..."
  CHECK(folders.back() == "/usr/include");
  const std::vector<std::filesystem::path> headers = opened_headers(log, "/tmp/s14/tiled.cu");
  REQUIRE_FALSE(headers.empty());
  CHECK(headers[0] == "/work/wt14/skeleton/matmul/matmul.cuh");
}

TEST_CASE("an honest file's trace stays in the search folders; a path spelled by macros leaves them",
          "[preprocessed_policy]") {
  CHECK(judge_include_trace(captured("nvcc_tiled.txt"), "/tmp/s14/tiled.cu").outcome ==
        PreprocessedVerdict::Outcome::kAllowed);
  const PreprocessedVerdict outside = judge_include_trace(captured("gxx_macro_include.txt"), "/tmp/s14/pp_evil.cu");
  CHECK(outside.outcome == PreprocessedVerdict::Outcome::kOutsideIncludeFolders);
  const std::string message = describe_preprocessed_refusal(outside, "matmul.cu");
  CHECK_THAT(message, Catch::StartsWith("rejected: matmul.cu: preprocessing it opens a file outside"));
  CHECK_THAT(message, !Catch::Contains("hostname"));
}

// A toolkit as NVIDIA's installers lay it out: /usr/local/cuda a link to cuda-13.0, whose targets/<arch>/include
// links back to its include/. nvcc searches .../cuda/bin/../targets/x86_64-linux/include/cccl with -isystem,
// and g++ names a system header by its real path (-fcanonical-system-headers), so one folder has two names.
struct LinkedToolkit {
  TempDir dir{TempDir::Medium::kDisk};
  std::filesystem::path versioned = dir.path() / "cuda-13.0";
  std::filesystem::path include = dir.path() / "cuda" / "bin" / ".." / "targets" / "x86_64-linux" / "include";

  LinkedToolkit() {
    std::filesystem::create_directories(versioned / "include" / "cccl" / "cuda");
    std::filesystem::create_directories(versioned / "bin");
    std::filesystem::create_directories(versioned / "targets" / "x86_64-linux");
    std::filesystem::create_directory_symlink("../../include", versioned / "targets" / "x86_64-linux" / "include");
    std::filesystem::create_directory_symlink("cuda-13.0", dir.path() / "cuda");
    std::filesystem::create_directory_symlink("/etc", versioned / "include" / "cccl" / "escape");
    std::ofstream(versioned / "include" / "cooperative_groups.h") << "#include <cuda/barrier>\n";
    std::ofstream(versioned / "include" / "cccl" / "cuda" / "barrier") << "int barrier_declared;\n";
  }
  // The student's file, preprocessed as nvcc's host pass does, in a folder of its own.
  Preprocessed preprocess(const std::string& source) const {
    Preprocessed result{dir.path() / "student" / "matmul.cu", "", ""};
    std::filesystem::create_directories(result.source.parent_path());
    std::ofstream(result.source) << source;
    SubprocessCommandRunner runner;
    CommandResult run = runner.run({"g++", "-std=c++17", "-x", "c++", "-I", include.string(), "-isystem",
                                    (include / "cccl").string(), "-H", "-v", "-E", result.source.string(), "-o",
                                    (result.source.parent_path() / "out.ii").string()},
                                   std::chrono::seconds(60));
    result.log = run.output;
    return result;
  }
};

TEST_CASE("a toolkit's header reached by its versioned name is inside the toolkit's include folders",
          "[preprocessed_policy]") {
  const LinkedToolkit toolkit;
  const Preprocessed cooperative = toolkit.preprocess("#include <cooperative_groups.h>\n");
  INFO(cooperative.log);
  // The precondition: the trace names the header by a path no search folder spells.
  REQUIRE_THAT(cooperative.log, Catch::Contains((toolkit.versioned / "include" / "cccl" / "cuda" / "barrier").string()));
  CHECK(judge_include_trace(cooperative.log, cooperative.source).outcome == PreprocessedVerdict::Outcome::kAllowed);

  // A link inside a search folder that leads out of every one is judged by where it leads.
  const Preprocessed escaping = toolkit.preprocess("#include <escape/hostname>\n");
  CHECK(judge_include_trace(escaping.log, escaping.source).outcome ==
        PreprocessedVerdict::Outcome::kOutsideIncludeFolders);
}

TEST_CASE("real g++ runs: climbing out of a system folder, a sibling file, macros; honest headers pass",
          "[preprocessed_policy]") {
  TempDir dir(TempDir::Medium::kDisk);
  const Preprocessed honest = preprocess(dir, "#include \"matmul.cuh\"\n#include <vector>\n#include <cmath>\n");
  CHECK(judge_include_trace(honest.log, honest.source).outcome == PreprocessedVerdict::Outcome::kAllowed);

  const Preprocessed climbing = preprocess(dir, "#include <../../etc/hostname>\n");
  CHECK(judge_include_trace(climbing.log, climbing.source).outcome ==
        PreprocessedVerdict::Outcome::kOutsideIncludeFolders);

  std::ofstream(dir.path() / "log.txt") << "int leaked = 1;\n";
  const Preprocessed sibling = preprocess(dir, "#include \"log.txt\"\n");
  CHECK(judge_include_trace(sibling.log, sibling.source).outcome ==
        PreprocessedVerdict::Outcome::kOutsideIncludeFolders);

  const Preprocessed pasted = preprocess(dir, "#define Q(x) #x\n#define S(x) Q(x)\n#include S(/etc/hostname)\n");
  CHECK(judge_include_trace(pasted.log, pasted.source).outcome == PreprocessedVerdict::Outcome::kOutsideIncludeFolders);
}

TEST_CASE("assembly pasted together by macros is found on the file's own line, not in system headers",
          "[preprocessed_policy]") {
  TempDir dir(TempDir::Medium::kDisk);
  const Preprocessed pasted = preprocess(dir,
                                         "#include <cstdio>\n#include <cmath>\n#define GLUE(a, b) a##b\n"
                                         "int f(int x) { return x; }\n"
                                         "void g() { GLUE(a, sm) volatile(\"nop\"); }\n");
  const PreprocessedVerdict verdict = judge_preprocessed_lines(pasted.text);
  CHECK(verdict.outcome == PreprocessedVerdict::Outcome::kAssembly);
  CHECK(verdict.line == 5);
  CHECK(describe_preprocessed_refusal(verdict, "matmul.cu") ==
        "rejected: matmul.cu line 5: inline assembly, once the file's macros are expanded, is not allowed");

  // A #line in the file renames its lines but does not hide them.
  const Preprocessed renamed = preprocess(
      dir, "#include <cstdio>\n#define GLUE(a, b) a##b\n#line 40 \"/usr/include/stdio.h\"\n"
           "void g() { GLUE(a, sm) volatile(\"nop\"); }\n");
  CHECK(judge_preprocessed_lines(renamed.text).line == 40);

  const Preprocessed quoted = preprocess(
      dir, "#include <cstdio>\nvoid g() { std::printf(\"asm %c\\n\", 'a'); }\nint __asm_count = 0;\n");
  CHECK(judge_preprocessed_lines(quoted.text).outcome == PreprocessedVerdict::Outcome::kAllowed);
}

TEST_CASE("an attribute that turns instrumentation off, pasted together by macros, is found", "[preprocessed_policy]") {
  TempDir dir(TempDir::Medium::kDisk);
  const Preprocessed pasted = preprocess(dir,
                                         "#include <cstdio>\n#define GLUE(a, b) a##b\n"
                                         "__attribute__((GLUE(no_, sanitize_thread))) void g() {}\n");
  const PreprocessedVerdict verdict = judge_preprocessed_lines(pasted.text);
  CHECK(verdict.outcome == PreprocessedVerdict::Outcome::kNoInstrumentation);
  CHECK(verdict.line == 3);
  CHECK_THAT(describe_preprocessed_refusal(verdict, "reduction.cu"),
             Catch::StartsWith("rejected: reduction.cu line 3: an attribute that turns off instrumentation"));
  // A pragma spelled in a string (_Pragma) reaches the preprocessor's output as a line of the file's own.
  const Preprocessed pragma =
      preprocess(dir,
                 "#include <cstdio>\n_Pragma(\"clang attribute push (__attribute__((no_sanitize(\\\"thread\\\"))), "
                 "apply_to = function)\")\nvoid g() {}\n");
  CHECK(judge_preprocessed_lines(pragma.text).outcome == PreprocessedVerdict::Outcome::kNoInstrumentation);
  // The system headers' own uses (glibc's and libstdc++'s, if any) are theirs, not the file's.
  const Preprocessed honest = preprocess(dir, "#include <cstdio>\n#include <vector>\nint f() { return 1; }\n");
  CHECK(judge_preprocessed_lines(honest.text).outcome == PreprocessedVerdict::Outcome::kAllowed);
}

// The source policy refuses the simulator's names as the student spells them; pasted by macros they reach the
// preprocessor's output as words of the file's own lines (issue #33: cusim::unsupported, called at run time,
// made the simulator refuse a file that a GPU grades).
TEST_CASE("the simulator's names pasted together by macros are found; the rewriter's own are the simulator's",
          "[preprocessed_policy]") {
  TempDir dir(TempDir::Medium::kDisk);
  for (const char* use : {"namespace GLUE(cu, sim) { void unsupported(const char*, int); }",
                          "extern \"C\" void GLUE(__tsan_, atomic_thread_fence)(int);",
                          "extern \"C\" void GLUE(_ZN5, cusim4trapEv)();"}) {
    INFO(use);
    const Preprocessed pasted = preprocess(dir, std::string("#include <cstdio>\n#define GLUE(a, b) a##b\n") + use + "\n");
    const PreprocessedVerdict verdict = judge_preprocessed_lines(pasted.text);
    CHECK(verdict.outcome == PreprocessedVerdict::Outcome::kSimulatorInternals);
    CHECK(verdict.line == 3);
    CHECK_THAT(describe_preprocessed_refusal(verdict, "reduction.cu"),
               Catch::StartsWith("rejected: reduction.cu line 3: once the file's macros are expanded, it names the "
                                 "grader's simulator"));
  }
  // What sim/rewriter.cc writes for a launch, a shared array, a kernel's entry, device code's clock and an
  // unsupported construct.
  const std::string rewritten =
      "void k(float*);\nvoid f(float* a) { ::cusim::launch(::cusim::LaunchConfig(1, 32), \"k\", [&](auto... cusim_a) "
      "{ k(cusim_a...); }, a); }\n"
      "void g() { ::cusim::enter_kernel(\"g\", 3); using ::cusim::in_device_code::clock; static float tile[4]; static ::cusim::SharedArray "
      "cusim_shared_tile_3(&tile, sizeof(tile), \"tile\", 3); float* const d = "
      "reinterpret_cast<float*>(::cusim::g_dynamic_shared); cusim_unsupported___half h; }\n";
  CHECK(judge_preprocessed_lines(rewritten).outcome == PreprocessedVerdict::Outcome::kAllowed);
  // The namespace before any other member is the file's reaching into the runtime.
  CHECK(judge_preprocessed_lines("void g() { ::cusim::unsupported(\"x\", 1); }\n").outcome ==
        PreprocessedVerdict::Outcome::kSimulatorInternals);
}

// The screen's second run: the trap written beside the file and included first, -Wundef on, the output thrown
// away (cached_toolchain.cc).
std::string trap_run_log(const TempDir& dir, const std::string& source) {
  std::ofstream(dir.path() / "matmul.cu") << source;
  std::ofstream(dir.path() / kFeatureQueryTrapName) << feature_query_trap();
  SubprocessCommandRunner runner;
  return runner
      .run({"g++", "-std=c++17", "-x", "c++", "-Wundef", "-include", (dir.path() / kFeatureQueryTrapName).string(), "-E",
            (dir.path() / "matmul.cu").string(), "-o", "/dev/null"},
           std::chrono::seconds(60))
      .output;
}

// issue #33, "a file can tell the backends apart": __has_include("cusim_intrinsics.h") is true in the simulator
// and false under nvcc, and __has_builtin answers for g++ where nvcc's device pass answers for its own.
TEST_CASE("a preprocessor feature query in the file's directives is found, however macros spell it",
          "[preprocessed_policy]") {
  TempDir dir(TempDir::Medium::kDisk);
  const std::pair<const char*, int> queries[] = {
      {"#if __has_include(\"cusim_intrinsics.h\")\nint sim;\n#endif\n", 3},
      {"#define GLUE(a, b) a##b\n#if GLUE(__has_, include)(<cstdio>)\nint sim;\n#endif\n", 4},
      {"#define ASKS __has_builtin(__builtin_assume)\n#if ASKS\nint sim;\n#endif\n", 4},
      {"#ifdef __has_cpp_attribute\n#if __has_cpp_attribute(nodiscard) > 0\nint sim;\n#endif\n#endif\n", 4},
      {"#if defined(__has_include) && UNSET_TILE > 8\nint sim;\n#endif\n", 0},  // asks whether it exists: both say yes
      // A pragma of the file's comes after the trap's line, where the report is made.
      {"#pragma GCC diagnostic ignored \"-Wundef\"\n_Pragma(\"GCC diagnostic ignored \\\"-Wundef\\\"\")\n"
       "#if __has_attribute(noinline)\nint sim;\n#endif\n",
       5},
      {"#line 40\n#if __has_include_next(<vector>)\nint sim;\n#endif\n", 40}};
  for (const auto& [query, line] : queries) {
    INFO(query);
    const std::string log = trap_run_log(dir, std::string("#include <vector>\n#include <iostream>\n") + query);
    const PreprocessedVerdict verdict = judge_feature_queries(log);
    if (line == 0) {
      CHECK(verdict.outcome == PreprocessedVerdict::Outcome::kAllowed);
      continue;
    }
    CHECK(verdict.outcome == PreprocessedVerdict::Outcome::kFeatureQuery);
    CHECK(verdict.line == line);
    CHECK_THAT(describe_preprocessed_refusal(verdict, "matmul.cu"),
               Catch::Contains("a preprocessor query") && Catch::Contains("answer it differently"));
  }
  // The standard headers' own queries are trapped too, at their depth, and are not the file's.
  const std::string honest = trap_run_log(
      dir, "#include <vector>\n#include <iostream>\n#include <atomic>\n#if UNSET_TILE > 8\nint big;\n#endif\n");
  CHECK_THAT(honest, Catch::Contains("__cudagrade_feature_query_refused_"));
  CHECK(judge_feature_queries(honest).outcome == PreprocessedVerdict::Outcome::kAllowed);
}

// GCC instruments every function of the translation unit but those that carry an attribute turning
// -fsanitize=thread off; the file's own lines may carry none, and a header's may not either, or the file could
// call the header's function to write where the race checker does not look (gtest's and X11's headers define
// such macros). Other sanitizers' exemptions (fmt's no_sanitize("undefined"), CUDA's "cfi") are left alone.
TEST_CASE("a header whose code turns thread instrumentation off is refused, naming the header",
          "[preprocessed_policy]") {
  TempDir dir(TempDir::Medium::kDisk);
  for (const char* attribute : {"__attribute__((no_sanitize(\"thread\")))",
                                "__attribute__((__no_sanitize__(\"address\", \"thread\")))",
                                "__attribute__((no_sanitize_thread))", "[[gnu::no_sanitize(\"address,thread\")]]"}) {
    INFO(attribute);
    std::ofstream(dir.path() / "helpers.h") << "#pragma once\n// clears a word\n"
                                            << attribute << " inline void clear(int* p) { *p = 0; }\n";
    const Preprocessed included =
        preprocess(dir, "#include <cstdio>\n#include \"helpers.h\"\nvoid g(int* p) { clear(p); }\n");
    const PreprocessedVerdict verdict = judge_preprocessed_lines(included.text);
    REQUIRE(verdict.outcome == PreprocessedVerdict::Outcome::kUninstrumentedHeader);
    CHECK(verdict.line == 3);
    CHECK_THAT(verdict.header, Catch::EndsWith("helpers.h"));
    CHECK_THAT(describe_preprocessed_refusal(verdict, "matmul.cu"),
               Catch::StartsWith("rejected: matmul.cu: the header ") && Catch::Contains("helpers.h (line 3)"));
  }
  std::ofstream(dir.path() / "helpers.h") << "#pragma once\n__attribute__((no_sanitize(\"undefined\"))) inline int "
                                             "twice(int x) { return x * 2; }\n";
  const Preprocessed other = preprocess(dir, "#include \"helpers.h\"\nint g(int x) { return twice(x); }\n");
  CHECK(judge_preprocessed_lines(other.text).outcome == PreprocessedVerdict::Outcome::kAllowed);
}

}  // namespace
}  // namespace cudagrade
