// The runtime's side of cusim_intrinsics.h: the rounding mode of CUDA's _rd, _ru and _rz intrinsics, the
// counter behind clock64(), and __trap().
#include <cfenv>
#include <chrono>

#include "cusim.h"
#include "cusim/runtime/fatal.h"

namespace cusim {
namespace {

int host_mode(Rounding mode) {
  switch (mode) {
    case Rounding::kDown: return FE_DOWNWARD;
    case Rounding::kUp: return FE_UPWARD;
    case Rounding::kTowardZero: return FE_TOWARDZERO;
    case Rounding::kNearest: break;
  }
  return FE_TONEAREST;
}

}  // namespace

RoundingScope::RoundingScope(Rounding mode) : saved_(std::fegetround()) {
  std::fesetround(host_mode(mode));
}
RoundingScope::~RoundingScope() {
  std::fesetround(saved_);
}

long long device_clock() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void trap() {
  fail("crashed", "the kernel executed __trap(): on a GPU the launch fails with cudaErrorLaunchFailure");
}

}  // namespace cusim
