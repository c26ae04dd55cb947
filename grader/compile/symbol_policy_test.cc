#include "compile/symbol_policy.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "testing/elf_listings.h"

namespace cudagrade {
namespace {

// What nvcc leaves undefined in a plain submission's object (read off one with nm).
ObjectSymbols plain_submission() {
  return {{"atexit",
           "__cudaRegisterFatBinary",
           "__cudaRegisterFatBinaryEnd",
           "__cudaUnregisterFatBinary",
           "__cudaRegisterFunction",
           "__cudaPushCallConfiguration",
           "__cudaPopCallConfiguration",
           "__cudaLaunchKernel",
           "__cudaGetKernel",
           "__cxa_guard_acquire",
           "__cxa_guard_release",
           "__cxa_guard_abort",
           "__gxx_personality_v0",
           "_Unwind_Resume",
           "cudaMalloc",
           "cudaMemcpy2DAsync",
           "cudaMemsetAsync",
           "cudaDeviceGetAttribute",
           "printf",
           "memcpy@GLIBC_2.14",
           "_Znwm",
           "_ZdlPvm"},
          {"_Z6matmulPKfS0_Pfiii", "_Z13matmul_kernelPKfS0_Pfiii"}};
}

// The simulator runs each of these and both backends count it (model/launch_account.h), so nvcc's object may
// call it too: a file the simulator passes must not be refused on the GPU for the same call. Found on
// 2026-11-28: cudaMemcpyFromSymbolAsync, which the simulator took, was missing here.
TEST_CASE("every copy and memset entry the launch account counts is allowed", "[symbols]") {
  for (const std::string entry : {"cudaMemcpy", "cudaMemcpyAsync", "cudaMemcpy2D", "cudaMemcpy2DAsync",
                                  "cudaMemcpyToSymbol", "cudaMemcpyToSymbolAsync", "cudaMemcpyFromSymbol",
                                  "cudaMemcpyFromSymbolAsync", "cudaMemset", "cudaMemsetAsync", "cudaMemset2D",
                                  "cudaMemset2DAsync"}) {
    ObjectSymbols symbols = plain_submission();
    symbols.undefined.push_back(entry);
    INFO(entry);
    CHECK(judge_symbols(symbols).outcome == SymbolVerdict::Outcome::kAllowed);
  }
}

TEST_CASE("nm's POSIX format splits into what a file calls and what it defines", "[symbols]") {
  ObjectSymbols symbols = parse_nm_posix(
      "_Z6matmulPKfS0_Pfiii T 00000000000002d0 0000000000000123\n"
      "__cudaLaunchKernel U\n"
      "DW.ref.__gxx_personality_v0 V 0000000000000000 0000000000000008\n"
      "weak_thing w\n");
  CHECK(symbols.undefined == std::vector<std::string>{"__cudaLaunchKernel", "weak_thing"});
  CHECK(symbols.defined == std::vector<std::string>{"_Z6matmulPKfS0_Pfiii", "DW.ref.__gxx_personality_v0"});
  CHECK(symbols.strong == std::vector<std::string>{"_Z6matmulPKfS0_Pfiii"});
  CHECK(symbols.global == std::vector<std::string>{"_Z6matmulPKfS0_Pfiii", "DW.ref.__gxx_personality_v0"});
}

TEST_CASE("a weak reference is judged like any other: it binds to the library's function all the same",
          "[symbols]") {
  // __attribute__((weak)), #pragma weak and [[gnu::weak]] on a declaration all give nm's "w".
  ObjectSymbols weak = plain_submission();
  for (const std::string& line : {"system w", "syscall w", "popen v"}) {
    weak.undefined.push_back(parse_nm_posix(line + "\n").undefined.at(0));
  }
  SymbolVerdict verdict = judge_symbols(weak);
  CHECK(verdict.outcome == SymbolVerdict::Outcome::kRejected);
  CHECK(verdict.symbol == "system");
  CHECK_THAT(verdict.reason, Catch::Contains("running other programs"));
}

TEST_CASE("a shared library's exports are read without their versions", "[symbols]") {
  const std::set<std::string> exports = parse_nm_exports(
      "GLIBC_2.2.5 A 0000000000000000\n"
      "write@@GLIBC_2.2.5 W 00000000000f5b00 00000000000000a9\n"
      "malloc@@GLIBC_2.2.5 T 00000000000a0e00 0000000000000216\n"
      "_Znwm@@GLIBCXX_3.4 T 00000000000ae1a0 0000000000000060\n");
  CHECK(exports == std::set<std::string>{"_Znwm", "malloc", "write"});
}

TEST_CASE("a definition that would take the runtime's place is refused; the file's own names are not",
          "[symbols]") {
  const std::set<std::string> exports = {"write", "malloc", "index", "_Znwm",
                                         "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE9_M_createERmm"};
  auto defining = [&](const std::string& nm_line) {
    ObjectSymbols symbols = plain_submission();
    const ObjectSymbols defined = parse_nm_posix(nm_line + "\n");
    symbols.defined = defined.defined;
    symbols.strong = defined.strong;
    symbols.global = defined.global;
    return judge_symbols(symbols, {}, exports);
  };
  // extern "C" write() rewrites every reply the harness sends; a weak one interposes just the same.
  CHECK(defining("write T 0 10").outcome == SymbolVerdict::Outcome::kRejected);
  CHECK_THAT(defining("write W 0 10").reason, Catch::Contains("the C or C++ runtime provides"));
  CHECK(defining("malloc T 0 10").outcome == SymbolVerdict::Outcome::kRejected);
  // A replacement operator new sees every allocation the harness makes, weak or strong.
  CHECK_THAT(defining("_Znwm T 0 10").reason, Catch::Contains("operator new"));
  CHECK(defining("_ZnwmRKSt9nothrow_t W 0 10").outcome == SymbolVerdict::Outcome::kRejected);
  // The CUDA runtime is linked statically, so its calls are checked by name, not against the exports.
  CHECK_THAT(defining("cudaMemcpy T 0 10").reason, Catch::Contains("CUDA runtime"));
  // A global variable that shadows a libc function is still a replacement, and the message says how to fix it.
  CHECK_THAT(defining("index B 0 4").reason, Catch::Contains("make it static"));
  // Allowed: the file's own functions and globals, static ones, and inline copies of the library's templates.
  CHECK(defining("_Z6matmulPKfS0_Pfiii T 0 10").outcome == SymbolVerdict::Outcome::kAllowed);
  CHECK(defining("g_weight B 0 4").outcome == SymbolVerdict::Outcome::kAllowed);
  CHECK(defining("write t 0 10").outcome == SymbolVerdict::Outcome::kAllowed);
  CHECK(defining("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE9_M_createERmm W 0 10").outcome ==
        SymbolVerdict::Outcome::kAllowed);
  CHECK(defining("DW.ref.__gxx_personality_v0 V 0 8").outcome == SymbolVerdict::Outcome::kAllowed);
}

TEST_CASE("an ordinary submission's calls are all allowed", "[symbols]") {
  CHECK(judge_symbols(plain_submission()).outcome == SymbolVerdict::Outcome::kAllowed);
}

// cuda_runtime.h's templates cudaOccupancyMaxActiveBlocksPerMultiprocessor<T> and
// cudaOccupancyMaxPotentialBlockSize<T> are inline; what nvcc's object calls is these (read off the H200's
// refusal of submissions/field/reduction/cuda_intrinsics.cu on 2026-11-28).
TEST_CASE("what CUDA's occupancy templates call is allowed", "[symbols]") {
  const ObjectSymbols occupancy{{"cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", "cudaFuncGetAttributes",
                                 "cudaDeviceGetAttribute", "cudaGetDevice"},
                                {}};
  const SymbolVerdict verdict = judge_symbols(occupancy);
  INFO(verdict.reason);
  CHECK(verdict.outcome == SymbolVerdict::Outcome::kAllowed);
}

TEST_CASE("forbidden calls are refused by name, with the rule", "[symbols]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cublasSgemm_v2", "cuBLAS would do the lab's work"},
      {"system", "running other programs"},
      {"execve", "running other programs"},
      {"fork", "starting processes"},
      {"dlopen", "loading libraries"},
      {"socket", "network access"},
      {"fopen64", "file access"},
      {"cudaEventRecord", "CUDA events are the grader's timer"},
      {"cudaDeviceReset", "resetting the device"},
      {"cudaStreamCreateWithFlags", "side stream"},
      {"getenv", "not on the list of calls this lab allows"},
  };
  for (const auto& [symbol, reason] : cases) {
    ObjectSymbols symbols = plain_submission();
    symbols.undefined.push_back(symbol);
    SymbolVerdict verdict = judge_symbols(symbols);
    INFO(symbol);
    CHECK(verdict.outcome == SymbolVerdict::Outcome::kRejected);
    CHECK(verdict.symbol == symbol);
    CHECK_THAT(verdict.reason, Catch::Contains(reason));
  }
}

