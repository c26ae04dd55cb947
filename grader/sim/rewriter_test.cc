#include "sim/rewriter.h"

#include <algorithm>
#include <chrono>
#include <catch2/catch.hpp>
#include <fstream>

#include "core/command_runner.h"
#include "core/files.h"
#include "compile/preprocessed_policy.h"
#include "core/paths.h"
#include "core/temp_dir.h"

namespace cudagrade {
namespace {

RewriteResult rewrite(const std::string& source) { return rewrite_for_simulator(source, "matmul.cu"); }


// The rewritten text through g++'s preprocessor alone, as the simulator's compile sees it.
std::string preprocessed(const std::string& text, const std::vector<std::string>& defines = {}) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "rewritten.cc") << text;
  SubprocessCommandRunner runner;
  std::vector<std::string> command = {"g++", "-E", "-P", "-x", "c++"};
  command.insert(command.end(), defines.begin(), defines.end());
  command.insert(command.end(), {(dir.path() / "rewritten.cc").string(), "-o", (dir.path() / "out.ii").string()});
  CommandResult run = runner.run(command, std::chrono::seconds(60));
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  return read_file(dir.path() / "out.ii");
}

// Whether a line after `source`, rewritten, still has its number.
bool last_line_kept(const std::string& source) {
  const long last = std::count(source.begin(), source.end(), '\n') + 1;
  const std::string text = preprocessed(rewrite(source + "int last_line = __LINE__;\n").text);
  return text.find("int last_line = " + std::to_string(last) + ";") != std::string::npos;
}

TEST_CASE("__CUDA_ARCH__ is left to the compiler's command line, one per pass; lines keep their numbers", "[sim]") {
  const std::string source =
      "#if __CUDA_ARCH__ >= 800\n"
      "__device__ int sm80 = FILE_SCOPE_DEVICE_BRANCH;\n"
      "#endif\n"
      "static __global__ void k(int* out) {\n"
      "#ifdef __CUDA_ARCH__\n"
      "  out[0] = DEVICE_BRANCH + __LINE__;\n"
      "#else\n"
      "  out[0] = HOST_BRANCH + __LINE__;\n"
      "#endif\n"
      "}\n"
      "namespace {\n"
      "__device__ float table[4] = {1, 2, 3, 4};\n"
      "}\n"
      "int after = __LINE__;\n";
  RewriteResult result = rewrite(source);
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::StartsWith("#line 1 \"matmul.cu\"\n"));
  const std::string device = preprocessed(result.text, pass_defines(Pass::kDevice));
  const std::string host = preprocessed(result.text, pass_defines(Pass::kHost));
  CHECK_THAT(device, Catch::Contains("FILE_SCOPE_DEVICE_BRANCH") && Catch::Contains("DEVICE_BRANCH + 6") &&
                         !Catch::Contains("HOST_BRANCH"));
  CHECK_THAT(host, !Catch::Contains("DEVICE_BRANCH") && Catch::Contains("HOST_BRANCH + 8"));
  for (const std::string* text : {&device, &host}) {
    CHECK_THAT(*text, Catch::Contains("int after = 14;"));
    CHECK_THAT(*text, !Catch::Contains("static __global__"));  // joinable: sim/arch_passes.h
    CHECK_THAT(*text, Catch::Contains("namespace __cusim_unnamed {"));
  }
}

TEST_CASE("a launch becomes a call that evaluates its arguments once, on the same lines", "[sim]") {
  const std::string source =
      "void f(float* p, int n) {\n"
      "  kernel<<<dim3(n / 256, 1), 256>>>(p,\n"
      "                                  n);\n"
      "}\n";
  RewriteResult result = rewrite(source);
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::StartsWith("#line 1 \"matmul.cu\"\n"));
  CHECK_THAT(result.text, Catch::Contains("::cusim::launch(::cusim::LaunchConfig(dim3(n / 256, 1), 256), \"kernel\", "
                                          "[&](auto... cusim_a) { kernel(cusim_a...); }, p,\n"));
  CHECK(last_line_kept(source));
}

TEST_CASE("launches of templates, with shared memory and stream, and with no arguments", "[sim]") {
  RewriteResult result = rewrite("ns::reduce<256, float> <<<g, b, 256 * sizeof(float), 0>>>(in, out);\n"
                                 "tick<<<1, 1>>>();\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::Contains("LaunchConfig(g, b, 256 * sizeof(float), 0), \"ns::reduce<256, float>\", "
                                          "[&](auto... cusim_a) { ns::reduce<256, float>(cusim_a...); }, in, out)"));
  CHECK_THAT(result.text, Catch::Contains("\"tick\", [&](auto... cusim_a) { tick(cusim_a...); })"));
}

