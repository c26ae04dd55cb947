// `cudagrade gradebook OUT --merge-speed GPU_RUN`: a class graded where nothing could time it (the CPU
// simulator) gets the speed points of a later GPU run of the same files. Nothing is graded again: for each
// student, the GPU run's result for the same file (the same content hash, graded on the same test-case file)
// lends each case whose speed was unmeasured (CaseResult::unmeasured_speed) its speed measurement and points;
// every verdict, message and correctness point stays the simulator's. Merged cases are no longer unmeasured,
// so merging twice changes nothing.
#pragma once

#include <string>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

enum class SpeedMergeOutcome {
  kMerged,          // every unmeasured case got the GPU run's speed
  kNothingToMerge,  // no unmeasured speed (graded on a GPU already, or merged before)
  kNoGpuResult,     // the GPU run has no result for this file
  kOtherCases,      // the GPU run graded it on another test-case file
  kNotTimedThere,   // the GPU run did not time it either (or timed some cases only; the rest stay unmeasured)
};

struct SpeedMerge {
  SpeedMergeOutcome outcome = SpeedMergeOutcome::kNothingToMerge;
  double points_added = 0;  // the score's change: negative where the GPU gave less than an efficiency rule had
};

// Merges into `student` from the GPU run's results (any order; matched by content hash). `gpu_run_name` is
// how the note left in the student's notes names that run.
SpeedMerge merge_speed(StudentResult& student, const std::vector<StudentResult>& gpu_run,
                       const std::string& gpu_run_name);

std::string_view to_string(SpeedMergeOutcome outcome);

}  // namespace cudagrade