TEST_CASE("a file may not define the harness's symbols or carry CUB or Thrust", "[symbols]") {
  for (const std::string& symbol :
       {std::string("main"), std::string("cudagrade_call_entry"),
        std::string("_ZN3cub17CUB_300000_SM_90016DeviceReduceKernelEv"), std::string("_ZN6thrust6reduceEv")}) {
    ObjectSymbols symbols = plain_submission();
    symbols.defined.push_back(symbol);
    INFO(symbol);
    CHECK(judge_symbols(symbols).outcome == SymbolVerdict::Outcome::kRejected);
  }
}

TEST_CASE("the grader's own namespaces may be instantiated but not defined or reached into", "[symbols]") {
  ObjectSymbols overrides = plain_submission();
  overrides.defined.push_back("_ZN5cusim4race14g_current_slotE");
  overrides.strong.push_back("_ZN5cusim4race14g_current_slotE");
  CHECK(judge_symbols(overrides).outcome == SymbolVerdict::Outcome::kRejected);

  ObjectSymbols reaches = plain_submission();
  reaches.undefined.push_back("_ZN9cudagrade7harness7g_nonceB5cxx11E");
  SymbolVerdict verdict = judge_symbols(reaches, {"_ZN9cudagrade*"});
  CHECK(verdict.outcome == SymbolVerdict::Outcome::kRejected);
  CHECK_THAT(verdict.reason, Catch::Contains("harness"));

  ObjectSymbols instantiates = plain_submission();
  instantiates.defined.push_back("_ZN5cusim6launchIZ6matmulEUlDpT_E_JRPKfEEEvRKNS_12LaunchConfigEPKcT_DpOT0_");
  CHECK(judge_symbols(instantiates).outcome == SymbolVerdict::Outcome::kAllowed);
}