TEST_CASE("launch syntax in comments and strings is left alone", "[sim]") {
  RewriteResult result = rewrite("// k<<<1, 1>>>(x);\nconst char* s = \"k<<<1,1>>>()\";\n/* k<<<2,2>>>() */\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, !Catch::Contains("cusim::launch"));
}

TEST_CASE("static __shared__ arrays are registered by name and line, every declarator", "[sim]") {
  RewriteResult result = rewrite("__global__ void k() {\n"
                                 "  // staged tiles\n"
                                 "  __shared__ __align__(16) float As[16][16], Bs[16][16 + 1];\n"
                                 "  __shared__ int count;\n"
                                 "}\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::Contains("::cusim::SharedArray cusim_shared_As_3(&As, sizeof(As), \"As\", 3);"));
  CHECK_THAT(result.text, Catch::Contains("cusim_shared_Bs_3(&Bs, sizeof(Bs), \"Bs\", 3);"));
  CHECK_THAT(result.text, Catch::Contains("cusim_shared_count_4(&count, sizeof(count), \"count\", 4);"));
}

TEST_CASE("extern __shared__ becomes a pointer to the dynamic buffer, at file or block scope", "[sim]") {
  RewriteResult result = rewrite("#include \"reduce.cuh\"\n"
                                 "extern __shared__ __align__(16) volatile float partial[];\n"
                                 "__global__ void k() { extern __shared__ int scratch[]; }\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::Contains("#include \"reduce.cuh\"\n"));
  CHECK_THAT(result.text, Catch::Contains("volatile float* const partial = reinterpret_cast<volatile float*>("
                                          "::cusim::g_dynamic_shared);"));
  CHECK_THAT(result.text, Catch::Contains("int* const scratch = reinterpret_cast<int*>(::cusim::g_dynamic_shared);"));
}

TEST_CASE("constructs the simulator cannot run become markers the compiler meets only in code it compiles",
          "[sim]") {
  RewriteResult tensor = rewrite("#include <mma.h>\nusing namespace nvcuda;\nwmma::fragment<> a;\n");
  REQUIRE(tensor.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(tensor.text, Catch::Contains("\ncusim_unsupported_wmma::fragment<> a;\n"));
  // A header's name too, and in dead code: the preprocessor decides whether it is ever read.
  RewriteResult dead = rewrite("#if 0\n#include <cuda_pipeline.h>\n__half h;\n#endif\nint x;\n");
  REQUIRE(dead.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(dead.text, Catch::Contains("#include <cusim_unsupported_cuda_pipeline.h>\ncusim_unsupported___half h;\n"));
  // Mentioned in a comment or a string only: left alone.
  CHECK_THAT(rewrite("// no texture here\nconst char* s = \"texture\";\n").text,
             !Catch::Contains("cusim_unsupported_"));
}

TEST_CASE("a launch that does not parse is the student's error, with its line", "[sim]") {
  RewriteResult result = rewrite("void f() {\n  kernel<<<1, 1>>>;\n}\n");
  CHECK(result.outcome == RewriteResult::Outcome::kMalformed);
  CHECK(result.line == 2);
  RewriteResult unclosed = rewrite("void f() { kernel<<<1, 1(x); }\n");
  CHECK(unclosed.outcome == RewriteResult::Outcome::kMalformed);
}

TEST_CASE("line breaks around <<< and >>> are kept, and NULL arguments become nullptr", "[sim]") {
  const std::string source = "void f(float* p) {\n  kernel\n  <<<1, 32>>>\n  (p, NULL);\n  int after;\n}\n";
  RewriteResult result = rewrite(source);
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK(last_line_kept(source));
  CHECK_THAT(result.text, Catch::Contains("(cusim_a...); }, p, nullptr)\n\n;\n  int after;"));
}

TEST_CASE("static __shared__ loses the keyword it already has; macros that declare shared memory are left alone",
          "[sim]") {
  RewriteResult result = rewrite("#define TILE_DECL(n) __shared__ float n[16][16];\n"
                                 "__device__ int block_sum(int v) {\n  static __shared__ int partial[32];\n"
                                 "  return partial[0] + v;\n}\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::Contains("#define TILE_DECL(n) __shared__ float n[16][16];\n"));
  CHECK_THAT(result.text, Catch::Contains("  static  int partial[32]; static ::cusim::SharedArray cusim_shared_partial_3("));
}

TEST_CASE("every kernel body checks that it runs inside a launch", "[sim]") {
  RewriteResult result = rewrite("template <int B>\n__global__ void __launch_bounds__(256) scale(float* x) {\n"
                                 "  x[threadIdx.x] *= B;\n}\n__global__ void declared_only(float*);\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::Contains("scale(float* x) { ::cusim::enter_kernel_reading(\"scale\", 2, x);\n"));
  CHECK_THAT(result.text, !Catch::Contains("enter_kernel(\"declared_only\""));
  // Where a parameter has no name, the launch's account is told the parameters were not read.
  RewriteResult unnamed = rewrite("__global__ void k(float* x, int) {\n  x[threadIdx.x] = 0;\n}\n");
  CHECK_THAT(unnamed.text, Catch::Contains("int) { ::cusim::enter_kernel(\"k\", 1, nullptr, -1);\n"));
}

TEST_CASE("a device body that calls clock() names the device clock; host code and other uses are left alone",
          "[sim]") {
  constexpr std::string_view kBinding = " using ::cusim::in_device_code::clock;";
  RewriteResult result = rewrite(
      "__device__ long ticks() { return clock(); }\n"                      // 1: device function
      "__global__ void k(long* t) { t[0] = clock (  ) - ticks(); }\n"     // 2: kernel
      "__host__ __device__ long both() { return clock(); }\n"             // 3: nvcc compiles it in both passes
      "long host() { return clock(); }\n"                                 // 4: host code
      "__global__ void param(long clock) { }\n"                           // 5: a parameter's name
      "__device__ long qualified() { return ::clock(); }\n"               // 6: qualified
      "__device__ long later(long x);\n"                                  // 7: a declaration
      "__device__ long tick(long clock_offset) { return clock() + clock_offset; }\n"  // 8: another name
      "__global__ void lambda(long* t) { auto f = [] __device__ (int i) { return clock() + i; }; t[0] = f(1); }\n"
      "__device__ int table{3};\n");                                      // 10: a variable's initialiser
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  std::vector<std::string> lines;
  std::istringstream text(result.text);
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  REQUIRE(lines.size() == 11);  // the #line directive first
  const auto bindings = [&](int line) {
    size_t count = 0;
    for (size_t at = lines[line].find(kBinding); at != std::string::npos; at = lines[line].find(kBinding, at + 1)) {
      ++count;
    }
    return count;
  };
  CHECK(bindings(1) == 1);
  CHECK(bindings(2) == 1);
  CHECK_THAT(lines[2], Catch::Contains("{ ::cusim::enter_kernel_reading(\"k\", 2, t); using ::cusim::in_device_code::clock;"));
  CHECK(bindings(3) == 0);
  CHECK(bindings(4) == 0);
  CHECK(bindings(5) == 0);
  CHECK(bindings(6) == 0);
  CHECK(bindings(8) == 1);
  CHECK(bindings(9) == 2);  // the kernel's body and the device lambda's
  CHECK(bindings(10) == 0);
}

TEST_CASE("clock() in comparisons and conditionals is bound; a file's own clock is never hidden", "[sim]") {
  constexpr std::string_view kBinding = "using ::cusim::in_device_code::clock;";
  const RewriteResult compared = rewrite(
      "#define HD __host__ __device__\n"
      "__device__ long stamp() { return clock(); }\n"
      "__global__ void k(long* t, long deadline, bool first) {\n"
      "  while (deadline > clock()) {}\n"
      "  t[0] = first ? 0 : clock();\n"
      "}\n");
  REQUIRE(compared.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(compared.text, Catch::Contains("stamp() {" + std::string(" ") + std::string(kBinding)));
  CHECK_THAT(compared.text, Catch::Contains("bool first) { ::cusim::enter_kernel_reading(\"k\", 3, t, deadline, first); " +
                                          std::string(kBinding)));
  const RewriteResult own = rewrite(
      "struct Timer { __device__ unsigned clock() { return 7; } __device__ unsigned tick() { return clock(); } };\n"
      "__global__ void k(unsigned* t) { Timer timer; t[0] = timer.tick() + clock(); }\n");
  REQUIRE(own.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(own.text, !Catch::Contains(std::string(kBinding)));
}

// The preprocessed policy refuses the simulator's names in the file's own lines but those the rewriter writes
// there itself (preprocessed_policy.h); every bundled example and reference, rewritten, must pass it.
TEST_CASE("what the rewriter writes into a file's lines is what the preprocessed policy takes as the simulator's",
          "[sim]") {
  const std::filesystem::path root = ProjectPaths::discover("", "").root;
  int files = 0;
  for (const char* folder : {"submissions", "reference"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      if (entry.path().extension() != ".cu" || entry.path().string().find("adversarial") != std::string::npos ||
          entry.path().string().find("escapes") != std::string::npos) {
        continue;
      }
      const RewriteResult result = rewrite_for_simulator(read_file(entry.path()), entry.path().filename().string());
      if (result.outcome != RewriteResult::Outcome::kRewritten) continue;
      INFO(entry.path().string());
      // Comments dropped, as the preprocessor drops them; directives and macros left as written.
      CHECK(judge_preprocessed_lines(preprocessed(result.text, {"-fpreprocessed", "-dD"})).outcome ==
            PreprocessedVerdict::Outcome::kAllowed);
      ++files;
    }
  }
  CHECK(files > 100);
}

TEST_CASE("__noinline__, nvcc's keyword, is spelt as g++'s attribute; as an attribute's name or a macro's, it stays",
          "[sim]") {
  RewriteResult result = rewrite(
      "__device__ __noinline__ float f(float x) { return x; }\n"
      "__noinline__ __device__ float g(float x) { return x; }\n"
      "__device__ __attribute__((__noinline__)) float h(float x) { return x; }\n"
      "__device__ __attribute__((used, __noinline__)) float u(float x) { return x; }\n"
      "#define NOINLINE __noinline__\n"
      "#if defined(__noinline__) || defined __noinline__\n#endif\n#ifdef __noinline__\n#endif\n");
  REQUIRE(result.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(result.text, Catch::Contains("__device__ __attribute__((noinline)) float f(float x)"));
  CHECK_THAT(result.text, Catch::Contains("\n__attribute__((noinline)) __device__ float g(float x)"));
  CHECK_THAT(result.text, Catch::Contains("__attribute__((__noinline__)) float h"));
  CHECK_THAT(result.text, Catch::Contains("__attribute__((used, __noinline__)) float u"));
  CHECK_THAT(result.text, Catch::Contains("#define NOINLINE __attribute__((noinline))\n"));
  CHECK_THAT(result.text, Catch::Contains("#if defined(__noinline__) || defined __noinline__\n"));
  CHECK_THAT(result.text, Catch::Contains("#ifdef __noinline__\n"));
}

TEST_CASE("hostile sizes stay linear: a huge array bound, a huge file", "[sim]") {
  std::string bound;
  for (int i = 0; i < 100000; ++i) bound += "1+";
  RewriteResult long_line = rewrite("__global__ void k() {\n  __shared__ float s[" + bound + "1];\n}\n");
  REQUIRE(long_line.outcome == RewriteResult::Outcome::kRewritten);
  CHECK_THAT(long_line.text, Catch::Contains("cusim_shared_s_2(&s, sizeof(s), \"s\", 2);"));
  RewriteResult huge = rewrite(std::string((4 << 20) + 1, ' '));
  CHECK(huge.outcome == RewriteResult::Outcome::kMalformed);
  CHECK_THAT(huge.reason, Catch::Contains("larger than 4 MiB"));
}

// Shapes that would make a scan per keyword, bracket or launch cross the rest of the file: many keywords with
// one terminator at the end, unmatched brackets, launches after '>'. Each 4 MiB file is rewritten in well under
// a second (a few tenths on the development machine); read once per keyword, the first five took minutes.
TEST_CASE("hostile shapes stay linear: keywords, brackets, launches and macros repeated to 4 MiB", "[sim]") {
  const auto repeated = [](const std::string& unit, const std::string& last) {
    std::string text;
    while (text.size() + unit.size() + last.size() < (4u << 20) - 64) text += unit;
    return text + last;
  };
  for (const std::string& unit :
       {std::string("__device__ "), std::string("static __global__ "), std::string("__constant__ int a="),
        std::string("__shared__ x "), std::string("><<<1,1>>>();"), std::string("f(__device__ "),
        std::string("__device__ __align__("), std::string("namespace{"), std::string("extern \"C\"{"),
        std::string("){"), std::string(")(){}"), std::string("((){}"), std::string("if(a){"),
        std::string("#define M(){} \\\n"), std::string("->"), std::string("__device__ f(){clock();"),
        std::string("__global__ void k(){clock()+"), std::string("clock(")}) {
    for (const std::string& last : {std::string(""), std::string(";"), std::string(")"), std::string("(){}")}) {
      const auto started = std::chrono::steady_clock::now();
      const RewriteResult result = rewrite(repeated(unit, last));
      const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      INFO(unit << " ... " << last << ": " << seconds << " s");
      CHECK(seconds < 3.0);
    }
  }
}

}  // namespace
}  // namespace cudagrade
