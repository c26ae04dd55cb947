#include "compile/symbol_policy.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <iterator>
#include <sstream>
#include <string_view>

namespace cudagrade {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Symbols a correct submission's object calls. Exact names, then prefixes for families (the CUDA
// registration plumbing nvcc emits, operator new/delete, std::ostream and std::string members).
constexpr std::string_view kAllowedCalls[] = {
    // CUDA runtime: memory, copies, errors, synchronisation, device queries, launch configuration.
    "cudaMalloc", "cudaFree", "cudaMallocAsync", "cudaFreeAsync", "cudaMemcpy", "cudaMemcpyAsync", "cudaMemcpy2D",
    "cudaMemcpy2DAsync", "cudaMemset", "cudaMemsetAsync", "cudaMemset2D", "cudaMemset2DAsync", "cudaMemcpyToSymbol",
    "cudaMemcpyFromSymbol", "cudaMemcpyToSymbolAsync", "cudaMemcpyFromSymbolAsync", "cudaGetSymbolAddress", "cudaGetLastError",
    "cudaPeekAtLastError", "cudaGetErrorString", "cudaGetErrorName", "cudaDeviceSynchronize", "cudaGetDevice",
    "cudaGetDeviceCount", "cudaDeviceGetAttribute", "cudaGetDeviceProperties", "cudaGetDeviceProperties_v2",
    "cudaFuncSetAttribute", "cudaFuncGetAttributes", "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    "cudaOccupancyMaxPotentialBlockSize", "cudaLaunchKernel",
    // Cache-configuration hints from older tutorials: a correct file that gave one was refused on both backends.
    "cudaFuncSetCacheConfig", "cudaDeviceSetCacheConfig", "cudaDeviceGetCacheConfig",
    // What cuda_runtime.h's occupancy templates call (cudaOccupancyMaxActiveBlocksPerMultiprocessor<T> and
    // cudaOccupancyMaxPotentialBlockSize<T> both end there): a file that used them was refused on an H200.
    "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    // C runtime: memory, strings, printing (captured, never believed), aborting. Host math is math_function's.
    // exit: nvcc gives every __device__ function a host stub that calls it; exiting is a crash anyway.
    "atexit", "__cxa_atexit", "__dso_handle", "abort", "exit", "__assert_fail", "__stack_chk_fail", "malloc", "free",
    "calloc", "realloc", "aligned_alloc", "posix_memalign", "memcpy", "memmove", "memset", "memcmp", "strlen",
    "strcmp", "printf", "fprintf", "puts",
    // fwrite: what g++ makes of fprintf(stderr, "a constant line\n"), which a lab's error path prints.
    "putchar", "fputs", "fputc", "fwrite", "fflush", "snprintf", "vsnprintf",
    // What g++ makes of sprintf(buffer, "%s", text) and of strcpy followed by strcat: string copies.
    "strcpy", "stpcpy", "strcat", "strncpy", "sprintf", "stdout", "stderr",
    // Numbers from text (std::stoi and std::to_string(float) call these), and the errno they set.
    "strtol", "strtoul", "strtoll", "strtoull", "strtof", "strtod", "atoi", "atol", "atof", "__errno_location",
    // libgcc's helpers for what host code's __builtin_popcount, __builtin_clz and std::pow(x, n) become.
    "__popcountdi2", "__popcountsi2", "__clzdi2", "__ctzdi2", "__ffsdi2", "__powisf2", "__powidf2",
    // The same, as glibc's _FORTIFY_SOURCE spells them (Ubuntu's host compiler fortifies by default: a
    // student's printf reached the H200 host's nvcc object as __printf_chk).
    "__printf_chk", "__fprintf_chk", "__sprintf_chk", "__snprintf_chk", "__vfprintf_chk", "__vprintf_chk",
    "__memcpy_chk", "__memmove_chk", "__memset_chk", "__strcpy_chk", "__strcat_chk", "__fputs_chk",
    "__vsnprintf_chk",
    // C++ runtime: exceptions, statics.
    "_Unwind_Resume", "__gxx_personality_v0",
    // Not a call: the assembler names the GOT's base in every position-independent object that loads an
    // address from it (<iostream>'s static initialiser does: `#include <iostream>` was refused on both
    // backends). What the file reaches through the GOT is judged by its own name here; the file may not spell
    // this name itself (source_policy.cc), and thread_local storage is refused by the storage check.
    "_GLOBAL_OFFSET_TABLE_"};

// What a lab's host code reaches in the C++ runtime: printing, formatting into strings, the standard
// exceptions of an error path, the containers' out-of-line parts. A correct file that printed with std::endl,
// formatted with std::ostringstream or threw std::runtime_error was refused on both backends until 2026-11-29.
// Not std::cin, files (kRefusals), threads, clocks or random devices: those stay off the list.
constexpr std::string_view kAllowedCallPrefixes[] = {
    "__cuda",                                                        // nvcc's registration and launch plumbing
    "__cxa_",                                                        // guards for statics, exceptions
    "_Znw", "_Zna", "_Zdl", "_Zda",                                  // operator new and delete
    "_ZTI", "_ZTS",                                                  // type information, for throw and catch
    "_ZSt4cout", "_ZSt4cerr", "_ZSt4endl", "_ZStlsI", "_ZSt16__ostream_insert",  // std::cout and std::cerr
    "_ZSt21ios_base_library_init",  // what <iostream> calls from GCC 13 on (Ubuntu 24.04's, the H200 host's)
    "_ZNSo", "_ZNSi", "_ZNSd",                                       // std::ostream, istream, iostream members
    "_ZNSt8ios_base", "_ZNSt9basic_ios", "_ZNKSt9basic_ios", "_ZTVSt9basic_ios",  // a stream's state
    "_ZTVSt15basic_streambuf", "_ZNKSt5ctype",                     // std::endl's widen('\n')
    // A copy of the global locale and its end, which a string stream makes; not std::locale::global or a named
    // locale, which would change how the runner's own printing formats numbers.
    "_ZNSt6localeC1Ev", "_ZNSt6localeC2Ev", "_ZNSt6localeD1Ev", "_ZNSt6localeD2Ev",
    "_ZNSt7__cxx1112basic_string", "_ZNKSt7__cxx1112basic_string",  // std::string
    // std::ostringstream and its kin: members (const ones mangle with K), vtables (_ZTV) and VTTs (_ZTT).
    "_ZNSt7__cxx1115basic_stringbuf", "_ZNKSt7__cxx1115basic_stringbuf", "_ZTVNSt7__cxx1115basic_stringbuf",
    "_ZNSt7__cxx1118basic_stringstream", "_ZNKSt7__cxx1118basic_stringstream", "_ZTVNSt7__cxx1118basic_stringstream",
    "_ZTTNSt7__cxx1118basic_stringstream", "_ZNSt7__cxx1119basic_ostringstream", "_ZNKSt7__cxx1119basic_ostringstream",
    "_ZTVNSt7__cxx1119basic_ostringstream", "_ZTTNSt7__cxx1119basic_ostringstream", "_ZNSt7__cxx1119basic_istringstream",
    "_ZNKSt7__cxx1119basic_istringstream", "_ZTVNSt7__cxx1119basic_istringstream",
    "_ZTTNSt7__cxx1119basic_istringstream",
    "_ZNSt9exception", "_ZNKSt9exception", "_ZNSt13runtime_error", "_ZNKSt13runtime_error",  // std exceptions
    "_ZNSt11logic_error", "_ZNKSt11logic_error", "_ZNSt16invalid_argument", "_ZNSt12out_of_range",
    "_ZNSt12length_error", "_ZNSt11range_error", "_ZNSt14overflow_error",
    "_ZSt18_Rb_tree_", "_ZSt28_Rb_tree_", "_ZSt29_Rb_tree_",        // std::map and std::set
    "_ZNSt8__detail", "_ZNKSt8__detail",                            // std::unordered_map's hashing policy
    "_ZSt9terminate"};

// The C math library, each function in its double, float and long double forms: host code that sizes a grid
// with log2, and in the simulator the device math g++ compiles to it. Host code's log2 passed in the simulator
// and was refused under nvcc until 2026-11-29.
constexpr std::string_view kMathFunctions[] = {
    "sin",  "cos",  "tan",     "asin",      "acos",      "atan",     "atan2",    "sinh",   "cosh",  "tanh",  "exp",
    "exp2", "expm1", "log",    "log2",      "log10",     "log1p",    "pow",      "sqrt",   "cbrt",  "hypot", "fma",
    "fmax", "fmin", "fabs",    "floor",     "ceil",      "round",    "lround",   "llround", "trunc", "rint", "lrint",
    "llrint", "nearbyint", "erf", "erfc",   "tgamma",    "lgamma",   "fmod",     "remainder", "copysign", "ldexp",
    "frexp", "modf", "sincos"};

bool math_function(std::string_view name) {
  return std::any_of(std::begin(kMathFunctions), std::end(kMathFunctions), [&](std::string_view base) {
    return name == base || (name.size() == base.size() + 1 && starts_with(name, base) &&
                            (name.back() == 'f' || name.back() == 'l'));
  });
}

// std::__throw_length_error, __throw_bad_cast, ...: the library's out-of-line throws, whatever their length.
bool library_throw(std::string_view name) {
  if (!starts_with(name, "_ZSt")) return false;
  size_t at = 4;
  while (at < name.size() && std::isdigit(static_cast<unsigned char>(name[at]))) ++at;
  return at > 4 && starts_with(name.substr(at), "__throw_");
}

struct Refusal {
  std::string_view prefix;
  std::string_view reason;
};

// Named reasons for what students reach for most; anything else off the allowlist gets a generic one.
constexpr Refusal kRefusals[] = {
    {"cublas", "cuBLAS would do the lab's work; write the kernel yourself"},
    {"cudnn", "cuDNN would do the lab's work"},
    {"cufft", "library calls are not allowed in this lab"},
    {"curand", "library calls are not allowed in this lab"},
    {"cusparse", "library calls are not allowed in this lab"},
    {"cusolver", "library calls are not allowed in this lab"},
    {"cudaEvent", "CUDA events are the grader's timer; a submission must not create or record its own"},
    {"cudaDeviceReset", "resetting the device would destroy the grader's buffers"},
    {"cudaSetDevice", "the grader chooses the device"},
    {"cudaStream", "work on a side stream can escape the grader's timer; launch on the default stream"},
    {"cudaGraph", "CUDA graphs can escape the grader's timer"},
    {"cudaHostAlloc", "pinned host memory is not needed here"},
    {"cudaMallocManaged", "managed memory can hide where the work happens"},
    {"system", "running other programs is not allowed"},
    {"popen", "running other programs is not allowed"},
    {"fork", "starting processes is not allowed"},
    {"vfork", "starting processes is not allowed"},
    {"exec", "running other programs is not allowed"},
    {"posix_spawn", "running other programs is not allowed"},
    {"dlopen", "loading libraries at run time is not allowed"},
    {"dlsym", "loading libraries at run time is not allowed"},
    {"socket", "network access is not allowed"},
    {"connect", "network access is not allowed"},
    {"fopen", "file access is not allowed"},
    {"open", "file access is not allowed"},
    {"_ZNSt14basic_ifstream", "file access is not allowed"},
    {"_ZNSt14basic_ofstream", "file access is not allowed"},
    {"pthread_create", "starting threads is not allowed"},
};

// Definitions that take the harness's place.
constexpr std::string_view kHarnessSymbols[] = {"main", "cudagrade_call_entry"};

// The grader's own namespaces: the harness (cudagrade::) and the simulator's runtime (cusim::). A file may
// call what the simulator's header calls (the toolchain passes those as extra prefixes) and instantiate its
// templates (weak definitions), but never define one of their functions or variables itself.
bool grader_internal(const std::string& symbol) {
  return symbol.find("N9cudagrade") != std::string::npos || starts_with(symbol, "_ZN9cudagrade");
}
// `__cusim_` names are the simulator's link script's (cusim/runtime/device_statics.h): the bounds of the
// file's watched storage, which a definition of the file's own would move.
bool runtime_definition(const std::string& symbol) {
  return starts_with(symbol, "_ZN5cusim") || starts_with(symbol, "__cusim_") || grader_internal(symbol);
}

bool allowed_call(const std::string& symbol) {
  // nm may print versioned names ("memcpy@GLIBC_2.14").
  const std::string_view name = std::string_view(symbol).substr(0, symbol.find('@'));
  if (std::find(std::begin(kAllowedCalls), std::end(kAllowedCalls), name) != std::end(kAllowedCalls)) return true;
  if (math_function(name) || library_throw(name)) return true;
  return std::any_of(std::begin(kAllowedCallPrefixes), std::end(kAllowedCallPrefixes),
                     [&](std::string_view prefix) { return starts_with(name, prefix); });
}

std::string refusal_reason(const std::string& symbol) {
  for (const Refusal& refusal : kRefusals) {
    if (starts_with(symbol, refusal.prefix)) return std::string(refusal.reason);
  }
  return "it is not on the list of calls this lab allows (see grader/compile/symbol_policy.cc)";
}

// Why a global definition would take the C, C++ or CUDA runtime's place, or nullopt when it would not.
// Weak definitions of C++ names that the runtime also exports are inline copies from the same headers
// (std::string's members, say) and replace nothing; operator new and delete are never such copies.
std::optional<std::string> replaces_the_runtime(const std::string& symbol, const ObjectSymbols& symbols,
                                                const std::set<std::string>& runtime_exports) {
  const bool mangled = starts_with(symbol, "_Z");
  for (std::string_view allocation : {"_Znw", "_Zna", "_Zdl", "_Zda"}) {
    if (starts_with(symbol, allocation)) {
      return "the file replaces operator new or delete, which the harness uses too";
    }
  }
  if (!mangled && (starts_with(symbol, "cuda") || starts_with(symbol, "__cuda"))) {
    return "the file defines " + symbol + ", a call of the CUDA runtime, which the harness uses too";
  }
  const bool strong = std::find(symbols.strong.begin(), symbols.strong.end(), symbol) != symbols.strong.end();
  if (runtime_exports.count(symbol) != 0 && (strong || !mangled)) {
    return "the file defines " + symbol + ", which the C or C++ runtime provides, and would replace the runtime's " +
           "for the harness too (make it static, or rename it)";
  }
  return std::nullopt;
}

// CUB and Thrust live in namespaces cub:: and thrust::, which mangle as "N3cub" and "N6thrust".
bool library_definition(const std::string& symbol) {
  return symbol.find("N3cub") != std::string::npos || symbol.find("N6thrust") != std::string::npos ||
         starts_with(symbol, "_ZN3cub") || starts_with(symbol, "_ZN6thrust");
}

}  // namespace

