// The Slurm logic against a fake sbatch/squeue/scancel (a CommandRunner that answers as Slurm would and
// records what it was asked): the array and merge jobs' options, the shards, --resume's choice of students,
// and each way a submission or a wait ends. tests/slurm_grading.sh runs the same against a real cluster.
#include "batch/slurm_submit.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <functional>
#include <deque>
#include <sstream>

#include "batch/result_store.h"
#include "core/files.h"
#include "core/temp_dir.h"
#include "gradebook/layout.h"

namespace cudagrade {
namespace {

class FakeSlurm : public CommandRunner {
 public:
  // What the next sbatch calls answer, in order; each {outcome, output}. Unscripted calls get a fresh id.
  std::deque<CommandResult> sbatch_answers;
  std::deque<CommandResult> squeue_answers;  // when empty: nothing queued ("Invalid job id")
  bool installed = true;
  std::vector<std::vector<std::string>> calls;
  // Run when squeue is asked: stands for the tasks' work while the submitter waits.
  std::function<void()> on_squeue;

  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds) override {
    calls.push_back(argv);
    CommandResult result;
    if (!installed) {
      result.outcome = CommandResult::Outcome::kNotStarted;
      result.output = "No such file or directory";
      return result;
    }
    result.outcome = CommandResult::Outcome::kSucceeded;
    if (argv[0] == "sbatch" && argv.size() > 2) {
      if (!sbatch_answers.empty()) {
        result = sbatch_answers.front();
        sbatch_answers.pop_front();
      } else {
        result.output = std::to_string(next_id_++) + "\n";
      }
    } else if (argv[0] == "squeue") {
      if (on_squeue) on_squeue();
      if (!squeue_answers.empty()) {
        result = squeue_answers.front();
        squeue_answers.pop_front();
      } else {
        result.outcome = CommandResult::Outcome::kFailed;
        result.output = "slurm_load_jobs error: Invalid job id specified\n";
      }
    }
    return result;
  }
  std::vector<std::vector<std::string>> calls_of(const std::string& program) const {
    std::vector<std::vector<std::string>> found;
    for (const auto& call : calls) {
      if (call[0] == program) found.push_back(call);
    }
    return found;
  }

