// Checks that every toolchain must pass alike, so that a grade does not depend on the backend: a file's
// line-end twins build as the file itself, and the one source-size cap holds. Each toolchain's test calls
// them with its own fixture (members: paths, build(lab, file), write(name, text)).
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "compile/source_policy.h"
#include "compile/toolchain.h"
#include "core/files.h"

namespace cudagrade::testing {

// A source file's twins as other systems save them: Windows (a byte order mark and CR LF) and classic Mac OS
// (CR alone).
inline std::vector<std::pair<std::string, std::string>> line_end_twins(const std::string& plain) {
  std::string windows = "\xEF\xBB\xBF", old_mac;
  for (char c : plain) {
    windows += c == '\n' ? std::string("\r\n") : std::string(1, c);
    old_mac += c == '\n' ? '\r' : c;
  }
  return {{"windows.cu", windows}, {"old_mac.cu", old_mac}};
}

template <typename Fixture>
std::string built_correct_submission(Fixture& fixture, BuildResult& built) {
  const std::string plain = read_file(fixture.paths.submissions_dir("matmul") / "correct.cu");
  built = fixture.build("matmul", fixture.write("plain.cu", plain));
  REQUIRE(built.outcome == BuildResult::Outcome::kBuilt);
  return plain;
}

template <typename Fixture>
void check_line_end_twins_build_alike(Fixture& fixture) {
  BuildResult first;
  const std::string plain = built_correct_submission(fixture, first);
  for (const auto& [name, text] : line_end_twins(plain)) {
    INFO(name);
    const BuildResult twin = fixture.build("matmul", fixture.write(name, text));
    CHECK(twin.outcome == BuildResult::Outcome::kBuilt);
    CHECK(twin.runner == first.runner);  // the same compile input, so the same cached runner
  }
}

template <typename Fixture>
void check_source_size_cap(Fixture& fixture) {
  BuildResult first;
  std::string padded = built_correct_submission(fixture, first);
  const std::string comment_line = "// " + std::string(96, 'x') + "\n";
  while (padded.size() < (size_t{2} << 20)) padded += comment_line;
  const BuildResult honest = fixture.build("matmul", fixture.write("padded.cu", padded));
  CHECK(honest.outcome == BuildResult::Outcome::kBuilt);
  while (padded.size() <= kLargestSourceBytes) padded += comment_line;
  const BuildResult huge = fixture.build("matmul", fixture.write("huge.cu", padded));
  CHECK(huge.outcome == BuildResult::Outcome::kRejected);
  CHECK_THAT(huge.summary, Catch::Contains("at most 4 MiB"));
}

// __FILE__ and __BASE_FILE__ name the file as the student does, "matmul.cu", in every compile of it: the
// compile's own path (.../nvcc/submission-<hash>/, .../sim/submission-host-pass-<hash>/) told the backends
// apart (issue #33; submissions/adversarial/matmul/races_where_file_path_says_simulator.cu).
template <typename Fixture>
void check_file_named_as_the_student_does(Fixture& fixture) {
  std::string probed = read_file(fixture.paths.submissions_dir("matmul") / "correct.cu");
  probed += "\n__attribute__((used)) static const char file_names[] = \"names<\" __FILE__ \"|\" __BASE_FILE__ \">\";\n";
  const BuildResult built = fixture.build("matmul", fixture.write("probed.cu", probed));
  REQUIRE(built.outcome == BuildResult::Outcome::kBuilt);
  const std::string runner = read_file(built.runner);
  // (The debug information still holds the entry's folder, which the file cannot read: it may not open files.)
  const size_t names = runner.find("names<");
  REQUIRE(names != std::string::npos);
  CHECK(runner.substr(names, runner.find('>', names) + 1 - names) == "names<matmul.cu|matmul.cu>");
}

}  // namespace cudagrade::testing
