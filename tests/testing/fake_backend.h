// A backend for pipeline tests: "building" a submission writes a script that starts tests/fake_runner with
// the words of the submission file as its behaviour, so a test writes "crash-on-size=7" into a .cu file and
// gets a runner that crashes on that case. Everything after the build is the real pipeline.
#pragma once

#include <filesystem>
#include <string>

#include "backend/backend.h"
#include "core/paths.h"
#include "core/temp_dir.h"

namespace cudagrade::testing {

class FakeToolchain : public Toolchain {
 public:
  explicit FakeToolchain(std::filesystem::path dir) : dir_(std::move(dir)) {}
  std::string describe() const override { return "fake"; }
  BuildResult build(const BuildRequest& request) override;
  int builds() const { return builds_; }

 private:
  std::filesystem::path dir_;
  int builds_ = 0;
};

class FakeBackend : public Backend {
 public:
  explicit FakeBackend(std::filesystem::path dir, bool usable = true) : toolchain_(std::move(dir)), usable_(usable) {}
  std::string name() const override { return "fake"; }
  Availability availability() override {
    return usable_ ? Availability{true, "", "Fake GPU (CPU)"} : Availability{false, "no fake device today", ""};
  }
  Toolchain& toolchain() override { return toolchain_; }
  bool can_time() const override { return true; }
  // A GPU unlike the simulator's default, so that a test sees whose profile a simulator beside it takes.
  DeviceProfile device_profile() const override {
    DeviceProfile fake;
    fake.name = "NVIDIA Fake GPU";
    fake.multiprocessors = 7;
    fake.attributes.clear();  // answered from the fields, so the SM count is 7 everywhere
    return fake;
  }
  FakeToolchain& fake_toolchain() { return toolchain_; }

 private:
  FakeToolchain toolchain_;
  bool usable_;
};

// A throwaway project root with reference and baseline "sources" holding fake-runner behaviours.
class FakeProject {
 public:
  FakeProject();
  const ProjectPaths& paths() const { return paths_; }
  // Writes a file under the root, creating folders; returns its path.
  std::filesystem::path write(const std::string& relative, const std::string& contents) const;

 private:
  TempDir dir_{TempDir::Medium::kDisk};
  ProjectPaths paths_;
};

}  // namespace cudagrade::testing
