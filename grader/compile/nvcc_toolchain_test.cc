// Real nvcc builds (the CPU-only CI machine has nvcc, not a GPU). The cache lives in the build tree
// ($CUDAGRADE_CACHE, set by CTest), so only the first run pays for the compiles.
#include "compile/nvcc_toolchain.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>

#include "core/files.h"
#include "core/temp_dir.h"
#include "labs/registry.h"
#include "testing/source_form_checks.h"

namespace cudagrade {
namespace {

struct Fixture {
  ProjectPaths paths = ProjectPaths::discover("", "");
  SubprocessCommandRunner runner;
  NvccToolchain toolchain{paths, runner, "90", CUDAGRADE_NVCC};
  TempDir scratch{TempDir::Medium::kDisk};

  BuildResult build(const std::string& lab, const std::filesystem::path& source) {
    return toolchain.build({find_lab(lab), source, {}});
  }
  std::filesystem::path write(const std::string& name, const std::string& contents) {
    std::ofstream(scratch.path() / name) << contents;
    return scratch.path() / name;
  }
};

TEST_CASE("a compile error is the student's, with the line and the compiler's words", "[nvcc]") {
  Fixture fixture;
  BuildResult result = fixture.build("matmul", fixture.paths.submissions_dir("matmul") / "compile_error.cu");
  CHECK(result.outcome == BuildResult::Outcome::kCompileError);
  CHECK_THAT(result.summary, Catch::StartsWith("compile error: matmul.cu("));
  CHECK_THAT(result.log, Catch::Contains("is undefined"));
  CHECK_THAT(result.log, !Catch::Contains(fixture.paths.cache.string()));
}

TEST_CASE("a submission builds into a runner, and rebuilding it costs no compile", "[nvcc]") {
  Fixture fixture;
  BuildResult first = fixture.build("reduction", fixture.paths.reference_file("reduction", "reduce2"));
  INFO(first.log);
  REQUIRE(first.outcome == BuildResult::Outcome::kBuilt);
  CHECK(std::filesystem::exists(first.runner));
  const auto started = Clock::now();
  BuildResult again = fixture.build("reduction", fixture.paths.reference_file("reduction", "reduce2"));
  CHECK(again.cached);
  CHECK(again.runner == first.runner);
  CHECK(Clock::now() - started < std::chrono::seconds(2));
}

TEST_CASE("the skeleton compiles as shipped", "[nvcc]") {
  Fixture fixture;
  for (const Lab* registered : all_labs()) {
    const std::string lab = registered->name();
    BuildResult result = fixture.build(lab, fixture.paths.skeleton_dir(lab) / (std::string(lab) + ".cu"));
    INFO(result.log);
    CHECK(result.outcome == BuildResult::Outcome::kBuilt);
  }
}

TEST_CASE("a submission that defines the harness's main is rejected before it links", "[nvcc]") {
  Fixture fixture;
  auto source = fixture.write("matmul.cu", R"(#include "matmul.cuh"
void matmul(const float*, const float*, float*, int, int, int) {}
int main() { return 0; }
)");
  BuildResult result = fixture.build("matmul", source);
  CHECK(result.outcome == BuildResult::Outcome::kRejected);
  CHECK(result.summary == "rejected: uses main: the file defines main, which the harness owns");
}

TEST_CASE("nvcc's objects are held to the same object checks: weak calls, the runtime's names, floods, startup entries, pasted asm", "[nvcc]") {
  Fixture fixture;
  const std::filesystem::path corpus = fixture.paths.root / "submissions" / "adversarial" / "matmul";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"weak_system_attribute.cu", "uses system: running other programs"},
      {"weak_system_pragma.cu", "uses system: running other programs"},
      {"interposes_write.cu", "the file defines write, which the C or C++ runtime provides"},
      {"replaces_operator_new.cu", "operator new or delete"},
      {"symbol_table_flood.cu", "symbol table is too large to check"},
      {"init_array_by_string_pasting.cu", "run _ZL11before_mainv from .init_array"},
      {"destructor_by_token_pasting.cu", "run _ZL10after_mainv from .fini_array"},
      {"asm_rdtsc_by_nested_macros.cu", "matmul.cu line 15: inline assembly, once the file's macros are expanded"},
      {"asm_by_token_pasting.cu", "matmul.cu line 12: inline assembly, once the file's macros are expanded"},
      // The simulator's names and the preprocessor's feature queries, refused under nvcc as in the simulator.
      {"calls_simulator_runtime_by_name.cu", "matmul.cu line 10: cusim is not allowed"},
      {"simulator_names_by_token_pasting.cu", "matmul.cu line 11: once the file's macros are expanded, it names the grader's simulator"},
      {"sanitizer_hook_by_weakref.cu", "matmul.cu line 8: weakref is not allowed"},
      {"races_where_has_include_finds_simulator.cu", "matmul.cu line 11: a preprocessor query"},
  };
  for (const auto& [file, reason] : cases) {
    INFO(file);
    BuildResult result = fixture.build("matmul", corpus / file);
    CHECK(result.outcome == BuildResult::Outcome::kRejected);
    CHECK_THAT(result.summary, Catch::Contains(reason));
  }
}

