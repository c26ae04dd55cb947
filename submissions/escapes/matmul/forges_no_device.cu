// cudagrade-expect: crashed
// Threat: making the machine take the blame. The file finds the request it is answering in the harness's
// heap (the nonce is no secret from code in the same process), answers it on the harness's reply descriptor
// with "CUDA found no device" and exits: once a runner's word that the machine failed made a case
// infra_error ("never the student's fault", rerun with --resume). Past every static policy: open, read,
// write and exit are reached through glibc's generic system-call stub (see kills_grader.cu). What decides:
// a CUDA error during a case is the program's crash, and a runner that blames the machine (CUDA failing at
// its start, a harness error) is believed only when a reference fails the same way on the same device in
// the same run.
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


unsigned long hex_at(const char*& at) {
    unsigned long value = 0;
    for (;; ++at) {
        if (*at >= '0' && *at <= '9') value = value * 16 + static_cast<unsigned long>(*at - '0');
        else if (*at >= 'a' && *at <= 'f') value = value * 16 + static_cast<unsigned long>(*at - 'a' + 10);
        else return value;
    }
}

// The newest "check <nonce> " in the heap ([heap] of /proc/self/maps), the request being answered.
bool find_request_nonce(RawCall call, char* nonce) {
    static char maps[1 << 16];
    const long fd = call(257, -100, reinterpret_cast<long>("/proc/self/maps"), 0, 0, 0, 0);
    if (fd < 0) return false;
    long total = 0;
    for (long got; total < static_cast<long>(sizeof maps) - 1 &&
                   (got = call(0, fd, reinterpret_cast<long>(maps + total), sizeof maps - 1 - total, 0, 0, 0)) > 0;)
        total += got;
    call(3, fd, 0, 0, 0, 0, 0);
    maps[total] = '\0';
    const char* line = maps;
    for (const char* at = maps; *at != '\0'; ++at) {
        if (*at == '\n') line = at + 1;
        if (at[0] != '[' || at[1] != 'h' || at[2] != 'e' || at[3] != 'a' || at[4] != 'p') continue;
        const char* cursor = line;
        const char* low = reinterpret_cast<const char*>(hex_at(cursor));
        ++cursor;
        const char* high = reinterpret_cast<const char*>(hex_at(cursor));
        const char* found = nullptr;
        for (const char* scan = low; scan + 23 < high; ++scan) {
            if (scan[0] != 'c' || scan[1] != 'h' || scan[2] != 'e' || scan[3] != 'c' || scan[4] != 'k' || scan[5] != ' ')
                continue;
            bool hex = scan[22] == ' ';
            for (int i = 6; i < 22 && hex; ++i) hex = (scan[i] >= '0' && scan[i] <= '9') || (scan[i] >= 'a' && scan[i] <= 'f');
            if (hex) found = scan;
        }
        if (found == nullptr) return false;
        for (int i = 0; i < 16; ++i) nonce[i] = found[6 + i];
        nonce[16] = '\0';
        return true;
    }
    return false;
}

}  // namespace

// A launch, as the symbol policy asks; it writes nothing.
__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    const RawCall call = find_stub();
    char nonce[17] = "0";
    find_request_nonce(call, nonce);
    char line[160];
    const int length = std::snprintf(line, sizeof line,
                                     "error %s cuda cudaErrorNoDevice: no CUDA-capable device is detected\n", nonce);
    call(1, 4, reinterpret_cast<long>(line), length, 0, 0, 0);  // write to the reply descriptor
    call(231, 1, 0, 0, 0, 0, 0);                                   // exit_group(1)
}