 private:
  int next_id_ = 100;
};

CommandResult answer(CommandResult::Outcome outcome, const std::string& output) {
  CommandResult result;
  result.outcome = outcome;
  result.output = output;
  return result;
}

bool has(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// A class of `count` found students s01, s02, ..., and one superseded upload of s01's.
struct SlurmClassFixture {
  TempDir scratch{TempDir::Medium::kDisk};
  ClassManifest manifest;
  SlurmRequest request;
  FakeSlurm slurm_runner;
  SlurmClient slurm{slurm_runner};

  explicit SlurmClassFixture(int count = 7) {
    manifest.lab = "matmul";
    manifest.cases_file = scratch.path() / "cases.yaml";
    manifest.cases_hash = "cases-1";
    for (int i = 1; i <= count; ++i) {
      Submission submission;
      submission.identity.id = fmt::format("s{:02}", i);
      submission.upload_name = submission.identity.id + "_matmul.cu";
      submission.outcome = Submission::Outcome::kFound;
      submission.content_hash = "hash-" + submission.identity.id;
      manifest.submissions.push_back(submission);
    }
    Submission old = manifest.submissions[0];
    old.standing = Submission::Standing::kSuperseded;
    old.upload_name = "s01_old_matmul.cu";
    manifest.submissions.push_back(old);
    request.plan = {out(), "sim", "bwrap", "sim", 4, {}};
    request.shards = 3;
    request.cudagrade_argv = {"/opt/cudagrade/bin/cudagrade", "--root", "/opt/cudagrade/share"};
  }
  std::filesystem::path out() const { return scratch.path() / "out"; }
  void store(const std::string& id, StudentStatus status, const std::string& content_hash = "") {
    StudentResult result;
    result.student_id = id;
    result.upload = id + "_matmul.cu";
    result.status = status;
    result.content_hash = content_hash.empty() ? "hash-" + id : content_hash;
    result.cases_hash = "cases-1";
    ResultStore(out()).save(result);
  }
  bool stored(const std::string& id) const { return ResultStore(out()).load(id).has_value(); }
};

TEST_CASE("students are dealt round-robin into shards, never into an empty one", "[slurm]") {
  const std::vector<std::string> ids = {"a", "b", "c", "d", "e", "f", "g"};
  CHECK(split_into_shards(ids, 3) ==
        std::vector<std::vector<std::string>>{{"a", "d", "g"}, {"b", "e"}, {"c", "f"}});
  CHECK(split_into_shards({"a", "b"}, 5) == std::vector<std::vector<std::string>>{{"a"}, {"b"}});
  CHECK(default_shard_count(1) == 1);
  CHECK(default_shard_count(50) == 1);
  CHECK(default_shard_count(51) == 2);
  CHECK(default_shard_count(1500) == 30);
}

TEST_CASE("the words of --slurm-opt are split as a shell would, and sbatch's job id is read past its warnings", "[slurm]") {
  CHECK(split_options("--partition=gpu  --gres=gpu:1 --time='00:30:00' --comment=\"lab 3\"") ==
        std::vector<std::string>{"--partition=gpu", "--gres=gpu:1", "--time=00:30:00", "--comment=lab 3"});
  CHECK(split_options("  ").empty());
  CHECK(parsed_job_id("4711\n") == "4711");
  CHECK(parsed_job_id("sbatch: warning: can't honor --ntasks-per-node\n4712;delta\n") == "4712");
  CHECK(parsed_job_id("sbatch: error: Batch job submission failed\n").empty());
  CHECK(shell_quoted("it's") == "'it'\\''s'");
}

TEST_CASE("the merge job asks for no GPU, in either spelling of the options", "[slurm]") {
  CHECK(merge_job_options({"--partition=gpu", "--gres=gpu:a100:1", "--time=00:30:00", "--gpus", "2", "-G", "1",
                           "--account=cs483"}) ==
        std::vector<std::string>{"--partition=gpu", "--time=00:30:00", "--account=cs483"});
}

TEST_CASE("a class is one array, one task a shard, then a merge job that runs however the array ends", "[slurm]") {
  SlurmClassFixture fixture;
  fixture.request.slurm_options = {"--partition=gpu", "--gres=gpu:1"};
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  REQUIRE(submission.outcome == SlurmSubmission::Outcome::kSubmitted);
  CHECK(submission.jobs.array == "100");
  CHECK(submission.jobs.merge == "101");
  CHECK(submission.tasks == 3);
  CHECK(submission.students.size() == 7);  // the current uploads only

  const auto sbatch = fixture.slurm_runner.calls_of("sbatch");
  REQUIRE(sbatch.size() == 2);
  const std::vector<std::string>& array = sbatch[0];
  CHECK(has(array, "--parsable"));
  CHECK(has(array, "--array=0-2"));
  CHECK(has(array, "--cpus-per-task=4"));
  CHECK(has(array, "--gres=gpu:1"));
  CHECK(has(array, "--chdir=" + fixture.out().string()));
  CHECK(array.back() == (submission.dir / "task.sh").string());
  const std::vector<std::string>& merge = sbatch[1];
  CHECK(has(merge, "--dependency=afterany:100"));
  CHECK(has(merge, "--partition=gpu"));
  CHECK_FALSE(has(merge, "--gres=gpu:1"));
  CHECK(merge.back() == (submission.dir / "merge.sh").string());

  std::string problem;
  const std::optional<SlurmPlan> plan = load_plan(submission.dir / "plan.json", problem);
  REQUIRE(plan);
  CHECK(plan->shards == std::vector<std::vector<std::string>>{{"s01", "s04", "s07"}, {"s02", "s05"}, {"s03", "s06"}});
  CHECK(plan->sandbox == "bwrap");
  const std::string task = read_file(submission.dir / "task.sh");
  CHECK_THAT(task, Catch::Contains("exec '/opt/cudagrade/bin/cudagrade' '--root' '/opt/cudagrade/share' 'slurm-task' '" +
                                   (submission.dir / "plan.json").string() + "'"));
  CHECK_THAT(read_file(submission.dir / "merge.sh"),
             Catch::Contains("'gradebook' '" + fixture.out().string() + "'"));
  const std::optional<SlurmJobs> jobs = load_jobs(SlurmSubmissionDir(submission.dir));
  REQUIRE(jobs);
  CHECK(jobs->array == "100");
}

TEST_CASE("a resumed submission grades only the students without a result, with another file, or with infra_error", "[slurm]") {
  SlurmClassFixture fixture;
  for (const char* id : {"s01", "s02", "s03", "s05"}) fixture.store(id, CaseStatus::kPassed);
  fixture.store("s04", CaseStatus::kInfraError);
  fixture.store("s06", CaseStatus::kPassed, "hash-of-an-earlier-upload");
  fixture.request.resume = true;
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  REQUIRE(submission.outcome == SlurmSubmission::Outcome::kSubmitted);
  CHECK(submission.students == std::vector<std::string>{"s04", "s06", "s07"});
  // Their stale results are set aside, so that a merge after a dead task finds them missing.
  CHECK_FALSE(fixture.stored("s04"));
  CHECK_FALSE(fixture.stored("s06"));
  CHECK(fixture.stored("s01"));
  CHECK(has(fixture.slurm_runner.calls_of("sbatch")[0], "--array=0-2"));
}

TEST_CASE("with every result stored, --resume submits nothing", "[slurm]") {
  SlurmClassFixture fixture(2);
  fixture.store("s01", CaseStatus::kPassed);
  fixture.store("s02", CaseStatus::kWrongAnswer);
  fixture.request.resume = true;
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  CHECK(submission.outcome == SlurmSubmission::Outcome::kNothingToGrade);
  CHECK(fixture.slurm_runner.calls_of("sbatch").empty());
}

TEST_CASE("a refused array says sbatch's words and puts every stored result back", "[slurm]") {
  SlurmClassFixture fixture;
  fixture.store("s02", CaseStatus::kPassed);
  fixture.slurm_runner.sbatch_answers.push_back(
      answer(CommandResult::Outcome::kFailed,
             "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified\n"));
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  CHECK(submission.outcome == SlurmSubmission::Outcome::kRejected);
  CHECK_THAT(submission.message, Catch::Contains("Invalid account or account/partition combination specified"));
  CHECK(fixture.stored("s02"));
  CHECK(fixture.slurm_runner.calls_of("sbatch").size() == 1);
}

TEST_CASE("a refused merge job cancels the array it belonged to", "[slurm]") {
  SlurmClassFixture fixture;
  fixture.slurm_runner.sbatch_answers.push_back(answer(CommandResult::Outcome::kSucceeded, "555\n"));
  fixture.slurm_runner.sbatch_answers.push_back(
      answer(CommandResult::Outcome::kFailed, "sbatch: error: Job dependency problem\n"));
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  CHECK(submission.outcome == SlurmSubmission::Outcome::kRejected);
  CHECK_THAT(submission.message, Catch::Contains("Job dependency problem") && Catch::Contains("555"));
  REQUIRE(fixture.slurm_runner.calls_of("scancel").size() == 1);
  CHECK(fixture.slurm_runner.calls_of("scancel")[0] == std::vector<std::string>{"scancel", "555"});
}

TEST_CASE("without sbatch on the PATH, nothing is submitted and the message says so", "[slurm]") {
  SlurmClassFixture fixture;
  fixture.slurm_runner.installed = false;
  std::string message;
  CHECK(fixture.slurm.sbatch_presence(message) == SlurmClient::Presence::kMissing);
  CHECK_THAT(message, Catch::Contains("no sbatch on the PATH"));
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  CHECK(submission.outcome == SlurmSubmission::Outcome::kNoSbatch);
}

TEST_CASE("a second submission waits for the first one's jobs to leave the queue", "[slurm]") {
  SlurmClassFixture fixture;
  REQUIRE(submit_class(fixture.slurm, fixture.manifest, fixture.request).outcome ==
          SlurmSubmission::Outcome::kSubmitted);
  fixture.slurm_runner.squeue_answers.push_back(answer(CommandResult::Outcome::kSucceeded, "100_2 RUNNING\n101 PENDING\n"));
  const SlurmSubmission second = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  CHECK(second.outcome == SlurmSubmission::Outcome::kStillRunning);
  CHECK_THAT(second.message, Catch::Contains("scancel 100 101"));
  // Once they have left it, the next submission gets a folder of its own.
  const SlurmSubmission third = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  REQUIRE(third.outcome == SlurmSubmission::Outcome::kSubmitted);
  CHECK(third.dir.filename() == "submission-2");
}

// Submits the fixture's class and waits for it, with `tasks` standing for what the array did (called at the
// first squeue), and the queue empty from the second on.
SlurmWait submit_and_wait(SlurmClassFixture& fixture, const std::function<void(const SlurmSubmission&)>& tasks) {
  const SlurmSubmission submission = submit_class(fixture.slurm, fixture.manifest, fixture.request);
  REQUIRE(submission.outcome == SlurmSubmission::Outcome::kSubmitted);
  fixture.slurm_runner.squeue_answers.push_back(answer(CommandResult::Outcome::kSucceeded, "100_0 RUNNING\n"));
  bool ran = false;
  fixture.slurm_runner.on_squeue = [&] {
    if (!ran) tasks(submission);
    ran = true;
  };
  std::ostringstream text;
  Progress progress(text, static_cast<int>(submission.students.size()), false);
  return wait_for_class(fixture.slurm, submission, fixture.out(), progress, std::chrono::milliseconds(1));
}

void mark_seen(const SlurmSubmission& submission, int task) {
  const SlurmSubmissionDir dir(submission.dir);
  std::filesystem::create_directories(dir.seen_marker(task).parent_path());
  write_atomically(dir.seen_marker(task), "node1\n");
}

TEST_CASE("waiting: every result stored and a fresh gradebook is a merged class", "[slurm]") {
  SlurmClassFixture fixture(3);
  const SlurmWait wait = submit_and_wait(fixture, [&](const SlurmSubmission& submission) {
    mark_seen(submission, 0);
    for (const char* id : {"s01", "s02", "s03"}) fixture.store(id, CaseStatus::kPassed);
    write_atomically(OutputLayout(fixture.out()).grades_csv(), "student_id\n");
  });
  CHECK(wait.outcome == SlurmWait::Outcome::kMerged);
}

TEST_CASE("waiting: a task that died leaves its students missing, and says --resume", "[slurm]") {
  SlurmClassFixture fixture(3);
  const SlurmWait wait = submit_and_wait(fixture, [&](const SlurmSubmission& submission) {
    mark_seen(submission, 0);
    fixture.store("s01", CaseStatus::kPassed);
  });
  CHECK(wait.outcome == SlurmWait::Outcome::kStudentsMissing);
  CHECK(wait.missing == 2);
  CHECK_THAT(wait.message, Catch::Contains("--resume"));
}

TEST_CASE("waiting: no task's marker means the nodes cannot see --out", "[slurm]") {
  SlurmClassFixture fixture(3);
  const SlurmWait wait = submit_and_wait(fixture, [](const SlurmSubmission&) {});
  CHECK(wait.outcome == SlurmWait::Outcome::kNotShared);
  CHECK_THAT(wait.message, Catch::Contains("do not see " + fixture.out().string()));
}

TEST_CASE("waiting: results without a gradebook newer than the plan are a failed merge, with its log", "[slurm]") {
  SlurmClassFixture fixture(1);
  const SlurmWait wait = submit_and_wait(fixture, [&](const SlurmSubmission& submission) {
    mark_seen(submission, 0);
    fixture.store("s01", CaseStatus::kPassed);
    write_atomically(submission.dir / "merge.log", "cudagrade: tests/cases.yaml: no such file\n");
  });
  CHECK(wait.outcome == SlurmWait::Outcome::kMergeFailed);
  CHECK_THAT(wait.message, Catch::Contains("no such file"));
}

TEST_CASE("the class manifest keeps every field a task and the merge read", "[slurm]") {
  SlurmClassFixture fixture(2);
  fixture.manifest.submissions[0].notes = {"skipped __MACOSX/"};
  fixture.manifest.submissions[0].identity.submitted = std::chrono::sys_seconds(std::chrono::seconds(1790000000));
  fixture.manifest.submissions[1].outcome = Submission::Outcome::kAmbiguous;
  fixture.manifest.submissions[1].lab_file = "/out/.work/s02/matmul.cu";
  const std::filesystem::path file = fixture.scratch.path() / "class.json";
  save_manifest(file, fixture.manifest);
  const LoadedManifest loaded = load_manifest(file);
  REQUIRE(loaded.outcome == LoadedManifest::Outcome::kLoaded);
  const ClassManifest& manifest = loaded.manifest;
  CHECK(manifest.lab == "matmul");
  CHECK(manifest.cases_hash == "cases-1");
  REQUIRE(manifest.submissions.size() == 3);
  CHECK(manifest.current().size() == 2);
  CHECK(manifest.submissions[0].notes == std::vector<std::string>{"skipped __MACOSX/"});
  CHECK(manifest.submissions[0].identity.submitted == fixture.manifest.submissions[0].identity.submitted);
  CHECK(manifest.submissions[1].outcome == Submission::Outcome::kAmbiguous);
  CHECK(manifest.submissions[1].lab_file == "/out/.work/s02/matmul.cu");
  CHECK(manifest.submissions[2].standing == Submission::Standing::kSuperseded);

  write_atomically(file, "{\"version\": 99}");
  CHECK(load_manifest(file).outcome == LoadedManifest::Outcome::kUnreadable);
  CHECK(load_manifest(fixture.scratch.path() / "none.json").outcome == LoadedManifest::Outcome::kMissing);
}

}  // namespace
}  // namespace cudagrade
