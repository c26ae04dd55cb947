// Where a submission runs: the GPU, or (issue #3) the CPU simulator. A backend builds runners and says
// whether it can run them here; running them is the same for every backend (run/runner_session.h).
#pragma once

#include <memory>
#include <string>

#include "compile/toolchain.h"
#include "model/device_profile.h"

namespace cudagrade {

struct Availability {
  bool usable = false;
  std::string reason;  // why not, when not usable
  std::string device;  // what it runs on, when usable
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  virtual Availability availability() = 0;
  virtual Toolchain& toolchain() = 0;
  // Whether timings on this backend mean anything (not on a simulator).
  virtual bool can_time() const = 0;
  // Whether it simulates the GPU on the CPU: performance cases are skipped and large cases sized down.
  virtual bool simulated() const { return false; }
  // What a program that asks is told the device is: the GPU's own profile here, the profile a simulator passes
  // to its runners (model/device_profile.h).
  virtual DeviceProfile device_profile() const { return {}; }
};

}  // namespace cudagrade
