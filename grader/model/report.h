// What grading a submission produced: measurement results and verdicts, kept apart from how any printer
// shows them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/access_profile.h"
#include "model/status.h"
#include "model/testcase.h"
#include "model/timing.h"

namespace cudagrade {

struct BaselineTiming {
  std::string name;  // "cublas"
  Timing timing;
};

struct SpeedResult {
  Timing student;
  std::string reference;  // the reference the ratio is taken against
  std::optional<Timing> reference_timing;
  std::optional<double> ratio;  // student median / reference median
  std::vector<BaselineTiming> baselines;
  double gflops = 0;                           // the student's
  double gbps = 0;                             // the student's, over the fewest bytes the operation must move
  std::optional<double> percent_of_baseline;   // of the first baseline's speed
  std::optional<double> percent_of_bandwidth;  // of the device's copy bandwidth
  double points = 0;
  std::string note;  // why speed points are missing, when they are
};

// Speed points nothing measured in this run (no GPU): what they are worth, and what the case's policy did
// with them (kExclude: left out of max_points; kZero: in max_points, earning 0). `cudagrade gradebook
// --merge-speed` later adds a GPU run's points for the same file (gradebook/speed_merge.h).
struct UnmeasuredSpeed {
  SpeedWithoutGpu policy = SpeedWithoutGpu::kExclude;
  double points = 0;
};

struct CaseResult {
  std::string name;
  CaseKind kind = CaseKind::kSquare;
  std::vector<int64_t> size;
  bool hidden = false;
  bool reveal = false;  // a hidden case whose details the YAML lets students see (TestCase::reveal)
  CaseStatus status = CaseStatus::kSkipped;
  double points = 0;
  double max_points = 0;
  double elapsed_ms = 0;
  // The simulator's own time for the call (CPU backend only): what bench/sim-vs-numba.sh compares.
  std::optional<double> simulated_ms;
  std::string message;
  std::string details;
  std::optional<SpeedResult> speed;
  std::optional<UnmeasuredSpeed> unmeasured_speed;
  // What an efficiency rule gave: a case of kind efficiency's points, or the speed points of a case no GPU
  // timed under speed_without_gpu: efficiency (then grades_speed).
  std::optional<EfficiencyResult> efficiency;
  // The runner's account of the case's launches and copies (model/launch_account.h), and the size it ran the
  // case at: the GPU's and the simulator's are compared (pipeline/race_check.h). Never reported or stored.
  std::string launches;
  std::vector<int64_t> launches_size;
};

// What graded a submission, so that a regrade can say what changed.
struct GradedBy {
  std::string version;     // cudagrade's version ("0.1.0")
  std::string commit;      // the commit it was built from, "unknown" where that was not known
  std::string cases_hash;  // the test-case file's bytes (fnv1a, 16 hex digits); empty for `run`'s one size
};

struct GradeReport {
  std::string lab;
  std::string submission;
  // The name the build gave the student's file (the lab's submission file, "<lab>.cu"): compiler
  // diagnostics that name it are about the student's code. Not stored in the JSON report.
  std::string compiled_as;
  std::string backend;
  std::string device;
  std::string race_check;  // which race detector ran ("simulator", ...), or "none: " and why
  std::string build_summary;
  std::string build_log;
  CaseStatus verdict = CaseStatus::kSkipped;
  double score = 0;
  double max_score = 0;
  std::vector<CaseResult> cases;
  GradedBy graded_by;
  // The simulator's memory-access profile, worst line first, when it was asked for (check --profile).
  std::vector<AccessProfileLine> profile;
};

// Fills verdict, score and max_score from the cases.
void total_up(GradeReport& report);

// The case of `report` called `name`; null when it has none.
const CaseResult* case_named(const GradeReport& report, const std::string& name);

}  // namespace cudagrade
