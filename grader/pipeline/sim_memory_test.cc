// The simulator's view of global memory, end to end: races between threads and blocks in device memory,
// results that depend on the order threads run in, and host and device memory kept apart. Each file is a
// small real CUDA reduction, graded as a student's would be; the test asserts the status and what the
// message names.
#include <catch2/catch.hpp>

#include <string>

#include "testing/sim_fixture.h"

namespace cudagrade {
namespace {

TEST_CASE("threads of a block adding into one global word are a race naming the line and atomicAdd", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(R"(
__global__ void zero(int* out) { *out = 0; }
__global__ void add_all(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) *out += in[i];
}
void reduce_sum(const int* in, int* out, int n, int*) {
  zero<<<1, 1>>>(out);
  add_all<<<(n + 255) / 256, 256>>>(in, out, n);
}
)"),
                   CaseStatus::kRace, {"data race on global memory", "kernel add_all", "line 6", "atomicAdd"});
}

// Every block adds its tree sum into *out with no atomic.
const std::string kAddBlocks = R"(
__global__ void zero(int* out) { *out = 0; }
__global__ void add_blocks(const int* in, int* out, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out += s[0];
}
)";

TEST_CASE("blocks adding into one global word without an atomic are a race naming both blocks", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(kAddBlocks + R"(
void reduce_sum(const int* in, int* out, int n, int*) {
  zero<<<1, 1>>>(out);
  add_blocks<<<(n + 255) / 256, 256>>>(in, out, n);
}
)"),
                   CaseStatus::kRace, {"of block (0,0,0)", "of block (1,0,0)", "nothing orders the two blocks"});
}

// Issue #33: the file's __device__ variables are global memory on a GPU, and the simulator watches them as it
// watches cudaMalloc buffers (cusim/runtime/device_statics.h); before, a race kept in them passed.
TEST_CASE("blocks adding into one __device__ word without an atomic are a race, as in device memory", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(kAddBlocks + R"(
__device__ int total;
__global__ void store(int* out, const int* from) { *out = *from; }
void reduce_sum(const int* in, int* out, int n, int*) {
  int* where = nullptr;
  cudaGetSymbolAddress(reinterpret_cast<void**>(&where), total);
  zero<<<1, 1>>>(where);
  add_blocks<<<(n + 255) / 256, 256>>>(in, where, n);
  store<<<1, 1>>>(out, where);
}
)"),
                   CaseStatus::kRace,
                   {"__device__ or __constant__ variable", "of block (0,0,0)", "of block (1,0,0)", "line 13"});
}

// The "last block" reduction: each block stores its tree sum in partial[b], and the block that takes the last
// ticket of *done adds them up. `fence` comes between the store and the ticket; `state` declares what
// `launcher`'s reduce_sum passes as partial and done.
std::string last_block_sum(const std::string& fence, const std::string& state, const std::string& launcher) {
  return state + R"(
__global__ void sum(const int* in, int* out, int n, int* partial, unsigned* done) {
  __shared__ int s[256];
  __shared__ bool last;
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    )" + fence + R"(
    last = atomicInc(done, gridDim.x) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int total = 0;
    for (int b = 0; b < gridDim.x; ++b) total += partial[b];
    *out = total;
  }
}
)" + launcher;
}

TEST_CASE("the last-block handshake, __threadfence and an atomic counter, is not a race", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(last_block_sum("__threadfence();", "", R"(
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
  unsigned* done = reinterpret_cast<unsigned*>(scratch + blocks);
  cudaMemset(done, 0, sizeof(unsigned));
  sum<<<blocks, 256>>>(in, out, n, scratch, done);
}
)")),
                   CaseStatus::kPassed, {});
}

