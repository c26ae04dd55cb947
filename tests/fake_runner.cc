// A stand-in for a runner, for tests of the grading pipeline on machines without a GPU. It speaks the real
// protocol (grader/model/protocol.h) over the real arena files, computes matmul or reduction on the CPU, and
// misbehaves on request, the way student code does: crashes, hangs, sticky CUDA errors, writes past a
// buffer, changes an input, floods its output, forges "ok" lines on stdout, caches its answer.
//
//   fake_runner lab=LAB [behaviour...]   e.g. fake_runner lab=matmul crash-on-size=7 ms=2.5
//   (sleep-on-size=N [sleep-ms=MS]: that size's check is answered MS late, 1500 by default)
// The lab (which the fake toolchain takes from the build request) says which buffers it computes.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "model/protocol.h"
#include "model/sample_mixing.h"

namespace {

namespace protocol = cudagrade::protocol;

struct Behaviour {
  // correct, wrong, skip-last-row, past-end, modify-input, flood, cache, truncate-arena, junk-on-control,
  // host-copied-output (right answers, but reports C written from host memory, as runner_main.cu would),
  // rewrite-median (spends the time of its samples, as a real runner, but reports a median 20 times lower)
  // impossible-median (right answers, but reports a median of 1 ns: an answer remembered, not computed)
  // remembered (timed calls answered with the answers to the arena's sets, not to each sample's mixed inputs)
  // audit-repeated, audit-beyond, audit-short (a timing reply whose audited samples are a sample twice, one past
  //   the samples timed, or one fewer than the arena's sets)
  std::string lab;
  std::string mode = "correct";
  long crash_on_size = -1, hang_on_size = -1, cuda_error_on_size = -1, exit_zero_on_size = -1;
  long sleep_on_size = -1;  // answers that size's check after sleep_ms: slow, not hung
  double sleep_ms = 1500;
  double ms = 1.0;
  bool crash_before_hello = false;
};

Behaviour parse(int argc, char** argv) {
  Behaviour behaviour;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char* key) { return arg.substr(std::strlen(key)); };
    if (arg.rfind("lab=", 0) == 0)
      behaviour.lab = value("lab=");
    else if (arg.rfind("crash-on-size=", 0) == 0)
      behaviour.crash_on_size = std::stol(value("crash-on-size="));
    else if (arg.rfind("hang-on-size=", 0) == 0)
      behaviour.hang_on_size = std::stol(value("hang-on-size="));
    else if (arg.rfind("sleep-on-size=", 0) == 0)
      behaviour.sleep_on_size = std::stol(value("sleep-on-size="));
    else if (arg.rfind("sleep-ms=", 0) == 0)
      behaviour.sleep_ms = std::stod(value("sleep-ms="));
    else if (arg.rfind("cuda-error-on-size=", 0) == 0)
      behaviour.cuda_error_on_size = std::stol(value("cuda-error-on-size="));
    else if (arg.rfind("exit-zero-on-size=", 0) == 0)
      behaviour.exit_zero_on_size = std::stol(value("exit-zero-on-size="));
    else if (arg.rfind("ms=", 0) == 0)
      behaviour.ms = std::stod(value("ms="));
    else if (arg == "crash-before-hello")
      behaviour.crash_before_hello = true;
    else
      behaviour.mode = arg;
  }
  return behaviour;
}

std::string nonce = "0";  // of the request being handled; every reply repeats it

void respond(const std::string& line) {
  std::string text = line + "\n";
  if (write(protocol::kResponseFd, text.data(), text.size()) < 0) std::exit(9);
}

struct Mapping {
  char* base = nullptr;
  size_t size = 0;
  const protocol::ArenaHeader& header() const { return *reinterpret_cast<protocol::ArenaHeader*>(base); }
  protocol::ArenaBuffer& buffer(size_t set, size_t index) const {
    auto* table = reinterpret_cast<protocol::ArenaBuffer*>(base + sizeof(protocol::ArenaHeader));
    return table[set * header().buffer_count + index];
  }
  uint32_t* data(size_t set, size_t index) const {
    protocol::ArenaBuffer& entry = buffer(set, index);
    return reinterpret_cast<uint32_t*>(base + entry.file_offset + entry.guard_bytes);
  }
};

