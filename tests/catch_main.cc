// The test binary's main: Catch2's, after the declared labs of the source tree are read (labs/*/lab.yaml), so
// that a test finds matmul, reduction and transpose through labs/registry.h as cudagrade itself does. Their CPU
// references are built into $CUDAGRADE_CACHE (CTest sets it to the build's test cache).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>

#include "core/paths.h"
#include "labs/registry.h"

int main(int argc, char** argv) {
  cudagrade::load_declared_labs(cudagrade::ProjectPaths::discover(CUDAGRADE_SOURCE_ROOT, ""));
  return Catch::Session().run(argc, argv);
}
