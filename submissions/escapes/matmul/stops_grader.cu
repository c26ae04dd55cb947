// cudagrade-expect: wrong_answer
// Threat: freezing the grader with SIGSTOP. Its timeouts are its own clock, so a stopped grader never fires
// them, and a class waits for as long as the file chooses. Past every static policy: the file finds glibc's
// generic system-call stub by its bytes and calls it through a function pointer (see kills_grader.cu). Only
// the sandbox stops it: the runner's parent lies outside its PID namespace, so getppid() is 0 and there is
// nothing to stop. Then it computes nothing.
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
    const RawCall call = find_stub();
    const long parent = call(110, 0, 0, 0, 0, 0, 0);  // getppid
    // Only a parent that is not the system's init: the grader (or, in a class run, its queue).
    if (parent > 1) std::printf("stopping %ld: %ld\n", parent, call(62, parent, 19, 0, 0, 0, 0));  // kill(SIGSTOP)
    else std::printf("no parent to stop: %ld\n", parent);
}