TEST_CASE("nvcc builds a file saved with a BOM and CR LF, or CR alone, as its twin", "[nvcc]") {
  Fixture fixture;
  testing::check_line_end_twins_build_alike(fixture);
}

TEST_CASE("under nvcc __FILE__ and __BASE_FILE__ name the file as the student does", "[nvcc]") {
  Fixture fixture;
  testing::check_file_named_as_the_student_does(fixture);
}

TEST_CASE("nvcc builds a 2 MiB honest file and refuses one over the shared cap", "[nvcc]") {
  Fixture fixture;
  testing::check_source_size_cap(fixture);
}

TEST_CASE("an include of a file outside the submission is refused before the compiler can quote it", "[nvcc]") {
  Fixture fixture;
  BuildResult result = fixture.build("matmul", fixture.paths.submissions_dir("matmul") / "includes_passwd.cu");
  CHECK(result.outcome == BuildResult::Outcome::kRejected);
  CHECK(result.summary == "rejected: matmul.cu line 6: #include \"/etc/passwd\": absolute paths may not be included");
  CHECK(result.log.empty());
}

TEST_CASE("every shipped reference, skeleton and example passes the symbol policy but the rejected ones", "[nvcc]") {
  Fixture fixture;
  for (const Lab* registered : all_labs()) {
    const std::string lab = registered->name();
    std::vector<std::filesystem::path> files = {fixture.paths.skeleton_dir(lab) / (std::string(lab) + ".cu")};
    for (const std::string& name : fixture.paths.reference_names(lab))
      files.push_back(fixture.paths.reference_file(lab, name));
    for (const auto& entry : std::filesystem::directory_iterator(fixture.paths.submissions_dir(lab))) {
      if (entry.path().extension() == ".cu") files.push_back(entry.path());
    }
    for (const auto& file : files) {
      const std::string first_line = read_file(file).substr(0, read_file(file).find('\n'));
      BuildResult result = fixture.build(lab, file);
      INFO(file.string() << ": " << result.summary);
      if (first_line == "// cudagrade-expect: rejected") {
        CHECK(result.outcome == BuildResult::Outcome::kRejected);
      } else if (first_line == "// cudagrade-expect: compile_error") {
        CHECK(result.outcome == BuildResult::Outcome::kCompileError);
      } else {
        CHECK(result.outcome == BuildResult::Outcome::kBuilt);
      }
    }
  }
}

TEST_CASE("the course's own baselines may call libraries", "[nvcc]") {
  Fixture fixture;
  BuildResult result = fixture.toolchain.build({find_lab("matmul"),
                                                fixture.paths.root / "labs/matmul/baseline_cublas.cu",
                                                {"-lcublas"},
                                                BuildRequest::Provenance::kTrusted});
  INFO(result.summary << result.log);
  CHECK(result.outcome == BuildResult::Outcome::kBuilt);
  BuildResult as_student = fixture.build("matmul", fixture.paths.root / "labs/matmul/baseline_cublas.cu");
  CHECK(as_student.outcome == BuildResult::Outcome::kRejected);
}

// Passes every command to the real runner but the student's compile, which "never finishes".
class NeverFinishingCompile : public CommandRunner {
 public:
  explicit NeverFinishingCompile(CommandRunner& real) : real_(real) {}
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout, size_t cap) override {
    return real_.run(argv, timeout, cap);
  }
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout) override {
    const bool student_compile = std::find(argv.begin(), argv.end(), "-c") != argv.end() &&
                                 argv.at(argv.size() - 3).find("matmul.cu") != std::string::npos;
    if (!student_compile) return real_.run(argv, timeout);
    ++compiles;
    CommandResult result;
    result.outcome = CommandResult::Outcome::kTimedOut;
    result.output = "template instantiation depth ...";
    return result;
  }
  int compiles = 0;

 private:
  CommandRunner& real_;
};

TEST_CASE("a compile that never ends is the file's compile error, and is tried again next time", "[nvcc]") {
  Fixture fixture;
  TempDir cache(TempDir::Medium::kDisk);
  ProjectPaths paths = fixture.paths;
  paths.cache = cache.path();
  NeverFinishingCompile runner(fixture.runner);
  NvccToolchain toolchain(paths, runner, "90", CUDAGRADE_NVCC);
  auto source = fixture.write("matmul.cu", "#include \"matmul.cuh\"\n// a template bomb, say\n");
  BuildResult first = toolchain.build({find_lab("matmul"), source, {}});
  CHECK(first.outcome == BuildResult::Outcome::kCompileError);
  CHECK_THAT(first.summary, Catch::Contains("did not finish within 180 s"));
  toolchain.build({find_lab("matmul"), source, {}});
  CHECK(runner.compiles == 2);  // not cached: a loaded machine may have been the cause
}

TEST_CASE("a missing compiler is an infrastructure error, not a compile error", "[nvcc]") {
  Fixture fixture;
  TempDir cache(TempDir::Medium::kDisk);
  ProjectPaths paths = fixture.paths;
  paths.cache = cache.path();
  NvccToolchain broken(paths, fixture.runner, "90", "/nonexistent/nvcc");
  BuildResult result = broken.build({find_lab("matmul"), paths.submissions_dir("matmul") / "correct.cu", {}});
  CHECK(result.outcome == BuildResult::Outcome::kInfraError);
}

}  // namespace
}  // namespace cudagrade
