// The numbers behind summary.html, computed apart from how the page draws them so that tests check them
// directly: counts by status, the score histogram, pass rates per case, speeds against the reference, and the
// students worth a second look. Every function takes the roster's current results (roster.h): one per student.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

using Students = std::vector<const StudentResult*>;

struct StatusCount {
  std::string status;
  int count = 0;
};

// Passed first, then the case statuses from least to most severe (model/status.h), then intake's statuses
// (no report: missing_file, ...) by name; statuses nobody has are left out.
std::vector<StatusCount> count_by_status(const Students& students);

// The assignment's maximum: the largest max_score of any student (intake failures carry 0).
double class_max_score(const Students& students);

// The median of the scores of the students whose upload was graded (those with a report); 0 when none was.
double median_score(const Students& students);

struct HistogramBin {
  double low = 0, high = 0;  // [low, high); the last bin also holds high itself
  int count = 0;
};

// bins equal bins over [0, class_max_score]. Every student counts, intake failures at 0 points, because this
// is the distribution of the grades the LMS receives; scores outside the range land in the end bins.
std::vector<HistogramBin> score_histogram(const Students& students, int bins = 10);

struct CasePassRate {
  std::string name;
  bool hidden = false;
  int passed = 0;
  int graded = 0;  // students whose report has the case with any status but skipped
  int speed_not_measured = 0;  // students whose speed points on the case wait for a GPU (UnmeasuredSpeed)
  double rate() const { return graded == 0 ? 0 : static_cast<double>(passed) / graded; }
};

// One entry per case in the suite's order (the first graded report's; a case only later reports have comes
// after). A compile error fails every case; a skipped case (a performance case without a GPU) counts for
// neither side; intake failures have no report and are not in any denominator.
std::vector<CasePassRate> pass_rates(const Students& students);

struct SpeedPoint {
  const StudentResult* student = nullptr;
  double ratio = 0;  // the student's median time / the reference's (SpeedResult::ratio)
};

struct CaseSpeeds {
  std::string name;
  std::string reference;           // what the ratios are taken against
  std::vector<SpeedPoint> points;  // fastest first; ties by student id
  int not_measured = 0;            // students whose speed on it nothing measured (graded without a GPU)
  int by_efficiency = 0;           // of those, students whose speed points an efficiency rule graded
};

// One row per timed case (a performance case, or any case with a speed result), in the suite's order, with a
// point for every student whose answer on it was correct and whose time has a ratio: a wrong answer's
// time says nothing about the kernel it should have been.
std::vector<CaseSpeeds> speeds_by_case(const Students& students);

// An efficiency rule's figures across the class, for one case: what the simulator counted for each student whose
// answer was right, the rule's thresholds, and the points it gave.
struct CaseEfficiency {
  std::string name;
  EfficiencyMetric metric = EfficiencyMetric::kGlobalSectorsPerRequest;
  double full = 0;
  double zero = 0;
  bool grades_speed = false;  // the speed points of a case no GPU timed (speed_without_gpu: efficiency)
  std::vector<double> figures;
  std::optional<double> median_figure;  // of figures; nullopt when nobody's was counted
  double points = 0;      // the class's, added up
  double max_points = 0;  // the class's, added up
  int students = 0;       // with an efficiency result on the case
};

// One row per case an efficiency rule graded for anyone, in the suite's order.
std::vector<CaseEfficiency> efficiency_by_case(const Students& students);

struct Outlier {
  const StudentResult* student = nullptr;
  std::vector<std::string> reasons;
};

// Students an instructor should look at, sorted by id, each once with every reason: an upload intake could
// not grade, a compile error, a timeout, a rejected file or an infrastructure error (regrade it); a score far
// from the class's median (see class_stats.cc); the fastest and the slowest correct submission of each timed
// case that has at least two.
std::vector<Outlier> find_outliers(const Students& students, const std::vector<CaseSpeeds>& speeds);

}  // namespace cudagrade
