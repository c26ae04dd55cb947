// Late work: a deadline, a penalty per day late and a cap ("10%/day, max 3 days"), each student's upload
// time as intake read it (the LMS's own stamp in the upload's name, else the archive entry's or file's
// time), per-student extensions, and the instructor's score overrides. Applied when the gradebook is
// written, never at grading: changing the policy, an extension or an override rewrites the gradebook
// (`cudagrade gradebook OUT`) without grading anything again, and a regrade or --resume keeps them.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

// Times are the LMS's wall clock read as if it were UTC (that is how its download names carry them);
// a deadline is written the same way: "2026-11-20 23:59" or "2026-11-20T23:59:00".
using WallClock = std::chrono::sys_seconds;

struct LatePolicy {
  WallClock deadline;
  double percent_per_day = 0;  // of the raw score, for each started day late
  int max_days = 0;            // uploads later than this many days get no credit; 0: no cap
};

// "10%/day, max 3 days", "5% per day", "10%/day, max 1 day": the penalty and the cap; `problem` says what is
// wrong otherwise.
std::optional<LatePolicy> parse_late_policy(const std::string& text, const std::string& deadline, std::string& problem);
std::optional<WallClock> parse_wall_clock(const std::string& text);
std::string wall_clock_text(WallClock time);  // "2026-11-20 23:59:00"

// One student's lateness under a policy: whole days started after their deadline (an extension's, when
// they have one), and the penalty in percent of the raw score (100 past the cap).
struct Lateness {
  int days = 0;
  double penalty_percent = 0;
  std::string describe;  // "2 days late (uploaded 2026-11-22 10:00:00 by the LMS's file name): -20%"
};
Lateness lateness_of(const LatePolicy& policy, WallClock deadline, const StudentResult& student);

// The extension file: one student a line, "<id> <deadline>" (the wall clock as above), '#' comments.
struct Extensions {
  std::map<std::string, WallClock> deadlines;
  std::vector<std::string> problems;  // "extensions.txt:3: ..."
};
Extensions parse_extensions(const std::string& text, const std::string& file_name);

// The instructor's overrides, kept in OUT/overrides.csv ("student_id,score,reason", one a student, the last
// one given counting): a score set by hand, with the reason a student and an auditor read.
struct ScoreOverride {
  double score = 0;
  std::string reason;
};
std::map<std::string, ScoreOverride> parse_overrides(const std::string& csv, std::vector<std::string>& problems);
std::string overrides_csv(const std::map<std::string, ScoreOverride>& overrides);

// The final score of every current student: raw score, less the late penalty, unless overridden. Fills
// StudentResult's raw_score, late and override fields and sets score.
struct LateRules {
  std::optional<LatePolicy> policy;
  std::map<std::string, WallClock> extensions;
  std::map<std::string, ScoreOverride> overrides;
};
void apply_late_rules(std::vector<StudentResult>& results, const LateRules& rules);

}  // namespace cudagrade
