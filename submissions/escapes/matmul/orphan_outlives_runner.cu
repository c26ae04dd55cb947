// cudagrade-expect: wrong_answer
// Threat: a child in a session of its own, which outlives the process-group kill of its runner and is left
// to act later (in the attack this corpus answers, it SIGKILLed every classmate's runner). Past every
// static policy: fork and setsid are reached through glibc's generic system-call stub, found by its bytes
// (see kills_grader.cu). Only the sandbox stops it: the runner is the init of its PID namespace, and when
// it ends the kernel kills everything in the namespace. tests/escape_corpus.sh looks for the child
// afterwards. The file computes nothing.
#include "matmul.cuh"
#include <cstdint>
#include <cstdio>

namespace {

using RawCall = long (*)(long, long, long, long, long, long, long);

RawCall find_stub() {
    static const unsigned char kStub[] = {0x48, 0x89, 0xf8, 0x48, 0x89, 0xf7, 0x48, 0x89, 0xd6, 0x48, 0x89, 0xca,
                                          0x4d, 0x89, 0xc2, 0x4d, 0x89, 0xc8, 0x4c, 0x8b, 0x4c, 0x24, 0x08, 0x0f, 0x05};
    const unsigned char* page =
        reinterpret_cast<const unsigned char*>(reinterpret_cast<uintptr_t>(stdout) & ~uintptr_t{4095});
    while (!(page[0] == 0x7f && page[1] == 'E' && page[2] == 'L' && page[3] == 'F')) page -= 4096;
    for (const unsigned char* at = page;; ++at) {
        size_t i = 0;
        while (i < sizeof kStub && at[i] == kStub[i]) ++i;
        if (i == sizeof kStub) return reinterpret_cast<RawCall>(const_cast<unsigned char*>(at));
    }
}

}  // namespace

// A launch, as the symbol policy asks; it writes nothing.
__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    static bool started = false;  // one orphan, not one per case
    if (started) return;
    started = true;
    const RawCall call = find_stub();
    const long child = call(57, 0, 0, 0, 0, 0, 0);  // fork
    if (child == 0) {
        call(112, 0, 0, 0, 0, 0, 0);  // setsid
        const long lifetime[2] = {60, 0};
        call(35, reinterpret_cast<long>(lifetime), 0, 0, 0, 0, 0);  // nanosleep: outlive the grade
        call(60, 0, 0, 0, 0, 0, 0);                                 // exit
    }
    std::printf("left a child behind: %ld\n", child);
}