// The handshake above, its partial sums and counter kept in __device__ variables that a macro declares (so no
// rewriting of declarations could find them): without the fence, the last block may read a partial sum another
// block has not yet made visible.
std::string handshake_in_device_variables(const std::string& fence) {
  return last_block_sum(fence, R"(
#define DEVICE_STATE __device__
DEVICE_STATE int partial_sums[64];
DEVICE_STATE unsigned done_count;
)", R"(
void reduce_sum(const int* in, int* out, int n, int*) {
  int* partial = nullptr;
  unsigned* done = nullptr;
  cudaGetSymbolAddress(reinterpret_cast<void**>(&partial), partial_sums);
  cudaGetSymbolAddress(reinterpret_cast<void**>(&done), done_count);
  cudaMemset(done, 0, sizeof(unsigned));
  sum<<<(n + 255) / 256, 256>>>(in, out, n, partial, done);
}
)");
}

TEST_CASE("the last-block handshake kept in __device__ variables needs its __threadfence, as in device memory",
          "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(handshake_in_device_variables("")), CaseStatus::kRace,
                            {"__device__ or __constant__ variable", "nothing orders the two blocks"});
  testing::check_every_case(fixture.grade(handshake_in_device_variables("__threadfence();")), CaseStatus::kPassed, {});
}

// A right reduction whose launcher first calls the file's prepare(), which each test below writes.
const std::string kAfterPrepare = R"(
__global__ void block_sums(const int* in, int* partial, int n) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (threadIdx.x == 0) partial[blockIdx.x] = 0;
  __syncthreads();
  if (i < n) atomicAdd(&partial[blockIdx.x], in[i]);
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  prepare();
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256>>>(in, scratch, n);
  add_up<<<1, 256>>>(scratch, out, blocks);
}
)";

// Issue #33: a file cleared the race recorder's and the access counter's switches, which live in the runner's
// own variables, with a store. The file's code may write its own variables, its stack, the heap and device
// memory; a store into the rest of the runner's image ends the run, from a kernel or from host code. (The
// built-in variables are the runner's: writing one stands in for a switch found in the machine code.)
TEST_CASE("a store into the runner's own variables ends the run, from a kernel or from host code", "[sim]") {
  testing::SimFixture fixture;
  for (const char* writer : {"__global__ void spoil() { *const_cast<unsigned*>(&blockDim.x) = 0; }\n"
                             "void prepare() { spoil<<<1, 1>>>(); }\n",
                             "void prepare() { *const_cast<volatile unsigned*>(&blockDim.x) = 0; }\n"}) {
    INFO(writer);
    testing::check_every_case(fixture.grade(std::string(writer) + testing::kAddUp + kAfterPrepare),
                              CaseStatus::kCrashed, {"the grader's own memory", "line 2"});
  }
}

// The same stores made by the C library or the simulated CUDA runtime for the file: a memcpy or memset whose
// size the compiler cannot see, a snprintf, a cudaMemcpy between host pointers, an answer through an
// out-parameter. -fsanitize=thread sees none of them; the join renames the file's C library calls to checked
// twins (sim/checked_calls.h) and the runtime holds its own writes to the same rule.
TEST_CASE("a C library or CUDA runtime call that writes the runner's own variables ends the run", "[sim]") {
  testing::SimFixture fixture;
  // __host__ __device__: the kernel below calls it, and device code calls no host function (sim/host_calls.h).
  const std::string target =
      "static __host__ __device__ void* target() { return const_cast<unsigned*>(&blockDim.x); }\n"
      "static volatile size_t four = 4;\n";
  for (const char* writer :
       {"void prepare() { memset(target(), 0, four); }\n",
        "void prepare() { unsigned zero = 0; memcpy(target(), &zero, four); }\n",
        "void prepare() { snprintf(static_cast<char*>(target()), four, \"%s\", \"\"); }\n",
        "void prepare() { strcpy(static_cast<char*>(target()), four > 4 ? \"\" : \"abc\"); }\n",
        "void prepare() { unsigned zero = 0; cudaMemcpy(target(), &zero, four, cudaMemcpyHostToHost); }\n",
        "void prepare() { cudaGetDevice(static_cast<int*>(target())); }\n",
        // A kernel's lines are named where it is launched (the simulator inlines its body there): one line.
        "__global__ void spoil(size_t n) { memset(target(), 0, n); } void prepare() { spoil<<<1, 1>>>(four); }\n"}) {
    INFO(writer);
    testing::check_every_case(fixture.grade("#include <cstdio>\n#include <cstring>\n" + target + writer +
                                            testing::kAddUp + kAfterPrepare),
                              CaseStatus::kCrashed, {"the grader's own memory", "line 6"});
  }
}

