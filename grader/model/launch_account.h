// What a check's call launched and copied, as both backends count it (issue #33, "the GPU grade must not rely
// on the simulator alone"): the number of launches, the kernels' names, and a hash of each launch's kernel,
// grid, block and dynamic shared memory and of each copy or memset's entry, direction and bytes, in order. The
// GPU runner counts the student's call through the runtime's launch and copy entries, wrapped at link time
// (harness/runner_main.cu); the simulator counts them in its own launch and copies (cusim/runtime/api.cc).
// The grader compares the two for each case (pipeline/race_check.h): the whole account where the simulator ran
// the case at the GPU's size, the kernels' names where it ran it smaller. An honest file launches the same
// kernels on the same device profile, and a file that runs other code where it believes it is on the GPU is
// seen.
//
// Header-only, with only what nvcc's host pass and the simulator's runtime both have.
#pragma once

#include <cxxabi.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

namespace cudagrade {

inline bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The entry a copy came through. A pitch is left out of the account (a GPU's cudaMallocPitch pads rows as the
// simulator need not), and so is a symbol's address; what a row or a symbol holds is in the bytes.
enum class CopyEntry : uint64_t {
  kLinear = 0xC0B1C0B1C0B1C0B1ull,  // cudaMemcpy, cudaMemcpyAsync: (kind, bytes)
  kTwoD,                            // cudaMemcpy2D and its Async: (kind, width x height)
  kToSymbol,                        // cudaMemcpyToSymbol and its Async: (kind, bytes)
  kFromSymbol,                      // cudaMemcpyFromSymbol and its Async: (kind, bytes)
  kMemset,                          // cudaMemset and its Async: (the byte value, bytes)
  kMemset2D,                        // cudaMemset2D and its Async: (the byte value, width x height)
};

// The kernel's own name in what the runtime calls it: `demangled` is a __global__ function's demangled name
// ("void ns::tiled<16>(float const*, int)") or its C name ("tiled"), and the answer its last identifier,
// "tiled", which is how the simulator's rewriter names the kernel from its definition (sim/device_names.h).
// Namespaces and template arguments are left out: one template's instantiations are one name. Empty when there
// is none.
inline std::string kernel_identifier(const std::string& demangled) {
  size_t end = demangled.size();
  // The parameter list, then any template arguments, each a balanced group at the end.
  for (const char* group : {"()", "<>"}) {
    if (end == 0 || demangled[end - 1] != group[1]) continue;
    int depth = 0;
    size_t at = end;
    while (at > 0) {
      const char c = demangled[--at];
      if (c == group[1]) ++depth;
      if (c == group[0] && --depth == 0) break;
    }
    if (depth != 0) return "";
    end = at;
  }
  while (end > 0 && demangled[end - 1] == ' ') --end;
  size_t begin = end;
  while (begin > 0 && is_identifier_char(demangled[begin - 1])) --begin;
  return demangled.substr(begin, end - begin);
}

// The source name of a symbol as a linker or the CUDA runtime gives it: a mangled C++ name, demangled, or a C
// name as it is, to kernel_identifier's last identifier; a clone's suffix (".cold", ".isra.0") is dropped first.
inline std::string symbol_identifier(std::string symbol) {
  symbol = symbol.substr(0, symbol.find('.'));
  int status = 0;
  char* demangled = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  const std::string name = kernel_identifier(status == 0 && demangled != nullptr ? demangled : symbol);
  std::free(demangled);
  return name;
}

struct LaunchAccount {
  uint64_t launches = 0;
  uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a over the launches' and copies' names and numbers
  std::set<std::string> kernels;          // the launched kernels' names; a refused launch's is unknown, ""
  // The launches' parameters, hashed apart: a file that tells the backends apart can pass its kernel a flag
  // (race or not) under the same name, grid and block. Unknown, and then not compared, once a launch's could
  // not be read (the simulator names a kernel's parameters from its definition, and some have no name).
  uint64_t parameters_hash = 0xcbf29ce484222325ull;
  bool parameters_known = true;

  // `kernel` is kept to an identifier's characters: a name reaches the reply line, whose fields a space, an
  // '=' or a newline would split, and the simulator's comes from the student's object.
  void note(const std::string& kernel, uint64_t grid_x, uint64_t grid_y, uint64_t grid_z, uint64_t block_x,
            uint64_t block_y, uint64_t block_z, uint64_t dynamic_shared_bytes) {
    std::string name;
    for (char c : kernel) {
      if (is_identifier_char(c)) name += c;
    }
    for (char c : name) add_byte(static_cast<unsigned char>(c));
    add(~uint64_t{0});  // ends the name: no identifier has a byte 0xFF
    const uint64_t numbers[] = {grid_x, grid_y, grid_z, block_x, block_y, block_z, dynamic_shared_bytes};
    for (uint64_t number : numbers) add(number);
    kernels.insert(name);
    ++launches;
  }
  // One parameter of a launch, in order: its `size` and the bytes at `bytes`, or its size alone (`bytes` null)
  // where it holds the address of device memory, which differs between the backends. A parameter of more than
  // 8 bytes (a struct, dim3) is noted by its size alone too: its padding holds whatever the caller's stack did.
  void note_parameter(uint64_t size, const void* bytes) {
    if (size > 8) bytes = nullptr;
    if (bytes == nullptr) add_to(parameters_hash, kAddressMark);
    add_to(parameters_hash, size);
    if (bytes == nullptr) return;
    const auto* at = static_cast<const unsigned char*>(bytes);
    for (uint64_t i = 0; i < size; ++i) parameters_hash = (parameters_hash ^ at[i]) * 0x100000001b3ull;
  }
  // Marks where a launch's parameters begin, so that two launches' cannot be read as one's.
  void begin_parameters() { add_to(parameters_hash, kLaunchMark); }
  void parameters_unread() { parameters_known = false; }
  // A copy or memset of the call, with its direction (cudaMemcpyKind) as the file passed it. The entry's mark
  // cannot start a launch's record: its first byte is 0xB1 to 0xB6, a name's are below 0x80 and its end 0xFF.
  void note_copy(CopyEntry entry, uint64_t kind, uint64_t bytes) {
    const uint64_t numbers[] = {static_cast<uint64_t>(entry), kind, bytes};
    for (uint64_t number : numbers) add(number);
  }
  // The reply field's value: "<launches>:<hash in hex>:<names' hash in hex>:<parameters' hash in hex, or ->:
  // <names>", the names sorted and joined by commas ("?" for a refused launch's), at most kMostNamesShown of
  // them, each cut to kLongestNameShown characters; the names' hash is of them all, whole, and is what a
  // comparison of names reads.
  std::string text() const {
    LaunchAccount names_only;
    for (const std::string& kernel : kernels) {
      for (char c : kernel) names_only.add_byte(static_cast<unsigned char>(c));
      names_only.add(~uint64_t{0});
    }
    char head[96];
    std::snprintf(head, sizeof head, "%llu:%016llx:%016llx:", static_cast<unsigned long long>(launches),
                  static_cast<unsigned long long>(hash), static_cast<unsigned long long>(names_only.hash));
    std::string out = head;
    if (parameters_known) {
      std::snprintf(head, sizeof head, "%016llx:", static_cast<unsigned long long>(parameters_hash));
      out += head;
    } else {
      out += "-:";
    }
    size_t shown = 0;
    for (const std::string& kernel : kernels) {
      if (shown > 0) out += ',';
      if (++shown > kMostNamesShown) return out + "...";
      out += kernel.empty() ? std::string("?") : kernel.substr(0, kLongestNameShown);
    }
    return out;
  }
  static constexpr size_t kMostNamesShown = 8;
  static constexpr size_t kLongestNameShown = 48;

 private:
  static constexpr uint64_t kLaunchMark = 0x9A8A9A8A9A8A9A8Aull;
  static constexpr uint64_t kAddressMark = 0xADD8E55ADD8E55ADull;  // no parameter is that many bytes
  void add_byte(unsigned char byte) { hash = (hash ^ byte) * 0x100000001b3ull; }
  void add(uint64_t number) { add_to(hash, number); }
  static void add_to(uint64_t& into, uint64_t number) {
    for (int byte = 0; byte < 8; ++byte) into = (into ^ ((number >> (8 * byte)) & 0xFF)) * 0x100000001b3ull;
  }
};

// A LaunchAccount::text() read back into its parts, for the grader's comparisons; the whole text in `launches`
// where it is not one (a runner's reply that is not the runtime's format).
struct LaunchAccountText {
  std::string launches, hash, names_hash, parameters_hash, kernels;  // parameters_hash "-" where unknown
};
inline LaunchAccountText parse_launch_account(const std::string& account) {
  LaunchAccountText parts;
  std::string* fields[] = {&parts.launches, &parts.hash, &parts.names_hash, &parts.parameters_hash};
  size_t at = 0;
  for (std::string* field : fields) {
    const size_t colon = account.find(':', at);
    if (colon == std::string::npos) return {account, "", "", "", ""};
    *field = account.substr(at, colon - at);
    at = colon + 1;
  }
  parts.kernels = account.substr(at);
  return parts;
}

// Whether two accounts of one case at one size tell of the same launches: their number, kernels, grids,
// blocks and copies, and their parameters where both runs could read them ("-" where one could not, empty in
// an account from before parameters were counted).
inline bool same_launches(const LaunchAccountText& one, const LaunchAccountText& other) {
  const auto known = [](const std::string& hash) { return !hash.empty() && hash != "-"; };
  if (one.launches != other.launches || one.hash != other.hash || one.names_hash != other.names_hash) return false;
  return !known(one.parameters_hash) || !known(other.parameters_hash) || one.parameters_hash == other.parameters_hash;
}

}  // namespace cudagrade