namespace {

bool matches(std::string_view name, const std::string& allowed) {
  if (!allowed.empty() && allowed.back() == '*') return starts_with(name, allowed.substr(0, allowed.size() - 1));
  return name == allowed;
}

}  // namespace

bool launches_a_kernel(const ObjectSymbols& symbols, const std::vector<std::string>& launch_symbols) {
  return std::any_of(symbols.undefined.begin(), symbols.undefined.end(), [&](const std::string& symbol) {
    const std::string_view name = std::string_view(symbol).substr(0, symbol.find('@'));
    return std::any_of(launch_symbols.begin(), launch_symbols.end(),
                       [&](const std::string& launch) { return matches(name, launch); });
  });
}

ObjectSymbols parse_nm_posix(const std::string& output) {
  ObjectSymbols symbols;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name, type;
    if (!(fields >> name >> type) || type.size() != 1) continue;
    if (type == "U" || type == "w" || type == "v") {
      symbols.undefined.push_back(name);
    } else {
      symbols.defined.push_back(name);
      if (type != "W" && type != "V" && type != "u") symbols.strong.push_back(name);
      if (std::isupper(static_cast<unsigned char>(type[0])) || type == "u") symbols.global.push_back(name);
    }
  }
  return symbols;
}

std::set<std::string> parse_nm_exports(const std::string& output) {
  std::set<std::string> names;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name, type;
    if (!(fields >> name >> type) || type.size() != 1 || type == "U" || type == "A") continue;  // A: a version
    names.insert(name.substr(0, name.find('@')));
  }
  return names;
}

