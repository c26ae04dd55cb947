#include "gradebook/similarity_section.h"

#include <fmt/format.h>

#include "gradebook/html_page.h"
#include "gradebook/layout.h"
#include "gradebook/similarity_json.h"
#include "gradebook/source_view.h"
#include "report/escape.h"

namespace cudagrade {
namespace {

constexpr const char* kHeading = "<h2 id=\"similarity\">Similar submissions</h2>\n";
constexpr const char* kHint =
    "<p class=\"note\">A hint for a person, never a grade: no score above was changed by it. A flagged pair "
    "shares unusually much code of its own (after the lab's skeleton and the code most of the class shares are "
    "taken out; names, numbers, comments and layout ignored), which a shared study group, the lecture's code or "
    "one student helping another explains as well as copying. Read both files before concluding anything.</p>\n";

std::string percent(double share) { return fmt::format("{:.0f}%", share * 100); }

std::string student_cell(const SimilarityReport& report, int index) {
  const std::string& id = report.files[static_cast<size_t>(index)].id;
  const std::string& name = report.names[static_cast<size_t>(index)];
  std::string html = fmt::format("<a href=\"{}\">{}</a>", html_attribute(OutputLayout::report_href(id)), html_text(id));
  if (!name.empty()) html += " " + html_text(name);
  return html;
}

std::string how_flagged(const ClassSimilarity& result, bool skeleton_found) {
  const SimilaritySettings& settings = result.settings;
  std::string html = fmt::format(
      "<p>{} files compared ({} pairs); a pair is flagged when the share of the smaller file's own code found in "
      "the other reaches {}: the floor {}",
      result.files.size(), result.compared_pairs, percent(result.bar), percent(settings.floor));
  if (result.relative) {
    html += fmt::format(", or the class's median {} plus {} robust standard deviations (1.4826 &#215; MAD {}) if "
                        "higher",
                        percent(result.median), settings.outlier_mads, percent(result.mad));
  } else {
    html += fmt::format(" (fewer than {} pairs: too few for the class's distribution to count)", kMinPairsForDistribution);
  }
  html += fmt::format(
      ". Fingerprints: runs of {} tokens, winnowed in windows of {} (a common run of {} tokens or more is always "
      "found). {}; {} fingerprint{} held by more than {} of the class dropped as common code.",
      settings.winnowing.k, settings.winnowing.w, settings.winnowing.k + settings.winnowing.w - 1,
      skeleton_found ? fmt::format("The skeleton's {} token runs discounted", result.skeleton_kgrams)
                     : std::string("No skeleton file was found, so nothing was discounted for it"),
      result.common_fingerprints, result.common_fingerprints == 1 ? "" : "s", percent(settings.common_share));
  int small = 0;
  for (const SimilarityFile& file : result.files) small += file.compared ? 0 : 1;
  if (small > 0) {
    html += fmt::format(" {} file{} with fewer than {} fingerprints of {} own (the skeleton alone, say) not compared.",
                        small, small == 1 ? "" : "s", settings.min_own_fingerprints, small == 1 ? "its" : "their");
  }
  return html + "</p>\n";
}

std::vector<BlamedLine> marks(const std::vector<int>& lines, const std::string& other) {
  std::vector<BlamedLine> marked;
  for (int line : lines) marked.push_back({line, {"also in " + other + "'s file"}});
  return marked;
}

std::string side_by_side(const SimilarityReport& report, const SimilarPair& pair, int number) {
  const SimilarityInput& a = report.files[static_cast<size_t>(pair.a)];
  const SimilarityInput& b = report.files[static_cast<size_t>(pair.b)];
  const SourceViewStyle style{false, "matched"};
  return fmt::format(
      "<details id=\"pair-{}\"><summary>{} and {}: {} (marked: the lines in a run of code both files have)</summary>\n"
      "<table class=\"side-by-side\">\n<tr><th>{}</th><th>{}</th></tr>\n<tr><td>{}</td><td>{}</td></tr>\n</table>\n"
      "</details>\n",
      number, html_text(a.id), html_text(b.id), percent(pair.score), html_text(a.id), html_text(b.id),
      source_view_html(a.source, marks(pair.lines_a, b.id), style),
      source_view_html(b.source, marks(pair.lines_b, a.id), style));
}

}  // namespace

std::string similarity_section_html(const std::optional<SimilarityReport>& report) {
  std::string html = std::string(kHeading) + kHint;
  if (!report) return html + "<p>Not checked: turned off (<code>--no-similarity</code>).</p>\n";
  const ClassSimilarity& result = report->result;
  html += how_flagged(result, report->skeleton_found);
  const int flagged = result.flagged_count();
  if (flagged == 0) {
    html += "<p>No pair stands out.";
    if (!result.pairs.empty()) {
      html += fmt::format(" The most similar pair, {} and {}, shares {}.",
                          html_text(report->files[static_cast<size_t>(result.pairs.front().a)].id),
                          html_text(report->files[static_cast<size_t>(result.pairs.front().b)].id),
                          percent(result.pairs.front().score));
    }
    return html + "</p>\n";
  }
  html += "<table class=\"similar\">\n<tr><th>student</th><th>student</th><th>score</th><th>share of the first</th>"
          "<th>share of the second</th><th>shared fingerprints</th><th>side by side</th></tr>\n";
  int number = 0;
  for (const SimilarPair& pair : result.pairs) {
    if (!pair.marked) continue;
    html += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td><td><a href=\"#pair-{}\">show</a></td></tr>\n",
        student_cell(*report, pair.a), student_cell(*report, pair.b), percent(pair.score), percent(pair.share_a),
        percent(pair.share_b), pair.shared, ++number);
  }
  html += "</table>\n";
  if (flagged > number) {
    html += fmt::format("<p>{} more flagged pair{} with lower scores not shown here (<code>similarity.json</code> "
                        "lists the highest {} pairs). So many usually means the class shares a source the skeleton "
                        "does not have.</p>\n",
                        flagged - number, flagged - number == 1 ? "" : "s", kListedPairs);
  }
  number = 0;
  for (const SimilarPair& pair : result.pairs) {
    if (pair.marked) html += side_by_side(*report, pair, ++number);
  }
  return html;
}

}  // namespace cudagrade
