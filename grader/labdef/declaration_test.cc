#include "labdef/declaration.h"

#include <catch2/catch.hpp>

#include "labdef/prototype.h"

namespace cudagrade {
namespace {

const std::string kFolder = std::string(CUDAGRADE_SOURCE_ROOT) + "/labs/vector_add";

// A declaration of a 2-D convolution, the shape of lab the format is designed for: a mask whose length is an
// expression, rows and cols, an output drawn as a tile picture, a tolerance that grows with the mask.
const char* kConvolution = R"yaml(lab: conv2d
title: 2-D convolution
function: void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius)
sizes:
  rows: {example: 64}
  cols: {example: 48}
  radius: {example: 2}
constraints:
  - {require: "radius >= 0 && radius <= 7", message: "the mask's radius must be 0 to 7"}
  - {require: "rows * cols < 1 << 31", message: "the image must have fewer than 2^31 pixels"}
parameters:
  image: {role: input, length: rows * cols, shape: [rows, cols], generate: {uniform: [0, 1]}}
  mask: {role: input, length: (2 * radius + 1) * (2 * radius + 1), generate: {normal: [0, 1]}}
  out: {role: output, length: rows * cols, shape: [rows, cols], picture: 16,
        check: {close: {abs: 1e-6, rel: 1e-5, grow: 2 * radius + 1}}}
reference: reference.cc
work: {flops: "2 * rows * cols * (2 * radius + 1) * (2 * radius + 1)", bytes: 8 * rows * cols}
simulator: {work: rows * cols, budget: 1048576, scale: [rows, cols], keep_remainder: 16}
)yaml";

std::vector<std::string> problems_of(const std::string& text) {
  std::vector<std::string> problems;
  for (const DeclarationProblem& problem : parse_declaration(text, "lab.yaml", kFolder).problems) {
    problems.push_back(problem.to_string());
  }
  return problems;
}

TEST_CASE("a convolution declares its mask length, shapes, growth and downsizing as data", "[labdef][declaration]") {
  const DeclarationResult result = parse_declaration(kConvolution, "lab.yaml", kFolder);
  for (const DeclarationProblem& problem : result.problems) INFO(problem.to_string());
  REQUIRE(result.declaration);
  const LabDeclaration& lab = *result.declaration;
  CHECK(lab.name == "conv2d");
  CHECK(lab.header == "conv2d.cuh");
  CHECK(lab.submission_file == "conv2d.cu");
  REQUIRE(lab.parameters.size() == 6);
  const Parameter& mask = lab.parameters[1];
  CHECK(mask.is_const);
  CHECK(mask.generator.kind == Generator::Kind::kNormal);
  CHECK(*mask.length->evaluate({{"rows", 4}, {"cols", 4}, {"radius", 2}}).value == 25);
  const Parameter& out = lab.parameters[2];
  CHECK(out.role == ParameterRole::kOutput);
  CHECK(out.check.kind == OutputCheck::Kind::kClose);
  CHECK(out.picture_tile == 16);
  CHECK(*out.check.grow->evaluate({{"radius", 3}}).value == 7);
  CHECK(lab.parameters[5].size_field == "radius");
  CHECK(lab.simulator.degree == 2);
  CHECK(lab.constraints.size() == 2);
}

TEST_CASE("every problem is reported at its line, in one pass", "[labdef][declaration]") {
  std::string text = kConvolution;
  text.replace(text.find("length: rows * cols, shape"), 26, "length: rows * colz, shape");
  text.replace(text.find("{normal: [0, 1]}"), 16, "{gaussian: [0, 1]}");
  text.replace(text.find("rel: 1e-5"), 9, "rel: 0");
  const std::vector<std::string> problems = problems_of(text);
  REQUIRE(problems.size() == 3);
  CHECK_THAT(problems[0], Catch::StartsWith("lab.yaml:12: the length of 'image' 'rows * colz' reads 'colz'"));
  CHECK(problems[1] == "lab.yaml:13: unknown generator 'gaussian'");
  CHECK(problems[2] == "lab.yaml:15: 'close' needs a relative tolerance 'rel' > 0, so that zeros cannot pass");
}