SymbolVerdict judge_symbols(const ObjectSymbols& symbols, const std::vector<std::string>& extra_allowed,
                            const std::set<std::string>& runtime_exports) {
  for (const std::string& symbol : symbols.defined) {
    // As written (extern "C", main) or mangled as a C++ function of that name (_Z20cudagrade_call_entry...).
    const bool harness = std::any_of(std::begin(kHarnessSymbols), std::end(kHarnessSymbols), [&](std::string_view name) {
      return symbol == name || starts_with(symbol, "_Z" + std::to_string(name.size()) + std::string(name));
    });
    if (harness) {
      return {SymbolVerdict::Outcome::kRejected, symbol, "the file defines " + symbol + ", which the harness owns"};
    }
    if (library_definition(symbol)) {
      return {SymbolVerdict::Outcome::kRejected, symbol, "CUB and Thrust would do the lab's work"};
    }
  }
  for (const std::string& symbol : symbols.strong) {
    if (runtime_definition(symbol)) {
      return {SymbolVerdict::Outcome::kRejected, symbol, "the file defines part of the grader's own harness"};
    }
  }
  for (const std::string& symbol : symbols.global) {
    if (std::optional<std::string> reason = replaces_the_runtime(symbol, symbols, runtime_exports)) {
      return {SymbolVerdict::Outcome::kRejected, symbol, *reason};
    }
  }
  for (const std::string& symbol : symbols.undefined) {
    if (grader_internal(symbol)) {
      return {SymbolVerdict::Outcome::kRejected, symbol, "the file reaches into the grader's own harness"};
    }
    const std::string_view name = std::string_view(symbol).substr(0, symbol.find('@'));
    const bool extra = std::any_of(extra_allowed.begin(), extra_allowed.end(),
                                   [&](const std::string& allowed) { return matches(name, allowed); });
    if (!extra && !allowed_call(symbol)) return {SymbolVerdict::Outcome::kRejected, symbol, refusal_reason(symbol)};
  }
  return {};
}

}  // namespace cudagrade
