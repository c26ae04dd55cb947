// A class graded on a GPU-like backend with the real simulator's race checks started ahead of it: every
// student's report carries its own check's outcome.
#include "batch/batch_grader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "backend/sim_backend.h"
#include "core/files.h"
#include "core/temp_dir.h"
#include "labs/registry.h"
#include "testing/fake_backend.h"

namespace cudagrade {
namespace {

TEST_CASE("a class on the GPU gets one race check per student, run ahead on the CPU, in its report",
          "[batch]") {
  testing::FakeProject project;
  TempDir scratch(TempDir::Medium::kDisk);
  testing::FakeBackend gpu(scratch.path());
  SubprocessCommandRunner runner;
  SimBackend simulator(ProjectPaths::discover("", ""), runner);
  const Lab& lab = *find_lab("matmul");
  TestSuite suite;
  suite.lab = "matmul";
  TestCase square;
  square.name = "square-16";
  square.size = {16, 16, 16};
  square.points = 1;
  square.seed = 7;
  square.tolerance = lab.default_tolerance(square.distribution);
  square.timeout_s = 10;
  suite.cases.push_back(square);
  BatchOptions options;
  options.out_dir = scratch.path() / "out";
  options.jobs = 1;  // the fake toolchain builds one file at a time
  options.race_checker = &simulator;
  // The fake GPU reads behaviour words, which the simulator's compiler refuses: each student's check must
  // come back as "none", with the reason, and leave the GPU's grade alone.
  std::vector<Submission> class_of_three;
  for (const std::string id : {"s1", "s2", "s3"}) {
    Submission submission;
    submission.identity.id = id;
    submission.upload_name = id + ".cu";
    submission.outcome = Submission::Outcome::kFound;
    submission.lab_file = project.write(id + "/matmul.cu", "correct");
    submission.content_hash = id;
    class_of_three.push_back(submission);
  }
  BatchGrader batch(lab, gpu, project.paths(), suite, options);
  std::ostringstream progress_text;
  Progress progress(progress_text, 3, false);
  const BatchTally tally = batch.grade(class_of_three, progress);
  CHECK(tally.graded == 3);
  for (const std::string id : {"s1", "s2", "s3"}) {
    INFO(id);
    const nlohmann::json result =
        nlohmann::json::parse(read_file(options.out_dir / "students" / id / "result.json"));
    const nlohmann::json& report = result.at("report");
    CHECK(report.at("verdict") == "passed");
    CHECK_THAT(report.at("race_check").get<std::string>(), Catch::StartsWith("none: the simulator could not build"));
  }
}

}  // namespace
}  // namespace cudagrade
