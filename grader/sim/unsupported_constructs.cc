#include "sim/unsupported_constructs.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

namespace cudagrade {
namespace {

constexpr UnsupportedConstruct kUnsupported[] = {
    {"asm", "inline PTX (asm)"},
    {"__asm__", "inline PTX (asm)"},
    {"__asm", "inline PTX (asm)"},
    {"texture", "textures"},
    {"cudaTextureObject_t", "texture objects"},
    {"tex1Dfetch", "textures"},
    {"tex2D", "textures"},
    {"surf2Dwrite", "surfaces"},
    {"wmma", "tensor cores (wmma)"},
    {"mma_sync", "tensor cores (mma)"},
    {"__half", "half precision"},
    {"__nv_bfloat16", "bfloat16"},
    {"curand_kernel", "cuRAND device functions"},
    {"cuda_pipeline", "asynchronous copies (cuda_pipeline.h)"},
    // Markers only cusim's own <cuda/barrier>, <cuda/atomic> and <cuda/std/atomic> spell (#error).
    {"cuda_barrier", "asynchronous barriers (cuda/barrier)"},
    {"cuda_atomic", "libcu++ atomics (cuda/atomic)"},
    {"cudaLaunchCooperativeKernel", "cooperative launches"},
    {"cudaMallocManaged", "managed memory"},
    {"__managed__", "managed memory"},
};

// The line of `file_name` a diagnostic line names ("<file>:<line>:<column>: ..."), or 0 for another file's.
int line_in_file(const std::string& line, const std::string& file_name) {
  return line.rfind(file_name + ":", 0) == 0 ? std::atoi(line.c_str() + file_name.size() + 1) : 0;
}

// g++ places an error inside a macro at the macro's definition (a header page's `#define __float2half ...`) and
// follows it with notes down to the expansion in the file: the first such note in the file gives the line.
int expansion_line(const std::vector<std::string>& lines, size_t error, const std::string& file_name) {
  for (size_t i = error + 1; i < lines.size() && lines[i].find(": error: ") == std::string::npos; ++i) {
    if (lines[i].find(": note: in expansion of macro") == std::string::npos) continue;
    if (const int line = line_in_file(lines[i], file_name)) return line;
  }
  return 0;
}

}  // namespace

// Where each unsupported token is, as a whole token in code (not in a comment or a string).
std::vector<UnsupportedToken> unsupported_tokens(const SourceScan& scan) {
  std::vector<UnsupportedToken> found;
  for (const UnsupportedConstruct& entry : kUnsupported) {
    const size_t length = std::string_view(entry.token).size();
    for (size_t at : scan.find_tokens(entry.token)) found.push_back({at, at + length, unsupported_marker(entry.token)});
  }
  return found;
}

std::vector<UnsupportedConstruct> unsupported_constructs() {
  return {std::begin(kUnsupported), std::end(kUnsupported)};
}

std::string unsupported_marker(std::string_view token) { return std::string(kUnsupportedMarker) + std::string(token); }

std::optional<UnsupportedUse> unsupported_use_in_log(const std::string& log, const std::string& file_name) {
  std::vector<std::string> lines;
  std::istringstream text(log);
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  for (size_t at = 0; at < lines.size(); ++at) {
    const std::string& line = lines[at];
    const size_t marker = line.find(kUnsupportedMarker);
    if (marker == std::string::npos) continue;
    const size_t token_begin = marker + std::string_view(kUnsupportedMarker).size();
    size_t token_end = token_begin;
    while (token_end < line.size() && (std::isalnum(static_cast<unsigned char>(line[token_end])) || line[token_end] == '_')) {
      ++token_end;
    }
    const std::string token = line.substr(token_begin, token_end - token_begin);
    for (const UnsupportedConstruct& entry : kUnsupported) {
      if (token != entry.token) continue;
      // A diagnostic of another file (a header) gives no line, unless it is a macro the file expanded.
      int line_number = line_in_file(line, file_name);
      if (line_number == 0) line_number = expansion_line(lines, at, file_name);
      return UnsupportedUse{entry.construct, line_number};
    }
  }
  return std::nullopt;
}

}  // namespace cudagrade
