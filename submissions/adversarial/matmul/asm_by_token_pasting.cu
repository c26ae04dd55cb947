// cudagrade-expect: rejected
// Threat: assembly the source policy cannot see. `asm` is spelled by token pasting, so no forbidden word
// appears in the file, and the compiler still emits a syscall instruction: exit_group without the symbol
// policy ever seeing a call. The object's disassembly decides: a system-call instruction in the student's
// code is refused (compile/instruction_scan.h).
#include "matmul.cuh"

#define GLUE(a, b) a##b

static long trap(long number, long argument) {
    long result;
    GLUE(a, sm) volatile("syscall" : "=a"(result) : "a"(number), "D"(argument) : "rcx", "r11", "memory");
    return result;
}

__global__ void touch(float* C) { C[0] = 0.0f; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    if (C == nullptr) trap(231, 0);  // exit_group
}