// g++ makes fprintf(stderr, "a constant line\n") an fwrite, and sprintf(buffer, "%s", text) a strcpy, which the
// symbol policy once refused: a correct file whose launcher printed so got 0. Both are allowed now, on both
// backends, and checked here as fputs and sprintf are.
TEST_CASE("a constant line printed to stderr, or a string formatted with %s, passes", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(
      fixture.grade("#include <cstdio>\nstatic volatile int visible = 1;\nvoid prepare() {\n"
                    "  fprintf(stderr, \"adding up\\n\");\n  char line[32];\n"
                    "  sprintf(line, \"%s\", visible ? \"adding\" : \"up\");\n  puts(line);\n}\n" +
                    testing::kAddUp + kAfterPrepare),
      CaseStatus::kPassed, {});
}

// A memcpy or memset of no bytes writes nothing, wherever its pointer points: in a kernel at the end of the
// launch's dynamic shared memory, on the host at the runner's own variables.
TEST_CASE("a C library call that copies no bytes touches nothing", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(
      fixture.grade("#include <cstring>\nstatic volatile size_t none = 0;\n"
                    "__global__ void at_the_end(size_t n) { extern __shared__ int s[]; memset(s + 8, 0, n); }\n"
                    "void prepare() { unsigned zero = 0; memcpy(const_cast<unsigned*>(&blockDim.x), &zero, none);\n"
                    "  at_the_end<<<1, 32, 8 * sizeof(int)>>>(none); }\n" +
                    testing::kAddUp + kAfterPrepare),
      CaseStatus::kPassed, {});
}

// printf's %n stores through an argument: CUDA's device printf has no %n, and a file that prints with one
// could have the C library write anywhere. A stream that is not stdout or stderr is the same.
TEST_CASE("printing with %n, or to a stream of the file's making, ends the run", "[sim]") {
  testing::SimFixture fixture;
  for (const char* writer : {"void prepare() { int printed = 0; printf(\"%d%n\\n\", 7, &printed); }\n",
                             "void prepare() { char fake[512] = {}; fputs(\"x\", reinterpret_cast<FILE*>(fake)); }\n"}) {
    INFO(writer);
    testing::check_every_case(fixture.grade(std::string("#include <cstdio>\n") + writer + testing::kAddUp + kAfterPrepare),
                              CaseStatus::kCrashed, {"prints"});
  }
}

TEST_CASE("a result that depends on which thread runs first is a race in the second order", "[sim]") {
  testing::SimFixture fixture;
  // No data race: the first thread to take a ticket does the work, and in index order that is thread 0.
  testing::check_every_case(fixture.grade(R"(
__global__ void first_one_sums(const int* in, int* out, int n, int* ticket) {
  if (atomicAdd(ticket, 1) == 0 && threadIdx.x == 0) {
    int total = 0;
    for (int i = 0; i < n; ++i) total += in[i];
    *out = total;
  }
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  cudaMemset(scratch, 0, sizeof(int));
  first_one_sums<<<1, 64>>>(in, out, n, scratch);
}
)"),
                   CaseStatus::kRace, {"depends on the order in which threads run", "right in index order"});
}

