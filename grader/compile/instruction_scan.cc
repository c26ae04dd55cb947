#include "compile/instruction_scan.h"

#include <regex>
#include <sstream>

namespace cudagrade {

std::optional<ForbiddenInstruction> first_system_call_instruction(const std::string& disassembly) {
  // "0000000000001139 <_Z6matmulPKfS0_Pfiii>:" starts a function; "  1145:\tsyscall" is an instruction.
  static const std::regex function_start(R"(^[0-9a-f]+ <(.+)>:$)");
  static const std::regex trap(R"(^\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} )*\s*(syscall|sysenter|int\s+\$0x80)\b)");
  std::istringstream lines(disassembly);
  std::string function = "(no symbol)";
  std::smatch found;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, found, function_start)) {
      function = found[1];
    } else if (std::regex_search(line, found, trap)) {
      std::string instruction = found[1];
      return ForbiddenInstruction{std::regex_replace(instruction, std::regex(R"(\s+)"), " "), function};
    }
  }
  return std::nullopt;
}

}  // namespace cudagrade
