#include "similarity/cuda_tokens.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

std::vector<std::string> texts(std::string_view source) {
  std::vector<std::string> out;
  for (const CudaToken& token : cuda_tokens(source)) out.push_back(token.text);
  return out;
}

using Tokens = std::vector<std::string>;

TEST_CASE("a kernel's CUDA words stay themselves and its own names and numbers are normalised", "[similarity]") {
  CHECK(texts("__global__ void scale(float* __restrict__ v, int n) {\n"
              "  __shared__ float tile[256];\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (i < n) tile[threadIdx.x] = v[i] * 2.5f;\n"
              "  __syncthreads();\n"
              "}") ==
        Tokens{"__global__", "void", "ID", "(", "float", "*", "__restrict__", "ID", ",", "int", "ID", ")", "{",
               "__shared__", "float", "ID", "[", "NUM", "]", ";",
               "int", "ID", "=", "blockIdx", ".", "x", "*", "blockDim", ".", "x", "+", "threadIdx", ".", "x", ";",
               "if", "(", "ID", "<", "ID", ")", "ID", "[", "threadIdx", ".", "x", "]", "=", "ID", "[", "ID", "]", "*",
               "NUM", ";",
               "__syncthreads", "(", ")", ";", "}"});
}

TEST_CASE("a launch, warp intrinsics and atomics are tokens of their own", "[similarity]") {
  CHECK(texts("k<<<grid, block>>>(a, n);") == Tokens{"ID", "<<<", "ID", ",", "ID", ">>>", "(", "ID", ",", "ID", ")", ";"});
  CHECK(texts("v += __shfl_down_sync(0xffffffff, v, 16); atomicAdd(out, v);") ==
        Tokens{"ID", "+=", "__shfl_down_sync", "(", "NUM", ",", "ID", ",", "NUM", ")", ";", "atomicAdd", "(", "ID",
               ",", "ID", ")", ";"});
}

TEST_CASE("only a built-in's .x, .y and .z are kept: a student's own field is a name", "[similarity]") {
  CHECK(texts("threadIdx.y") == Tokens{"threadIdx", ".", "y"});
  CHECK(texts("gridDim.z") == Tokens{"gridDim", ".", "z"});
  CHECK(texts("p.x") == Tokens{"ID", ".", "ID"});
  CHECK(texts("x") == Tokens{"ID"});
}

TEST_CASE("comments, whitespace and preprocessor lines are dropped", "[similarity]") {
  const Tokens tokens = texts("#include \"matmul.cuh\"\n"
                              "#define TILE \\\n  16\n"
                              "  #pragma unroll\n"
                              "int /* inline */ a = 1; // trailing\n"
                              "/* a block\n   comment */ int b;\n");
  CHECK(tokens == Tokens{"int", "ID", "=", "NUM", ";", "int", "ID", ";"});
}

TEST_CASE("renaming, reformatting and recommenting give the same stream", "[similarity]") {
  const std::string original =
      "__global__ void add(const int* in, int* out, int n) {\n"
      "    int i = blockIdx.x * blockDim.x + threadIdx.x;  // my index\n"
      "    if (i < n) out[i] = in[i] + 1;\n"
      "}\n";
  const std::string disguised =
      "/* Lab 2 */\n__global__ void\nplus_one(const int *src,\n int *dst, int count)\n{\n"
      "  int idx=blockIdx.x*blockDim.x+threadIdx.x;\n"
      "  if(idx<count)\n    dst[idx]=src[idx]+7;\n}";
  CHECK(texts(original) == texts(disguised));
  CHECK(texts(original) != texts("__global__ void add(const int* in, int* out, int n) {\n"
                                 "    int i = blockIdx.y * blockDim.x + threadIdx.x;\n"
                                 "    if (i < n) out[i] = in[i] + 1;\n}\n"));
}

TEST_CASE("numbers, strings and characters are normalised however they are written", "[similarity]") {
  CHECK(texts("1.5e-3f 0x1F .5 1'000 42u") == Tokens{"NUM", "NUM", "NUM", "NUM", "NUM"});
  CHECK(texts("printf(\"a \\\" b\\n\"); c = 'x'; d = '\\'';") ==
        Tokens{"ID", "(", "STR", ")", ";", "ID", "=", "CHR", ";", "ID", "=", "CHR", ";"});
  CHECK(texts("a<<=2; b>>=c; p->q; ::std::size_t") ==
        Tokens{"ID", "<<=", "NUM", ";", "ID", ">>=", "ID", ";", "ID", "->", "ID", ";", "::", "std", "::", "size_t"});
}

TEST_CASE("each token carries the line it starts on", "[similarity]") {
  const std::vector<CudaToken> tokens = cuda_tokens("int a;\n/* two\nlines */\n#include <x>\n  b = 1;\n");
  REQUIRE(tokens.size() == 7);
  CHECK(tokens[0].line == 1);
  CHECK(tokens[3].text == "ID");
  CHECK(tokens[3].line == 5);
  CHECK(tokens[6].line == 5);
}

TEST_CASE("hostile bytes give some stream and never hang or crash", "[similarity]") {
  CHECK(texts("int a; /* never closed") == Tokens{"int", "ID", ";"});
  CHECK(texts("s = \"never closed") == Tokens{"ID", "=", "STR"});
  CHECK(texts(std::string("a\0b", 3)) == Tokens{"ID", std::string(1, '\0'), "ID"});
  CHECK(texts("#") == Tokens{});
  CHECK(texts("\\") == Tokens{"\\"});
  CHECK(texts("\xff\xfe") == Tokens{"ID"});
  CHECK(texts("'") == Tokens{"CHR"});
}

}  // namespace
}  // namespace cudagrade
