// The constructs the simulator cannot run (textures, inline PTX, half precision, ...): the tokens that spell
// them, the marker each becomes in the rewritten text, and how a failed compile's log names the construct.
// A marker is an identifier nothing declares: code the compiler compiles fails with it, and the build names the
// construct `unsupported`; code it skips costs nothing, as with nvcc.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/source_scan.h"

namespace cudagrade {

// A token the simulator cannot run, as a whole token in code, and the construct its `unsupported` verdict names
// (docs/SIMULATOR.md lists them, and a test keeps the two the same).
struct UnsupportedConstruct {
  const char* token;
  const char* construct;
};
std::vector<UnsupportedConstruct> unsupported_constructs();

// What an unsupported token becomes in the rewritten text.
inline constexpr std::string_view kUnsupportedMarker = "cusim_unsupported_";
std::string unsupported_marker(std::string_view token);

// The construct a failed compile's log names by its marker, and the line in `file_name` of the first diagnostic
// that does (0 when that diagnostic is a header's); nullopt when the log names none: an ordinary compile error.
struct UnsupportedUse {
  std::string construct;
  int line = 0;
};
std::optional<UnsupportedUse> unsupported_use_in_log(const std::string& log, const std::string& file_name);

// Where a file spells an unsupported token in code, and the marker that replaces it.
struct UnsupportedToken {
  size_t begin, end;
  std::string marker;
};
std::vector<UnsupportedToken> unsupported_tokens(const SourceScan& scan);

}  // namespace cudagrade
