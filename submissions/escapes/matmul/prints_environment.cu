// cudagrade-expect: wrong_answer
// Threat: printing the grader's environment (a course token, the paths of the hidden cases) into the
// report. Past every static policy: open and read are reached through glibc's generic system-call stub,
// found by its bytes (see kills_grader.cu). Two layers stop it: every runner starts with a cleared
// environment (env -i and an allowlist), and in its PID namespace no ancestor's /proc/<pid>/environ can
// be named. tests/escape_corpus.sh sets a token in the grader's environment and checks the report lacks
// it. The file computes nothing.
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

void print_environment_of(RawCall call, long pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%ld/environ", pid);
    const long fd = call(257, -100, reinterpret_cast<long>(path), 0, 0, 0, 0);  // openat
    if (fd < 0) return;
    static char contents[1 << 16];
    long total = 0;
    for (long got; total < static_cast<long>(sizeof contents) - 1 &&
                   (got = call(0, fd, reinterpret_cast<long>(contents + total), sizeof contents - 1 - total, 0, 0,
                               0)) > 0;) total += got;
    call(3, fd, 0, 0, 0, 0, 0);
    for (long at = 0; at < total; ++at) if (contents[at] == '\0') contents[at] = ' ';
    contents[total] = '\0';
    std::printf("environment of %ld: %s\n", pid, contents);
}

}  // namespace

// A launch, as the symbol policy asks; it writes nothing.
__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    const RawCall call = find_stub();
    print_environment_of(call, call(39, 0, 0, 0, 0, 0, 0));   // getpid
    print_environment_of(call, call(110, 0, 0, 0, 0, 0, 0));  // getppid
}
