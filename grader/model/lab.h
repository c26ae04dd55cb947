// A lab: everything the pipeline needs to know about one assignment. Labs are data (labs/<lab>/lab.yaml, read
// at run time by grader/labdef/'s DeclaredLab, the one implementation); the pipeline never names a lab.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/status.h"
#include "model/workload.h"
#include "model/testcase.h"

namespace cudagrade {

// A trusted implementation timed beside the student as the device's "speed of light" (cuBLAS, CUB).
struct Baseline {
  std::string name;                    // "cublas"
  std::string source;                  // relative to the project root
  std::vector<std::string> libraries;  // linker flags, e.g. "-lcublas"
};

struct WorkCount {
  double flops = 0;
  double bytes = 0;  // the fewest bytes the operation must move through device memory
};

struct CheckOutcome {
  CaseStatus status = CaseStatus::kPassed;
  std::string message;  // one line a student reads first
  std::string details;  // mismatches, a picture of where they are; may be empty
};

// The range of Lab::recount_size's factors: small enough that a side shrinks by at least one step of its
// remainder's modulus at the sizes the labs count at, large enough that the recount is still the same kind of
// problem (a tile's worth of rows, a block's worth of elements).
inline constexpr double kLeastRecountFactor = 0.5;
inline constexpr double kMostRecountFactor = 0.9;

class Lab {
 public:
  virtual ~Lab() = default;

  virtual std::string name() const = 0;
  virtual std::string title() const = 0;
  // The one file a submission consists of, e.g. "<lab>.cu".
  virtual std::string submission_file() const = 0;
  // The names of the size fields in the YAML, in order: {"M", "K", "N"} or {"n"}.
  virtual std::vector<std::string> size_fields() const = 0;
  // A size to show in help and error messages, in the order of size_fields().
  virtual std::vector<int64_t> example_size() const = 0;
  // Why a size is not gradable by this lab, or nullopt when it is.
  virtual std::optional<std::string> size_problem(const std::vector<int64_t>& size) const = 0;
  // The size the CPU simulator runs instead, when `size` would take it too long: smaller, with the same
  // remainders, so a non-multiple case stays non-multiple. The default runs every size as it is.
  virtual std::vector<int64_t> simulator_size(const std::vector<int64_t>& size) const { return size; }
  // Where an efficiency rule's case (at `size`, the simulator's) is counted a second time, so that a file cannot
  // be efficient at the listed sizes only: each side the lab names scaled by its own draw_factor() (between
  // kLeastRecountFactor and kMostRecountFactor, drawn by the grader for each grade), keeping its remainder.
  // `size` itself where the lab names none, or no side shrinks.
  virtual std::vector<int64_t> recount_size(const std::vector<int64_t>& size,
                                            const std::function<double()>& /*draw_factor*/) const {
    return size;
  }
  virtual std::vector<Distribution> distributions() const = 0;
  virtual Tolerance default_tolerance(Distribution distribution) const = 0;
  // The reference a speed rule compares with when the YAML names none.
  virtual std::string default_speed_reference() const = 0;
  virtual std::vector<Baseline> baselines() const = 0;
  // References in reference/<lab>/ that move the bytes the lab must move without computing its answer (a
  // plain copy, for a transpose): a memory-bound lab's speed of light. A speed rule may name one; it is timed
  // on the student's own input sets like any reference, but its outputs are only checked for being written
  // whole (it cannot pass the lab's check), and `bench` shows it beside the ladder instead of grading it.
  virtual std::vector<std::string> speed_of_light_references() const { return {}; }
  // The runner's entry (harness/entry.h): calls the student's function with one set's buffers. A declared lab
  // generates it from its prototype; the default reads grader_dir/labs/<lab>/entry.cu, for a lab made in code
  // (a test's).
  virtual std::string entry_source(const std::filesystem::path& grader_dir) const;

  // The buffers of one call; set_index picks an independent input set for timing rotation.
  virtual Workload make_workload(const TestCase& test_case, int set_index) const = 0;
  virtual CheckOutcome check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const = 0;
  // Computes now what check() will need for `sent` (into sent.expected), so that the grader can do it while
  // the GPU is busy timing. The default leaves it to check().
  virtual void prepare_check(const TestCase& /*test_case*/, const Workload& /*sent*/) const {}
  virtual WorkCount work(const TestCase& test_case) const = 0;
  // Human-readable text files of the inputs and outputs, for `cudagrade run --dump`.
  virtual void dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const = 0;
};

}  // namespace cudagrade
