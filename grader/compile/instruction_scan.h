// The student's object, disassembled: no instruction that enters the kernel directly. The symbol policy
// holds every call to the C library against a list, so code that traps into the kernel itself (syscall,
// sysenter, int $0x80) would get around it; such an instruction can only come from assembly, which the
// source policy refuses but a compiler can still be led to (asm spelled by token pasting).
#pragma once

#include <optional>
#include <string>

namespace cudagrade {

struct ForbiddenInstruction {
  std::string instruction;  // "syscall"
  std::string function;     // the symbol it lies in, as objdump names it
};

// The first system-call instruction in `objdump -d` output, if any.
std::optional<ForbiddenInstruction> first_system_call_instruction(const std::string& disassembly);

}  // namespace cudagrade