TEST_CASE("the prototype and the parameters must agree", "[labdef][declaration]") {
  std::string text = kConvolution;
  text.replace(text.find("const float* mask"), 17, "float* mask");
  CHECK(problems_of(text) == std::vector<std::string>{"lab.yaml:13: input 'mask' should be const in the prototype (const float*)"});
  text = kConvolution;
  text.replace(text.find("  mask:"), 7, "  mosk:");
  const std::vector<std::string> problems = problems_of(text);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0] == "lab.yaml:13: parameter 'mosk' is not in the function's prototype");
  CHECK(problems[1] == "lab.yaml:12: pointer parameter 'mask' needs {role: ..., length: ...} under 'parameters'");
}

TEST_CASE("a generator's bounds may be expressions over the size fields", "[labdef][declaration]") {
  std::string text = kConvolution;
  text.replace(text.find("{uniform: [0, 1]}"), 17, "{integers: [0, rows - 1]}");
  text.replace(text.find("{normal: [0, 1]}"), 16, "{skewed: {bins: 2 * radius + 1}}");
  const DeclarationResult result = parse_declaration(text, "lab.yaml", kFolder);
  for (const DeclarationProblem& problem : result.problems) INFO(problem.to_string());
  REQUIRE(result.declaration);
  const Generator& image = result.declaration->parameters[0].generator;
  REQUIRE(image.high_expression);
  CHECK(*image.high_expression->evaluate({{"rows", 9}}).value == 8);
  CHECK_FALSE(image.low_expression);
  REQUIRE(result.declaration->parameters[1].generator.bins_expression);
  text.replace(text.find("rows - 1"), 8, "rowz - 1");
  CHECK_THAT(problems_of(text).at(0), Catch::Contains("reads 'rowz', which is not a size field"));
}

TEST_CASE("types the arena does not carry yet are refused with the reason", "[labdef][declaration]") {
  std::string text = kConvolution;
  text.replace(text.find("const float* image"), 18, "const short* image");
  std::vector<std::string> problems = problems_of(text);
  REQUIRE(!problems.empty());
  CHECK_THAT(problems[0], Catch::Contains("'short' is not carried yet"));
  CHECK_THAT(problems[0], Catch::Contains("float, double, int, unsigned, int64_t, uint8_t"));
  text = kConvolution;
  text.replace(text.find("const float* image"), 18, "const long* image");
  problems = problems_of(text);
  REQUIRE(!problems.empty());
  CHECK_THAT(problems[0], Catch::Contains("write int64_t"));
}

TEST_CASE("double, int64_t and uint8_t buffers are declared by their C spellings", "[labdef][declaration]") {
  std::string text = kConvolution;
  text.replace(text.find("const float* image"), 18, "const unsigned char* image");
  text.replace(text.find("float* out"), 10, "double* out");
  const DeclarationResult result = parse_declaration(text, "lab.yaml", kFolder);
  INFO((result.problems.empty() ? std::string() : result.problems[0].to_string()));
  REQUIRE(result.declaration);
  CHECK(result.declaration->parameters[0].type == ScalarType::kUint8);
  const auto out = std::find_if(result.declaration->parameters.begin(), result.declaration->parameters.end(),
                                [](const Parameter& p) { return p.name == "out"; });
  REQUIRE(out != result.declaration->parameters.end());
  CHECK(out->type == ScalarType::kDouble);
  CHECK(element_type_of(ScalarType::kInt64) == protocol::ElementType::kInt64);
  CHECK(protocol::element_bytes(element_type_of(ScalarType::kUint8)) == 1);
}

TEST_CASE("a declaration cannot name files outside its folder", "[labdef][declaration]") {
  std::string text = kConvolution;
  text.replace(text.find("reference: reference.cc"), 23, "reference: ../matmul/x.cc");
  CHECK(problems_of(text) == std::vector<std::string>{"lab.yaml:16: 'reference' must be a file in the lab's folder, e.g. reference.cc"});
}

TEST_CASE("prototypes read as the header spells them", "[labdef][prototype]") {
  const PrototypeParse parsed = parse_prototype("void reduce_sum(const int* in, int *out, unsigned int n, int* scratch);");
  REQUIRE(parsed.problem.empty());
  CHECK(canonical_prototype(parsed) == "void reduce_sum(const int* in, int* out, unsigned n, int* scratch)");
  CHECK(parse_prototype("int f(int n)").problem.rfind("expected 'void NAME(PARAMETERS)'", 0) == 0);
  CHECK(parse_prototype("void f(float* a, float* a)").problem == "two parameters are named 'a'");
}

}  // namespace
}  // namespace cudagrade