TEST_CASE("host code reading a device pointer crashes as it would on a GPU machine", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(R"(
__global__ void nothing() {}
void reduce_sum(const int* in, int* out, int n, int*) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += in[i];
  nothing<<<1, 1>>>();
  cudaMemcpy(out, &total, sizeof total, cudaMemcpyHostToDevice);
}
)"),
                   CaseStatus::kCrashed, {"host code dereferenced a device pointer", "cudaMalloc buffer"});
}

TEST_CASE("a kernel given host memory is an illegal address naming the line", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(R"(
#include <vector>
__global__ void add_all(const int* in, int* out, int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += in[i];
  *out = total;
}
void reduce_sum(const int* in, int* out, int n, int*) {
  std::vector<int> host(n);
  cudaMemcpy(host.data(), in, sizeof(int) * n, cudaMemcpyDeviceToHost);
  add_all<<<1, 1>>>(host.data(), out, n);
}
)"),
                   CaseStatus::kCrashed, {"cudaErrorIllegalAddress", "kernel add_all", "line 6", "host memory"});
}

TEST_CASE("a sum made on the host and copied in, beside an empty kernel, is host_compute", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(R"(
#include <vector>
__global__ void looks_busy() {}
void reduce_sum(const int* in, int* out, int n, int*) {
  std::vector<int> host(n);
  cudaMemcpy(host.data(), in, sizeof(int) * n, cudaMemcpyDeviceToHost);
  int total = 0;
  for (int v : host) total += v;
  cudaMemcpy(out, &total, sizeof total, cudaMemcpyHostToDevice);
  looks_busy<<<1, 1>>>();
}
)"),
                   CaseStatus::kHostCompute, {"out was written by a copy from host memory", "must run on the GPU"});
}

TEST_CASE("a host-made sum moved into place by a kernel is host_compute: no kernel read the input", "[sim]") {
  testing::SimFixture fixture;
  testing::check_every_case(fixture.grade(R"(
#include <vector>
__global__ void move(const int* from, int* to) { *to = *from; }
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  std::vector<int> host(n);
  cudaMemcpy(host.data(), in, sizeof(int) * n, cudaMemcpyDeviceToHost);
  int total = 0;
  for (int v : host) total += v;
  cudaMemcpy(scratch, &total, sizeof total, cudaMemcpyHostToDevice);
  move<<<1, 1>>>(scratch, out);
}
)"),
                   CaseStatus::kHostCompute, {"no kernel read the input in"});
}

TEST_CASE("host constants copied in and device-to-device copies of the inputs are not host work", "[sim]") {
  testing::SimFixture fixture;
  // The input is staged into scratch by a device copy, and a host-made zero starts the total: both fair.
  testing::check_every_case(fixture.grade(R"(
__global__ void add_all(const int* staged, int* out, int n) {
  int total = *out;
  for (int i = 0; i < n; ++i) total += staged[i];
  *out = total;
}
void reduce_sum(const int* in, int* out, int n, int* scratch) {
  cudaMemcpy(scratch, in, sizeof(int) * n, cudaMemcpyDeviceToDevice);
  const int zero = 0;
  cudaMemcpy(out, &zero, sizeof zero, cudaMemcpyHostToDevice);
  add_all<<<1, 1>>>(scratch, out, n);
}
)"),
                   CaseStatus::kPassed, {});
}

TEST_CASE("an input copied into __constant__ memory on the device has been used: not host work", "[sim]") {
  testing::SimFixture fixture;
  // The lecture's convolution keeps its mask in constant memory: cudaMemcpyToSymbol from the device buffer.
  testing::check_every_case(fixture.grade(R"(
__constant__ int staged[8192];
__global__ void add_all(int* out, int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += staged[i];
  *out = total;
}
void reduce_sum(const int* in, int* out, int n, int*) {
  cudaMemcpyToSymbol(staged, in, sizeof(int) * n, 0, cudaMemcpyDeviceToDevice);
  add_all<<<1, 1>>>(out, n);
}
)"),
                   CaseStatus::kPassed, {});
}

}  // namespace
}  // namespace cudagrade
