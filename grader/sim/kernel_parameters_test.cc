#include "sim/kernel_parameters.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

// The names read from the first kernel of `source`.
std::optional<std::vector<std::string>> names_in(const std::string& source) {
  const SourceScan scan(source);
  const std::vector<KernelDeclaration> kernels = kernel_declarations(scan);
  REQUIRE_FALSE(kernels.empty());
  return KernelParameterNames(scan).of(kernels.front());
}

using Names = std::vector<std::string>;

TEST_CASE("a kernel's parameters are named as its definition declares them", "[kernel_parameters]") {
  CHECK(names_in("__global__ void k(const float* __restrict__ A, float *C, int n, unsigned long long m) {}") ==
        Names{"A", "C", "n", "m"});
  CHECK(names_in("template <int T, typename U = std::pair<int, int>>\n"
                 "__global__ void __launch_bounds__(256, 2) k(const T* a, std::pair<int, float> p, bool racy) {}") ==
        Names{"a", "p", "racy"});
  CHECK(names_in("__global__ void k(float a[], int b[4][4], int n = 16) {}") == Names{"a", "b", "n"});
  CHECK(names_in("__global__ void k(/* the data */ float* data, // its length\n int n) {}") ==
        Names{"data", "n"});
  CHECK(names_in("__global__ void k() {}") == Names{});
  CHECK(names_in("__global__ void k(void) {}") == Names{});
  CHECK(names_in("__global__ void k(__grid_constant__ const Params params) {}") == Names{"params"});
}

TEST_CASE("a kernel's parameters are left unread where a name is not certain", "[kernel_parameters]") {
  CHECK_FALSE(names_in("__global__ void k(float*, int n) {}"));              // no name
  CHECK_FALSE(names_in("__global__ void k(float* a, const size_t) {}"));     // a type after a qualifier
  CHECK_FALSE(names_in("__global__ void k(float* a, unsigned int) {}"));     // a type word last
  CHECK_FALSE(names_in("__global__ void k(T* __restrict__) {}"));            // a qualifier last
  CHECK_FALSE(names_in("template <typename... A> __global__ void k(A... args) {}"));  // a pack
  CHECK_FALSE(names_in("__global__ void k(float* a, void (*f)(int)) {}"));  // a function pointer
  CHECK_FALSE(names_in("#define QUAL const\n__global__ void k(float* a, QUAL size_t) {}"));
  CHECK_FALSE(names_in("__global__ void k(float* a,\n#ifdef WIDE\n double w,\n#endif\n int n) {}"));
  CHECK_FALSE(names_in("__global__ void k(float* a, int n = 3 < 4) {}"));  // a comparison in a default
  CHECK_FALSE(names_in("__global__ void k(KERNEL_ARGUMENTS) {}"));
  CHECK_FALSE(names_in("__global__ void k(std::size_t) {}"));
}

}  // namespace
}  // namespace cudagrade
