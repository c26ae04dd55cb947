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
#include "testing/sized_case.h"
#include "testing/fake_sanitizer.h"

namespace cudagrade {
namespace {

// s1, s2 and s3, with `behaviours` (fake-runner words) as their files.
std::vector<Submission> class_of_three(const testing::FakeProject& project, const std::vector<std::string>& behaviours) {
  std::vector<Submission> students;
  for (size_t i = 0; i < behaviours.size(); ++i) {
    const std::string id = "s" + std::to_string(i + 1);
    Submission submission;
    submission.identity.id = id;
    submission.upload_name = id + ".cu";
    submission.outcome = Submission::Outcome::kFound;
    submission.lab_file = project.write(id + "/matmul.cu", behaviours[i]);
    submission.content_hash = id;
    students.push_back(submission);
  }
  return students;
}

nlohmann::json report_of(const BatchOptions& options, const std::string& id) {
  return nlohmann::json::parse(read_file(options.out_dir / "students" / id / "result.json")).at("report");
}

// A class on a GPU-like backend (the fake runner) with the real simulator as its race checker.
struct ClassOnGpu {
  testing::FakeProject project;
  TempDir scratch{TempDir::Medium::kDisk};
  testing::FakeBackend gpu{scratch.path()};
  SubprocessCommandRunner runner;
  SimBackend simulator{ProjectPaths::discover("", ""), runner};
  const Lab& lab = *find_lab("matmul");
  BatchOptions options;

  ClassOnGpu() {
    options.out_dir = scratch.path() / "out";
    options.jobs = 1;  // the fake toolchain builds one file at a time
    options.race_checker = &simulator;
  }
  BatchTally grade(const std::vector<std::string>& behaviours) {
    BatchGrader batch(lab, gpu, project.paths(), testing::one_square_matmul_suite(lab), options);
    std::ostringstream progress_text;
    Progress progress(progress_text, static_cast<int>(behaviours.size()), false);
    return batch.grade(class_of_three(project, behaviours), progress);
  }
};

TEST_CASE("a class on the GPU gets one race check per student, run ahead on the CPU, in its report",
          "[batch]") {
  ClassOnGpu fixture;
  const BatchOptions& options = fixture.options;
  // The fake GPU reads behaviour words, which the simulator's compiler refuses: each student's check must
  // come back as "none", with the reason, and leave the GPU's grade alone.
  const BatchTally tally = fixture.grade({"correct", "correct", "correct"});
  CHECK(tally.graded == 3);
  for (const std::string id : {"s1", "s2", "s3"}) {
    INFO(id);
    const nlohmann::json report = report_of(options, id);
    CHECK(report.at("verdict") == "passed");
    CHECK_THAT(report.at("race_check").get<std::string>(), Catch::StartsWith("none: the simulator could not build"));
  }
}

TEST_CASE("where the simulator cannot build a student's file, compute-sanitizer checks it after their GPU run",
          "[batch]") {
  ClassOnGpu fixture;
  const BatchOptions& options = fixture.options;
  testing::FakeSanitizer tool("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n",
                              "========= ERROR SUMMARY: 0 errors\n",
                              "========= Error: Race reported between Write access at mm(float *)+0x2f0 in "
                              "matmul.cu:13\n=========     and Read access at mm(float *)+0x280 in matmul.cu:10 "
                              "[52352 hazards]\n========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 "
                              "warnings)\n");
  fixture.options.race_check = RaceCheck::kSimulatorThenSanitizer;
  fixture.options.compute_sanitizer = tool.program;
  fixture.grade({"correct", "correct racy", "correct"});
  for (const std::string id : {"s1", "s2", "s3"}) {
    INFO(id);
    const nlohmann::json report = report_of(options, id);
    CHECK_THAT(report.at("race_check").get<std::string>(),
               Catch::StartsWith("compute-sanitizer (racecheck, synccheck) on case square-16, since the simulator "
                                 "could not build this file"));
    CHECK(report.at("verdict") == (id == "s2" ? "race" : "passed"));
  }
  CHECK_THAT(report_of(options, "s2").at("cases").at(0).at("message").get<std::string>(),
             Catch::StartsWith("RAW data race on shared memory in kernel mm: a thread writes it at line 13 and "
                               "another reads it at line 10") &&
                 Catch::EndsWith("racecheck counted 52352 hazards in all."));
}

}  // namespace
}  // namespace cudagrade