TEST_CASE("a toolchain's extra symbols are exact names unless they end in a star", "[symbols]") {
  ObjectSymbols math = plain_submission();
  math.undefined.push_back("truncf");
  CHECK(judge_symbols(math, {"truncf", "__tsan_*"}).outcome == SymbolVerdict::Outcome::kAllowed);
  math.undefined.push_back("__tsan_read4");
  CHECK(judge_symbols(math, {"truncf", "__tsan_*"}).outcome == SymbolVerdict::Outcome::kAllowed);
  math.undefined.push_back("truncate");
  SymbolVerdict verdict = judge_symbols(math, {"truncf", "__tsan_*"});
  CHECK(verdict.outcome == SymbolVerdict::Outcome::kRejected);
  CHECK(verdict.symbol == "truncate");
}

TEST_CASE("a file that launches no kernel is told apart from one that does", "[symbols]") {
  const std::vector<std::string> launches = {"__cudaPushCallConfiguration", "cudaLaunchKernel*"};
  CHECK(launches_a_kernel(plain_submission(), launches));
  ObjectSymbols host_only;
  host_only.undefined = {"cudaMemcpy", "cudaMalloc", "malloc"};
  CHECK_FALSE(launches_a_kernel(host_only, launches));
  host_only.undefined.push_back("cudaLaunchKernel@libcudart.so.13");
  CHECK(launches_a_kernel(host_only, launches));
}

TEST_CASE("fortified printing, as Ubuntu's compiler emits it, is the same printing", "[symbols]") {
  ObjectSymbols fortified = plain_submission();
  fortified.undefined.push_back("__printf_chk@GLIBC_2.3.4");
  fortified.undefined.push_back("__memcpy_chk");
  CHECK(judge_symbols(fortified).outcome == SymbolVerdict::Outcome::kAllowed);
}