Mapping map_arena(const std::string& path) {
  int fd = open(path.c_str(), O_RDWR);
  struct stat info {};
  fstat(fd, &info);
  Mapping mapping;
  mapping.size = static_cast<size_t>(info.st_size);
  mapping.base = static_cast<char*>(mmap(nullptr, mapping.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  close(fd);
  return mapping;
}

float as_float(uint32_t word) {
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

uint32_t as_word(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  return word;
}

// Each lab the fake knows: which buffer is the output, and how to fill it from the inputs (misbehaving as
// asked). A lab it does not know makes it exit, so a test of a new lab fails until the fake learns it.
struct FakeLab {
  const char* name;
  size_t output;
  void (*compute)(const Mapping& arena, size_t set, const Behaviour& behaviour);
};

void compute_matmul(const Mapping& arena, size_t set, const Behaviour& behaviour) {  // A, B, C
  const int64_t* dims = arena.header().dims;
  const int64_t m = dims[0], k = dims[1], n = dims[2];
  uint32_t *a = arena.data(set, 0), *b = arena.data(set, 1), *c = arena.data(set, 2);
  for (int64_t i = 0; i < m; ++i) {
    if (behaviour.mode == "skip-last-row" && i == m - 1) break;
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0;
      for (int64_t x = 0; x < k; ++x) sum += as_float(a[i * k + x]) * as_float(b[x * n + j]);
      c[i * n + j] = as_word(sum);
    }
  }
  if (behaviour.mode == "wrong") c[m * n - 1] = as_word(as_float(c[m * n - 1]) + 1);
  if (behaviour.mode == "past-end") c[m * n] = 0;
  if (behaviour.mode == "modify-input") a[0] = as_word(as_float(a[0]) + 1);
}

void compute_reduction(const Mapping& arena, size_t set, const Behaviour& behaviour) {  // in, out, scratch
  const int64_t n = arena.header().dims[0];
  uint32_t *in = arena.data(set, 0), *out = arena.data(set, 1);
  uint32_t sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += in[i];
  out[0] = behaviour.mode == "wrong" ? sum + 1 : sum;
  if (behaviour.mode == "past-end") out[1] = 0;
  if (behaviour.mode == "modify-input") in[0] += 1;
}

constexpr FakeLab kLabs[] = {{"matmul", 2, compute_matmul}, {"reduction", 1, compute_reduction}};

const FakeLab& lab_of(const Behaviour& behaviour) {
  for (const FakeLab& lab : kLabs) {
    if (behaviour.lab == lab.name) return lab;
  }
  std::fprintf(stderr, "fake_runner: no fake for lab '%s'\n", behaviour.lab.c_str());
  std::exit(8);
}

void compute(const Mapping& arena, size_t set, const Behaviour& behaviour) {
  lab_of(behaviour).compute(arena, set, behaviour);
}

// Copies set 0's output into every other set: what a submission that remembers its last answer does.
void copy_first_output(const Mapping& arena, const Behaviour& behaviour) {
  const size_t output = lab_of(behaviour).output;
  const size_t words = arena.buffer(0, output).element_count;
  for (size_t set = 1; set < arena.header().set_count; ++set) {
    std::memcpy(arena.data(set, output), arena.data(0, output), words * 4);
  }
}

void misbehave_for_size(const Mapping& arena, const Behaviour& behaviour) {
  const long size = static_cast<long>(arena.header().dims[0]);
  if (size == behaviour.crash_on_size) std::abort();
  if (size == behaviour.hang_on_size) {
    for (;;) pause();
  }
  if (size == behaviour.sleep_on_size) usleep(static_cast<useconds_t>(behaviour.sleep_ms * 1000));
  if (size == behaviour.exit_zero_on_size) std::exit(0);
  if (size == behaviour.cuda_error_on_size) {
    respond("error " + nonce +
            " cuda cudaErrorIllegalAddress: an illegal memory access was encountered (kernel execution)");
    std::exit(1);
  }
  if (behaviour.mode == "junk-on-control") respond("I am not the harness");
  // What a submission that knows the protocol but not the nonce writes: a well-formed, instant "result".
  if (behaviour.mode == "forge-reply")
    respond("ok 0123456789abcdef samples=10 median_ms=0.000001 min_ms=0 max_ms=0 noise=0");
  if (behaviour.mode == "flood") {
    std::string noise(1 << 20, 'x');
    std::fwrite(noise.data(), 1, noise.size(), stdout);
    std::printf("\nok\nok samples=1 median_ms=0.000001 min_ms=0 max_ms=0 noise=0\n");
    std::fflush(stdout);
  }
}

namespace mixing = cudagrade::sample_mixing;

// As the GPU harness hands back its audited samples (harness/timing_loop.cuh): set k of the arena becomes timed
// sample s_k, its base set's regions with the mixed buffers' elements taken from the sets the hash names.
// Returns "audited=s0,s1...". The samples are drawn from the kSamples a real runner would have timed.
std::string become_audited_samples(const Mapping& arena, const mixing::Mixing& mix, int samples) {
  const size_t sets = arena.header().set_count, buffers = arena.header().buffer_count;
  std::vector<std::vector<char>> original(sets * buffers);
  for (size_t set = 0; set < sets; ++set) {
    for (size_t b = 0; b < buffers; ++b) {
      const protocol::ArenaBuffer& entry = arena.buffer(set, b);
      const char* region = arena.base + entry.file_offset;
      original[set * buffers + b].assign(region, region + protocol::region_bytes(entry));
    }
  }
  std::vector<int> chosen;
  std::random_device entropy;
  while (chosen.size() < sets) {
    // A real runner's random audit may also land on the unmixed first samples; the fake's never does, so that a
    // test of a remembered answer fails every time rather than 65 times in 66.
    const int sample =
        mix.audit == mixing::Audit::kFirst
            ? static_cast<int>(chosen.size())
            : static_cast<int>(sets + entropy() % static_cast<unsigned>(samples - static_cast<int>(sets)));
    if (std::find(chosen.begin(), chosen.end(), sample) == chosen.end()) chosen.push_back(sample);
  }
  std::string field = "audited=";
  for (size_t slot = 0; slot < sets; ++slot) {
    const auto sample = static_cast<uint64_t>(chosen[slot]);
    const uint32_t base = mixing::base_set(sample, static_cast<uint32_t>(sets));
    const uint64_t key = mixing::sample_key(mix.seed, sample);
    for (size_t b = 0; b < buffers; ++b) {
      const protocol::ArenaBuffer& entry = arena.buffer(slot, b);
      char* region = arena.base + entry.file_offset;
      std::memcpy(region, original[base * buffers + b].data(), original[base * buffers + b].size());
      if (!mixing::is_mixed(mix.seed, sample, static_cast<uint32_t>(sets)) || !mixing::mixes(mix.mixed_buffers, b)) {
        continue;
      }
      const size_t width = protocol::element_bytes(static_cast<protocol::ElementType>(entry.element_type));
      for (size_t i = 0; i < entry.element_count; ++i) {
        const uint32_t from = mixing::source_set(key, i, static_cast<uint32_t>(sets));
        std::memcpy(region + entry.guard_bytes + i * width,
                    original[from * buffers + b].data() + entry.guard_bytes + i * width, width);
      }
    }
    field += (slot ? "," : "") + std::to_string(sample);
  }
  return field;
}

constexpr int kSamples = 12;

void handle(const std::string& line, const Behaviour& behaviour) {
  std::istringstream words(line);
  std::string verb, path, ignored;
  words >> verb >> nonce;
  if (behaviour.mode == "harness-error") {
    respond("error " + nonce + " harness malformed request: " + line);
    std::exit(4);
  }
  if (verb == "bandwidth") return respond("ok " + nonce + " gbps=1000.0");
  mixing::Mixing mix;
  uint32_t audit = 0;
  if (verb == "time") {
    words >> ignored >> ignored >> ignored >> ignored >> std::hex >> mix.seed >> mix.mixed_buffers >> std::dec >> audit;
    mix.audit = static_cast<mixing::Audit>(audit);
  }
  std::getline(words >> std::ws, path);
  Mapping arena = map_arena(path);
  misbehave_for_size(arena, behaviour);
  // "remembered": every timed call answered from memory, as the issue-#33 memo did: the answers to the sets
  // it saw, whatever the sample's inputs were.
  const bool remembered = behaviour.mode == "remembered" && verb == "time";
  if (remembered) {
    for (size_t set = 0; set < arena.header().set_count; ++set) compute(arena, set, behaviour);
  }
  std::string audited = verb == "time" ? become_audited_samples(arena, mix, kSamples) : "";
  // A forged list of audited samples (the arena's two sets): a sample twice, one past those timed, one short.
  if (verb == "time" && behaviour.mode == "audit-repeated") audited = "audited=5,5";
  if (verb == "time" && behaviour.mode == "audit-beyond") audited = "audited=5," + std::to_string(kSamples);
  if (verb == "time" && behaviour.mode == "audit-short") audited = "audited=5";
  for (size_t set = 0; set < arena.header().set_count && !remembered; ++set) {
    if (behaviour.mode == "cache" && verb == "time" && set > 0) break;
    compute(arena, set, behaviour);
  }
  if (behaviour.mode == "cache" && verb == "time") copy_first_output(arena, behaviour);
  munmap(arena.base, arena.size);
  if (behaviour.mode == "truncate-arena" && truncate(path.c_str(), 0) != 0) std::exit(8);
  // Right outputs, with what a GPU runner says when it saw C last written by a copy from host memory.
  if (verb == "check" && behaviour.mode == "host-copied-output") return respond("ok " + nonce + " host=output:2");
  // The launches a runner counts, and a file that launches otherwise where a tool wraps it (fake_sanitizer.h
  // says so to the runner it starts): what a file that tells compute-sanitizer apart does.
  if (verb == "check" && behaviour.mode == "launches-otherwise-when-watched") {
    const bool watched = std::getenv("FAKE_SANITIZER_WRAPS") != nullptr;
    return respond("ok " + nonce + " launches=1:00000000000000aa:0000000000000001:" +
                   (watched ? "00000000000000a1" : "00000000000000a2") + ":tiled");
  }
  if (verb == "check" && behaviour.mode == "launches-the-same-when-watched") {
    return respond("ok " + nonce + " launches=1:00000000000000aa:0000000000000001:00000000000000a1:tiled");
  }
  if (verb == "check") return respond("ok " + nonce);
  // A real runner's timed samples take their time, and the grader holds the reply against its own clock.
  usleep(static_cast<useconds_t>(kSamples * behaviour.ms * 1000));
  const double median = behaviour.mode == "rewrite-median"      ? behaviour.ms / 20
                        : behaviour.mode == "impossible-median" ? 0.000001
                                                                : behaviour.ms;
  char reply[200];
  std::snprintf(reply, sizeof reply, "samples=%d median_ms=%.6f min_ms=%.6f max_ms=%.6f noise=0.001000", kSamples,
                median, median * 0.99, median * 1.02);
  respond("ok " + nonce + " " + reply + " " + audited);
}

}  // namespace

int main(int argc, char** argv) {
  Behaviour behaviour = parse(argc, argv);
  if (behaviour.crash_before_hello) std::abort();
  FILE* requests = fdopen(protocol::kRequestFd, "r");
  char* line = nullptr;
  size_t capacity = 0;
  ssize_t length = getline(&line, &capacity, requests);  // "hello <nonce>", the grader's greeting
  if (length <= 0) return 2;
  std::istringstream greeting(std::string(line, static_cast<size_t>(length)));
  std::string verb;
  greeting >> verb >> nonce;
  // What a runner whose CUDA cannot start says: the machine's fault, if a reference says it too.
  // What a file whose global constructors never return looks like from outside: no greeting, ever.
  if (behaviour.mode == "silent-greeting") {
    for (;;) pause();
  }
  if (behaviour.mode == "no-device") {
    respond("error " + nonce + " cuda cudaErrorNoDevice: no CUDA-capable device is detected");
    return 1;
  }
  respond("hello " + nonce + " cc=9.0 sms=132 l2=52428800 mem=85899345920 name=Fake GPU (CPU)");
  while ((length = getline(&line, &capacity, requests)) > 0) {
    std::string request(line, static_cast<size_t>(length));
    if (!request.empty() && request.back() == '\n') request.pop_back();
    handle(request, behaviour);
  }
  free(line);
  return 0;
}
