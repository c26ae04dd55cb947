// The reduction lab's CPU reference: the int32 sum with two's-complement wraparound, which is what any order
// of 32-bit adds on the GPU produces; and, for a wrong sum, the common slip it points to.
#include <cudagrade/reference.h>

#include <cstdio>

namespace {

int32_t wrapped_sum(const int32_t* in, int64_t n) {
  uint32_t sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += static_cast<uint32_t>(in[i]);
  return static_cast<int32_t>(sum);
}

}  // namespace

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const int32_t* in = cudagrade_lab::input<int32_t>(call, 0);
  call->value[0] = wrapped_sum(in, call->parameters[0].length);
  return 0;
}

// Common slips, recognised from the wrong sum, so the message can say what probably happened.
extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  if (mismatch->unwritten) return;
  const int32_t* in = cudagrade_lab::input<int32_t>(call, 0);
  const int64_t n = call->parameters[0].length;
  const int32_t want = static_cast<int32_t>(mismatch->want), got = static_cast<int32_t>(mismatch->got);
  const uint32_t difference = static_cast<uint32_t>(want) - static_cast<uint32_t>(got);
  const char* note = "";
  if (difference == static_cast<uint32_t>(in[n - 1]) && n > 1) {
    note = " (exactly in[n-1] short: the last element was dropped?)";
  } else if (difference == static_cast<uint32_t>(in[0]) && n > 1) {
    note = " (exactly in[0] short: the first element was dropped?)";
  } else if (got == 0) {
    note = " (got 0: did the kernel run, and was the result copied to out[0]?)";
  }
  std::snprintf(mismatch->got_note, sizeof mismatch->got_note, "%s", note);
}