// g++ (nvcc's host compiler too) compiles fprintf(stderr, "a constant line\n") to fwrite: a correct file whose
// error path printed so was refused on both backends.
TEST_CASE("a constant line printed with fprintf, which the compiler makes an fwrite, is allowed, and the string "
          "copies sprintf becomes", "[symbols]") {
  ObjectSymbols printing = plain_submission();
  printing.undefined.push_back("fwrite@GLIBC_2.2.5");
  printing.undefined.push_back("strcpy");  // sprintf(buffer, "%s", text)
  printing.undefined.push_back("stpcpy");
  CHECK(judge_symbols(printing).outcome == SymbolVerdict::Outcome::kAllowed);
}

// g++ (nvcc's host compiler too) makes a position-independent object by default, and the assembler names the
// GOT's base in every one that loads an address from it: <iostream>'s static initialiser does. A correct file
// that included <iostream> was refused on both backends until 2026-11-29.
TEST_CASE("the objects of files that include <iostream> and print with it are allowed", "[symbols]") {
  for (const char* source : {"#include <iostream>\nint twice(int x) { return 2 * x; }\n",
                             "#include <iostream>\nvoid report(int n) { std::cout << \"n = \" << n << std::endl; }\n",
                             "#include <bits/stdc++.h>\nint largest(std::vector<int> v) { return *std::max_element("
                             "v.begin(), v.end()); }\n"}) {
    INFO(source);
    const ObjectSymbols symbols = testing::symbols_of_source(source, {"-fPIE"});
    const SymbolVerdict verdict = judge_symbols(symbols);
    INFO(verdict.symbol << ": " << verdict.reason);
    CHECK(verdict.outcome == SymbolVerdict::Outcome::kAllowed);
  }
  const ObjectSymbols included = testing::symbols_of_source("#include <iostream>\n", {"-fPIE"});
  CHECK(std::count(included.undefined.begin(), included.undefined.end(), "_GLOBAL_OFFSET_TABLE_") == 1);
}

// Read off the H200 host's g++ 13.3 (Ubuntu 24.04) on 2026-11-29: what <iostream> calls from GCC 13 on, and
// std::to_string(float)'s vsnprintf, fortified.
TEST_CASE("what GCC 13's <iostream> and fortified formatting call is allowed", "[symbols]") {
  ObjectSymbols printing = plain_submission();
  printing.undefined.push_back("_ZSt21ios_base_library_initv");
  printing.undefined.push_back("__vsnprintf_chk@GLIBC_2.3.4");
  CHECK(judge_symbols(printing).outcome == SymbolVerdict::Outcome::kAllowed);
}

// Host code's log2 was refused on a GPU and allowed in the simulator, which listed the math library for the device
// math g++ compiles to it: the list is the shared policy's now, in every precision, and nothing near it is on it.
TEST_CASE("the C math library is allowed on every backend, in every precision; the library's throws too",
          "[symbols]") {
  for (const char* name : {"log2", "log2f", "log2l", "exp2", "fmaxf", "sincosf", "llroundl", "nearbyint"}) {
    ObjectSymbols math = plain_submission();
    math.undefined.push_back(name);
    INFO(name);
    CHECK(judge_symbols(math).outcome == SymbolVerdict::Outcome::kAllowed);
  }
  // Nor what would change the process's locale: std::locale::global, std::locale("de_DE.UTF-8").
  for (const char* name : {"log2x", "logf2", "sinx", "exp2ff", "_ZSt__throw_", "_ZSt3cin", "_ZSt12__throwaway",
                           "_ZNSt6locale6globalERKS_", "_ZNSt6localeC1EPKc"}) {
    ObjectSymbols other = plain_submission();
    other.undefined.push_back(name);
    INFO(name);
    CHECK(judge_symbols(other).outcome == SymbolVerdict::Outcome::kRejected);
  }
  ObjectSymbols throws = plain_submission();
  throws.undefined.push_back("_ZSt16__throw_bad_castv");
  throws.undefined.push_back("_ZSt24__throw_invalid_argumentPKc");
  CHECK(judge_symbols(throws).outcome == SymbolVerdict::Outcome::kAllowed);
}

}  // namespace
}  // namespace cudagrade
