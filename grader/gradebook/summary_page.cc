#include "gradebook/summary_page.h"

#include "gradebook/layout.h"

#include <fmt/format.h>

#include "gradebook/class_stats.h"
#include "gradebook/html_page.h"
#include "gradebook/roster.h"
#include "gradebook/summary_charts.h"
#include "report/escape.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

std::string student_link(const StudentResult& student) {
  return fmt::format("<a href=\"{}\">{}</a>", html_attribute(OutputLayout::report_href(student.student_id)),
                     html_text(student.student_id));
}

std::string overview(const Roster& roster) {
  const Students& students = roster.current;
  double total = 0;
  for (const StudentResult* student : students) total += student->score;
  const double mean = students.empty() ? 0 : total / students.size();
  std::string html = fmt::format("<p>{} student{}; mean score {} of {}, median of the graded uploads {}.",
                                 students.size(), students.size() == 1 ? "" : "s", points_text(mean),
                                 points_text(class_max_score(students)), points_text(median_score(students)));
  if (!roster.superseded.empty()) {
    html += fmt::format(" {} superseded upload{} (a later one by the same student counts) not counted here.",
                        roster.superseded.size(), roster.superseded.size() == 1 ? "" : "s");
  }
  return html + "</p>\n";
}

std::string status_table(const Students& students) {
  std::string html = "<h2>Status</h2>\n<table class=\"statuses\">\n<tr><th>status</th><th>students</th></tr>\n";
  for (const StatusCount& count : count_by_status(students)) {
    html += fmt::format("<tr><td>{}</td><td class=\"num\">{}</td></tr>\n", status_badge(count.status), count.count);
  }
  return html + "</table>\n";
}

// A timed case that no GPU measured (the class was graded in the simulator) is "not measured", not a row of
// nobody: its speed points wait for `cudagrade gradebook --merge-speed`.
std::string speed_section(const std::vector<CaseSpeeds>& speeds) {
  std::string html = "<h2>Speed against the reference</h2>\n";
  if (speeds.empty()) return html + "<p>No timed cases.</p>\n";
  std::vector<CaseSpeeds> measured;
  for (const CaseSpeeds& row : speeds) {
    if (!row.points.empty() || row.not_measured == 0) {
      measured.push_back(row);
      continue;
    }
    const std::string by_efficiency =
        row.by_efficiency == 0 ? ""
                               : fmt::format(" Until then an efficiency rule, counted by the simulator, graded the "
                                             "speed points of {} (see Efficiency).",
                                             row.by_efficiency);
    html += fmt::format(
        "<p class=\"not-measured\">{}: not measured for {} student{}; speed is graded later on the course GPU "
        "(<code>cudagrade gradebook OUT --merge-speed GPU_RUN</code>).{}</p>\n",
        html_text(row.name), row.not_measured, row.not_measured == 1 ? "" : "s", by_efficiency);
  }
  if (measured.empty()) return html;
  return html + "<p>One dot per correct submission; hover for the student, click for their report.</p>\n" +
         speed_svg(measured);
}

// What the simulator counted for the efficiency rules: the class's median figure against the rule's thresholds.
std::string efficiency_section(const std::vector<CaseEfficiency>& rows) {
  if (rows.empty()) return "";
  std::string html =
      "<h2>Efficiency (counted by the simulator)</h2>\n<table>\n<tr><th>case</th><th>grades</th><th>metric</th>"
      "<th>median figure</th><th>full points at or under</th><th>none at or over</th><th>points</th></tr>\n";
  for (const CaseEfficiency& row : rows) {
    const std::string figure = row.median_figure ? fmt::format("{:.2f}", *row.median_figure) : "not measured";
    html += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{:g}</td>"
        "<td class=\"num\">{:g}</td><td class=\"num\">{} / {}</td></tr>\n",
        html_text(row.name), row.grades_speed ? "speed points (no GPU)" : "the case", to_string(row.metric), figure,
        row.full, row.zero, points_text(row.points), points_text(row.max_points));
  }
  return html + "</table>\n";
}

std::string outlier_list(const std::vector<Outlier>& outliers) {
  std::string html = "<h2>Worth a look</h2>\n";
  if (outliers.empty()) return html + "<p>Nobody stands out.</p>\n";
  html += "<ul class=\"outliers\">\n";
  for (const Outlier& outlier : outliers) {
    const StudentResult& student = *outlier.student;
    html += fmt::format("<li>{} {}: {}</li>\n", student_link(student), html_text(student.name),
                        html_text(fmt::format("{}", fmt::join(outlier.reasons, "; "))));
  }
  return html + "</ul>\n";
}

std::string student_table(const Students& students) {
  // An upload intake could not grade carries max_score 0; out of the assignment's maximum reads as it is.
  const double class_max = class_max_score(students);
  std::string html =
      "<h2>Students</h2>\n<table class=\"students\">\n<tr><th>student</th><th>name</th><th>status</th>"
      "<th>score</th><th>message</th></tr>\n";
  for (const StudentResult* student : students) {
    html +=
        fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{} / {}</td><td>{}</td></tr>\n",
                    student_link(*student), html_text(student->name), status_badge(to_string(student->status)),
                    points_text(student->score), points_text(student->max_score > 0 ? student->max_score : class_max),
                    html_text(headline(student->message, 120)));
  }
  return html + "</table>\n";
}

}  // namespace

std::string summary_html(const std::vector<StudentResult>& results, const std::string& lab,
                         std::string_view generated_at, std::string_view similarity_section) {
  const Roster roster = make_roster(results);
  const Students& students = roster.current;
  const std::vector<CaseSpeeds> speeds = speeds_by_case(students);

  std::string body = "<h1>" + html_text(lab) + ": class summary</h1>\n" + overview(roster);
  if (!generated_at.empty()) body += "<p>Generated " + html_text(generated_at) + ".</p>\n";
  body += status_table(students);
  body += "<h2>Scores</h2>\n" + histogram_svg(score_histogram(students));
  body += "<h2>Pass rate per case</h2>\n" + pass_rate_table(pass_rates(students));
  body += speed_section(speeds);
  body += efficiency_section(efficiency_by_case(students));
  body += outlier_list(find_outliers(students, speeds));
  body += similarity_section;
  body += student_table(students);
  return html_page(lab + ": class summary", body);
}

}  // namespace cudagrade
