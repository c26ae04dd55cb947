// The output folder of `cudagrade grade`, and the one place that spells its layout:
//
//   OUT/grades.csv                  the gradebook (grades_csv.h)
//   OUT/superseded.csv              uploads a later one replaced, for an audit
//   OUT/summary.html                the class at a glance (summary_page.h)
//   OUT/similarity.json             the class's similarity check, a hint and never a grade (similarity_json.h)
//   OUT/gradebook.json              the roster: the lab, whose results count, the superseded uploads
//                                   (gradebook_files.h), so that `cudagrade gradebook OUT` can rewrite the rest
//   OUT/overrides.csv               the instructor's score overrides, with reasons (late_policy.h); never
//                                   written by a grading run, so they survive --resume and regrades
//   OUT/exports/<lms>-<assignment>.csv  an LMS's import file (`cudagrade gradebook --export`, grade_export.h)
//   OUT/students/<folder>/          one student (<folder> is intake/safe_name.h's folder_name of the id):
//       result.json                   the stored result a resumed run reads back (batch/result_store.h)
//       report.md, report.html        the student's report (student_report.h)
//       compile.log                   the compiler's output
//       submission.cu                 a copy of the graded file, which report.html shows
//   OUT/.work/                      intake's extracted uploads
//   OUT/.class.json                 the class as intake found it (batch/class_manifest.h)
//   OUT/.cache/                     the build cache of a `grade --slurm` run, which every node must see
//   OUT/.slurm/submission-<n>/      one `grade --slurm` submission: its plan, scripts, logs (batch/slurm_plan.h)
//   OUT/.cudagrade.lock             held while a run writes the folder (batch/output_lock.h)
#pragma once

#include <filesystem>
#include <string>

namespace cudagrade {

class OutputLayout {
 public:
  explicit OutputLayout(std::filesystem::path out) : out_(std::move(out)) {}

  const std::filesystem::path& out() const { return out_; }
  std::filesystem::path grades_csv() const { return out_ / "grades.csv"; }
  std::filesystem::path superseded_csv() const { return out_ / "superseded.csv"; }
  std::filesystem::path summary_html() const { return out_ / "summary.html"; }
  std::filesystem::path roster_json() const { return out_ / "gradebook.json"; }
  std::filesystem::path similarity_json() const { return out_ / "similarity.json"; }
  std::filesystem::path exports_dir() const { return out_ / "exports"; }
  std::filesystem::path overrides_csv() const { return out_ / "overrides.csv"; }
  std::filesystem::path students_dir() const { return out_ / kStudents; }
  std::filesystem::path student_dir(const std::string& student_id) const;
  std::filesystem::path work_dir() const { return out_ / ".work"; }
  std::filesystem::path lock_file() const { return out_ / ".cudagrade.lock"; }
  std::filesystem::path class_manifest() const { return out_ / ".class.json"; }
  std::filesystem::path slurm_dir() const { return out_ / ".slurm"; }
  std::filesystem::path build_cache() const { return out_ / ".cache"; }

  // The files of one student's folder.
  static constexpr const char* kResultFile = "result.json";
  static constexpr const char* kReportMarkdown = "report.md";
  static constexpr const char* kReportHtml = "report.html";
  static constexpr const char* kCompileLog = "compile.log";
  static constexpr const char* kSourceCopy = "submission.cu";

  // The link from summary.html to a student's report.html, relative to OUT, with the folder name
  // percent-encoded (all but letters, digits, '-', '.', '_', '~') so that an odd id is one path segment.
  static std::string report_href(const std::string& student_id);

 private:
  static constexpr const char* kStudents = "students";
  std::filesystem::path out_;
};

}  // namespace cudagrade
