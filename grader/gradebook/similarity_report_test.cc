#include "gradebook/similarity_report.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/temp_dir.h"
#include "gradebook/gradebook_files.h"
#include "testing/sample_class.h"

namespace cudagrade {
namespace {

using Catch::Contains;
namespace fs = std::filesystem;

fs::path project_path(const std::string& relative) { return fs::path(CUDAGRADE_SOURCE_ROOT) / relative; }

// A class of six graded files, one of them (s6) a disguised copy of s2's, and one upload with no file.
Gradebook sample_gradebook() {
  Gradebook gradebook;
  gradebook.lab = "matmul";
  const std::vector<std::pair<std::string, std::string>> files = {
      {"s1", "submissions/matmul/correct.cu"},          {"s2", "reference/matmul/tiled_boundary.cu"},
      {"s3", "reference/matmul/naive.cu"},              {"s4", "reference/matmul/register_tiled.cu"},
      {"s5", "submissions/matmul/split_k_without_atomics.cu"}, {"s6", "tests/data/similarity/tiled_boundary_renamed.cu"}};
  for (const auto& [id, file] : files) {
    gradebook.results.push_back(testing::graded_student(id, "Student " + id, testing::passing_report(1.0)));
    gradebook.graded_files[id] = project_path(file);
  }
  StudentResult missing;
  missing.student_id = "s7";
  missing.name = "No File";
  gradebook.results.push_back(missing);
  gradebook.similarity.skeleton = project_path("skeleton/matmul/matmul.cu");
  return gradebook;
}

TEST_CASE("the gradebook checks the graded files it keeps and writes similarity.json and the summary's section",
          "[gradebook]") {
  TempDir dir(TempDir::Medium::kDisk);
  const OutputLayout layout(dir.path());
  const WrittenGradebook written = write_gradebook_files(layout, sample_gradebook());
  REQUIRE(written.similar_pairs == 1);
  CHECK_THAT(similarity_line(layout, written), Contains("similarity: 1 pair of files flagged"));

  const nlohmann::json json = nlohmann::json::parse(read_file(layout.similarity_json()));
  CHECK(json.at("files").size() == 6);  // s7 uploaded nothing gradable
  CHECK(json.at("skeleton_found") == true);
  CHECK(json.at("flagged") == 1);
  const nlohmann::json& top = json.at("pairs").at(0);
  CHECK(top.at("a") == "s2");
  CHECK(top.at("b") == "s6");
  CHECK(top.at("flagged") == true);
  CHECK(top.at("score").get<double>() > 0.8);
  CHECK(!top.at("lines_a").empty());
  CHECK(json.at("pairs").at(1).at("flagged") == false);
  CHECK(!json.at("pairs").at(1).contains("lines_a"));

  const std::string summary = read_file(layout.summary_html());
  testing::check_html_page(summary);
  CHECK_THAT(summary, Contains("<h2 id=\"similarity\">Similar submissions</h2>"));
  CHECK_THAT(summary, Contains("<details id=\"pair-1\"><summary>s2 and s6: "));
  // A hint only: the scores are as graded.
  CHECK_THAT(read_file(layout.grades_csv()), Contains("s6,Student s6,8,8,passed"));
}

TEST_CASE("`cudagrade gradebook` recomputes it from the kept files alone, and the settings survive", "[gradebook]") {
  TempDir dir(TempDir::Medium::kDisk);
  const OutputLayout layout(dir.path());
  Gradebook gradebook = sample_gradebook();
  gradebook.similarity.floor = 0.95;
  write_gradebook_files(layout, gradebook);
  CHECK(nlohmann::json::parse(read_file(layout.similarity_json())).at("flagged") == 0);

  // As the gradebook command reads the folder back: no download, only the roster and the kept copies.
  std::string problem;
  const std::optional<GradebookRoster> roster = read_gradebook_roster(layout, problem);
  REQUIRE(roster);
  REQUIRE(roster->similarity);
  CHECK(roster->similarity->floor == 0.95);
  CHECK(roster->similarity->enabled);
  Gradebook reread = sample_gradebook();
  reread.graded_files.clear();
  reread.similarity = *roster->similarity;
  reread.similarity.floor = 0.6;
  const WrittenGradebook written = write_gradebook_files(layout, reread);
  CHECK(written.similar_pairs == 1);

  reread.similarity.enabled = false;
  const WrittenGradebook off = write_gradebook_files(layout, reread);
  CHECK_FALSE(off.similar_pairs);
  CHECK(similarity_line(layout, off).empty());
  CHECK_FALSE(fs::exists(layout.similarity_json()));
  CHECK_THAT(read_file(layout.summary_html()), Contains("Not checked: turned off"));
  CHECK_FALSE(read_gradebook_roster(layout, problem)->similarity->enabled);
}

TEST_CASE("without the skeleton file the check still runs and says nothing was discounted", "[gradebook]") {
  TempDir dir(TempDir::Medium::kDisk);
  const OutputLayout layout(dir.path());
  Gradebook gradebook = sample_gradebook();
  gradebook.similarity.skeleton = dir.path() / "no-such-skeleton.cu";
  write_gradebook_files(layout, gradebook);
  CHECK(nlohmann::json::parse(read_file(layout.similarity_json())).at("skeleton_found") == false);
  CHECK_THAT(read_file(layout.summary_html()), Contains("No skeleton file was found"));
}

}  // namespace
}  // namespace cudagrade
