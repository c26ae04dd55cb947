#include "gradebook/class_stats.h"

#include <catch2/catch.hpp>

#include "gradebook/roster.h"
#include "testing/sample_class.h"

namespace cudagrade {
namespace {

struct Class {
  std::vector<StudentResult> results = testing::sample_class();
  Roster roster = make_roster(results);
  const Students& students = roster.current;
};

TEST_CASE("statuses are counted once a student, passed first and intake's last", "[gradebook]") {
  Class sample;
  const std::vector<StatusCount> counts = count_by_status(sample.students);
  REQUIRE(counts.size() == 5);
  CHECK((counts[0].status == "passed" && counts[0].count == 3));
  CHECK((counts[1].status == "wrong_answer" && counts[1].count == 1));
  CHECK((counts[2].status == "timeout" && counts[2].count == 1));
  CHECK((counts[3].status == "compile_error" && counts[3].count == 1));
  CHECK((counts[4].status == "missing_file" && counts[4].count == 1));
}

TEST_CASE("the histogram has ten bins over the maximum and counts every student", "[gradebook]") {
  Class sample;
  const std::vector<HistogramBin> bins = score_histogram(sample.students);
  REQUIRE(bins.size() == 10);
  std::vector<int> counts;
  for (const HistogramBin& bin : bins) counts.push_back(bin.count);
  // 0 (s03, s05), 2 (s07), 7 (s02), 8 (s01, s04, s06: the top edge is in the last bin).
  CHECK(counts == std::vector<int>{2, 0, 1, 0, 0, 0, 0, 0, 1, 3});
  CHECK(bins[0].low == 0);
  CHECK(bins[9].high == Approx(8));
  CHECK(bins[3].low == Approx(2.4));
}

TEST_CASE("a score on a bin's edge goes into the bin above it", "[gradebook]") {
  std::vector<StudentResult> results(2);
  results[0].score = 2.4;
  results[1].score = 0.8;
  for (StudentResult& result : results) result.max_score = 8;
  const std::vector<HistogramBin> bins = score_histogram({&results[0], &results[1]});
  CHECK(bins[3].count == 1);
  CHECK(bins[1].count == 1);
  CHECK(score_histogram({}).size() == 10);
}

TEST_CASE("pass rates count passed over graded, leaving skipped cases and intake failures out", "[gradebook]") {
  Class sample;
  const std::vector<CasePassRate> rates = pass_rates(sample.students);
  REQUIRE(rates.size() == 4);
  CHECK(rates[0].name == "square-128");
  CHECK((rates[0].passed == 5 && rates[0].graded == 6));
  CHECK(rates[0].rate() == Approx(5.0 / 6));
  CHECK((rates[1].name == "non-multiple-100" && rates[1].passed == 4 && rates[1].graded == 6));
  CHECK((rates[2].name == "rectangular-hidden" && rates[2].hidden));
  CHECK((rates[2].passed == 4 && rates[2].graded == 5));  // s07's was skipped
  CHECK((rates[3].name == "performance-4096" && rates[3].passed == 4 && rates[3].graded == 6));
}

TEST_CASE("speeds are the correct submissions' ratios, fastest first, superseded uploads left out", "[gradebook]") {
  Class sample;
  const std::vector<CaseSpeeds> speeds = speeds_by_case(sample.students);
  REQUIRE(speeds.size() == 1);
  CHECK(speeds[0].name == "performance-4096");
  CHECK(speeds[0].reference == "tiled_boundary");
  std::vector<std::pair<std::string, double>> points;
  for (const SpeedPoint& point : speeds[0].points) points.emplace_back(point.student->student_id, point.ratio);
  REQUIRE(points.size() == 4);
  CHECK(points[0].first == "s01");
  CHECK(points[0].second == Approx(0.5));
  CHECK(points[1].first == "s06");
  CHECK(points[2].first == "s02");  // its answer on this case was right, whatever its verdict
  CHECK(points[3].first == "s04");
  CHECK(points[3].second == Approx(3.0));
}

TEST_CASE("outliers: no upload, no build, a timeout, far scores and the speed extremes, once each", "[gradebook]") {
  Class sample;
  CHECK(median_score(sample.students) == Approx(7.5));
  const std::vector<Outlier> outliers = find_outliers(sample.students, speeds_by_case(sample.students));
  std::vector<std::string> ids;
  for (const Outlier& outlier : outliers) ids.push_back(outlier.student->student_id);
  REQUIRE(ids == std::vector<std::string>{"s01", "s03", "s04", "s05", "s07"});
  CHECK(outliers[0].reasons ==
        std::vector<std::string>{"fastest correct on performance-4096: 0.5x the time of tiled_boundary"});
  CHECK(outliers[1].reasons == std::vector<std::string>{"did not compile", "score 0 is far below the median 7.5"});
  CHECK(outliers[2].reasons ==
        std::vector<std::string>{"slowest correct on performance-4096: 3x the time of tiled_boundary"});
  CHECK(outliers[3].reasons == std::vector<std::string>{"no gradable upload (missing_file)"});
  CHECK(outliers[4].reasons == std::vector<std::string>{"timed out", "score 2 is far below the median 7.5"});
}

TEST_CASE("a class that all did well has no score outliers", "[gradebook]") {
  std::vector<StudentResult> results;
  for (const char* id : {"a", "b", "c", "d"})
    results.push_back(testing::graded_student(id, id, testing::passing_report(1)));
  results[3].score = 7.5;  // half a point off: not far, though the deviation of the rest is 0
  const Roster roster = make_roster(results);
  CHECK(find_outliers(roster.current, {}).empty());
}

}  // namespace
}  // namespace cudagrade
