#include "gradebook/grades_csv.h"

#include <catch2/catch.hpp>
#include <set>

#include "testing/sample_class.h"

namespace cudagrade {
namespace {

// Records end with CRLF; a line break inside a quoted field is a bare LF, so this split keeps records whole.
std::vector<std::string> records(const std::string& csv) {
  std::vector<std::string> lines;
  size_t at = 0;
  for (size_t end; (end = csv.find("\r\n", at)) != std::string::npos; at = end + 2) {
    lines.push_back(csv.substr(at, end - at));
  }
  CHECK(at == csv.size());  // the last record ends with CRLF too
  return lines;
}

TEST_CASE("grades.csv has one exact row per student, sorted, broken submissions included", "[gradebook]") {
  const std::vector<std::string> lines = records(grades_csv(testing::sample_class()));
  const std::vector<std::string> expected = {
      "student_id,name,score,max_score,status,message,square-128,non-multiple-100,rectangular-hidden,"
      "performance-4096",
      "s01,Ada Lovelace,8,8,passed,all cases passed,1,1,1,5",
      "s02,\"Doe, \"\"Jane\"\"\",7,8,wrong_answer,'-1 case: non-multiple-100 is a wrong answer,1,0,1,5",
      "s03,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\nline two\",0,8,compile_error,"
      "\"compile error: matmul.cu(13): error: identifier \"\"acc\"\" is undefined\",0,0,0,0",
      "s04,<script>alert(1)</script>,8,8,passed,all cases passed <b>well done</b>,1,1,1,5",
      "s05,Grace Hopper,0,8,missing_file,no .cu file in the upload,,,,",
      "s06,Alan Turing,8,8,passed,all cases passed,1,1,1,5",
      "s07,Edsger Dijkstra,2,8,timeout,performance-4096 timed out,1,1,0,0",
  };
  CHECK(lines == expected);
}

TEST_CASE("every student is in grades.csv exactly once and superseded uploads are in their own file", "[gradebook]") {
  const std::vector<StudentResult> results = testing::sample_class();
  const std::vector<std::string> lines = records(grades_csv(results));
  std::multiset<std::string> ids;
  for (size_t i = 1; i < lines.size(); ++i) ids.insert(lines[i].substr(0, lines[i].find(',')));
  CHECK(ids == std::multiset<std::string>{"s01", "s02", "s03", "s04", "s05", "s06", "s07"});

  const std::vector<std::string> superseded = records(superseded_csv(results));
  REQUIRE(superseded.size() == 2);
  CHECK(superseded[0] == lines[0]);
  CHECK(superseded[1] == "s06,Alan Turing,2,8,wrong_answer,3 cases failed,0,0,0,2");
  CHECK(records(superseded_csv({})) == std::vector<std::string>{"student_id,name,score,max_score,status,message"});
}

TEST_CASE("numbers have at most two decimals and stay numbers when negative", "[gradebook]") {
  CHECK(csv_number(19) == "19");
  CHECK(csv_number(7.25) == "7.25");
  CHECK(csv_number(7.5) == "7.5");
  CHECK(csv_number(3.14159) == "3.14");
  CHECK(csv_number(0) == "0");
  CHECK(csv_number(-0.001) == "0");
  CHECK(csv_number(-0.5) == "-0.5");
  CHECK(csv_number(100) == "100");

  // A late penalty below zero is a number in the score column, not a formula to defuse.
  StudentResult late = testing::graded_student("s1", "-dash name", testing::passing_report(1.0));
  late.score = -1;
  late.message = "@mention";
  const std::vector<std::string> lines = records(grades_csv({late}));
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] == "s1,'-dash name,-1,8,passed,'@mention,1,1,1,5");
}

TEST_CASE("text fields are quoted as RFC 4180 says and defused against formulas", "[gradebook]") {
  CHECK(csv_field("plain text") == "plain text");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("cr\r") == "\"cr\r\"");
  CHECK(csv_field("") == "");
  CHECK(csv_text("=1+1") == "'=1+1");
  CHECK(csv_text("+1") == "'+1");
  CHECK(csv_text("-1") == "'-1");
  CHECK(csv_text("@SUM(A1)") == "'@SUM(A1)");
  CHECK(csv_text("\tcmd") == "'\tcmd");
  CHECK(csv_text("=A1,B1") == "\"'=A1,B1\"");
  CHECK(csv_text("a=b") == "a=b");
}

TEST_CASE("a class with nothing graded still has a header and every student", "[gradebook]") {
  StudentResult missing;
  missing.student_id = "x";
  missing.status = UploadProblem::kNotAnArchive;
  const std::vector<std::string> lines = records(grades_csv({missing}));
  CHECK(lines == std::vector<std::string>{"student_id,name,score,max_score,status,message", "x,,0,0,not_an_archive,"});
}

}  // namespace
}  // namespace cudagrade
