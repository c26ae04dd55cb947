#include "report/junit_printer.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/files.h"
#include "core/temp_dir.h"
#include "report/escape.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

// The shared sample and the outcomes only JUnit tells apart: a crash (a failure), trouble in the grader (an
// error) and a skipped case.
GradeReport sample_report() {
  GradeReport report = testing::sample_report();
  CaseResult crashed = testing::sample_case("boundary-17", CaseKind::kBoundary, CaseStatus::kCrashed);
  crashed.message = "the kernel failed: an illegal memory access was encountered";
  CaseResult infra = testing::sample_case("square-256", CaseKind::kSquare, CaseStatus::kInfraError);
  infra.message = "the runner could not be started";
  CaseResult skipped = testing::sample_case("square-512", CaseKind::kSquare, CaseStatus::kSkipped);
  skipped.message = "not run: an earlier case crashed the device";
  report.cases.insert(report.cases.end(), {crashed, infra, skipped});
  total_up(report);
  return report;
}

GradeReport compile_error_report() {
  return testing::compile_error_report(sample_report(), testing::kNvccOneErrorLog);
}

// Reads the document back with a real XML parser (Python's ElementTree, over expat) and says what it saw.
constexpr const char* kReader = R"(
import json, sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find('testsuite')
cases = []
for case in suite.findall('testcase'):
    outcome = next((child for child in case if child.tag in ('failure', 'error', 'skipped')), None)
    cases.append({'name': case.get('name'), 'classname': case.get('classname'), 'time': float(case.get('time')),
                  'outcome': 'passed' if outcome is None else outcome.tag,
                  'type': None if outcome is None else outcome.get('type'),
                  'message': None if outcome is None else outcome.get('message'),
                  'text': None if outcome is None else outcome.text,
                  'system_out': case.findtext('system-out')})
json.dump({'root': root.tag, 'suite': dict(suite.attrib), 'cases': cases,
           'properties': {p.get('name'): p.get('value') for p in suite.iter('property')}}, sys.stdout)
)";

nlohmann::json parse_with_python(const std::string& xml) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "report.xml", std::ios::binary) << xml;
  std::ofstream(dir.path() / "read.py") << kReader;
  const std::string command = fmt::format("python3 '{}' '{}' > '{}'", (dir.path() / "read.py").string(),
                                          (dir.path() / "report.xml").string(), (dir.path() / "parsed.json").string());
  INFO("python3 must be installed to check the XML with a real parser\n" << xml);
  REQUIRE(std::system(command.c_str()) == 0);
  return nlohmann::json::parse(read_file(dir.path() / "parsed.json"));
}

std::string junit_of(const GradeReport& report) {
  std::ostringstream out;
  JunitPrinter(out).print(report);
  return out.str();
}

const nlohmann::json& case_named(const nlohmann::json& parsed, const std::string& name) {
  return testing::element_named(parsed["cases"], name);
}

TEST_CASE("the JUnit report parses, and counts each outcome as CI systems expect", "[junit]") {
  const nlohmann::json parsed = parse_with_python(junit_of(sample_report()));
  CHECK(parsed["root"] == "testsuites");
  const nlohmann::json& suite = parsed["suite"];
  CHECK(suite["name"] == "matmul");
  CHECK(suite["tests"] == "7");
  CHECK(suite["failures"] == "2");
  CHECK(suite["errors"] == "1");
  CHECK(suite["skipped"] == "1");
  CHECK(suite["time"] == "1.515");
  CHECK(parsed["properties"]["score"] == "7");
  CHECK(parsed["properties"]["max_score"] == "11");
  CHECK(parsed["properties"]["verdict"] == "infra_error");
  CHECK(parsed["properties"]["device"] == "NVIDIA H200");
  CHECK(parsed["properties"]["backend"] == "gpu");

  CHECK(case_named(parsed, "square-128")["outcome"] == "passed");
  CHECK(case_named(parsed, "square-128")["classname"] == "matmul");
  const nlohmann::json& wrong = case_named(parsed, "non-multiple-100");
  CHECK(wrong["outcome"] == "failure");
  CHECK(wrong["type"] == "wrong_answer");
  CHECK(wrong["message"] == "37 of 10000 checked elements of C are wrong");
  CHECK_THAT(wrong["text"].get<std::string>(), Catch::Contains("|..X|"));
  CHECK(case_named(parsed, "boundary-17")["type"] == "crashed");
  CHECK(case_named(parsed, "square-256")["outcome"] == "error");
  CHECK(case_named(parsed, "square-256")["type"] == "infra_error");
  CHECK(case_named(parsed, "square-512")["outcome"] == "skipped");
  CHECK(case_named(parsed, "square-512")["message"] == "not run: an earlier case crashed the device");
  const nlohmann::json& timed = case_named(parsed, "performance-4096");
  CHECK(timed["time"] == 1.5);
  CHECK_THAT(timed["system_out"].get<std::string>(), Catch::Contains("median_ms: 1.5"));
  CHECK_THAT(timed["system_out"].get<std::string>(), Catch::Contains("reference: tiled_boundary (3 ms)"));
  CHECK_THAT(timed["system_out"].get<std::string>(), Catch::Contains("speed_points: 4"));
}

TEST_CASE("whatever a submission printed, the JUnit report still parses and says it", "[junit]") {
  GradeReport report = sample_report();
  report.cases[1].message = "got <&\"'> and \x01 then \x1b[31mred\r\nsecond line";
  report.cases[1].details = "printed \xff\xfe, ]]> and \xc3\xa9 then stopped";
  report.cases[6].message = "skipped <\x02>";
  const nlohmann::json parsed = parse_with_python(junit_of(report));
  const nlohmann::json& wrong = case_named(parsed, "non-multiple-100");
  CHECK(wrong["message"] == "got <&\"'> and \\x01 then \\x1b[31mred\r\nsecond line");
  CHECK_THAT(wrong["text"].get<std::string>(), Catch::Contains("printed \xef\xbf\xbd\xef\xbf\xbd, ]]> and \xc3\xa9"));
  CHECK(case_named(parsed, "square-512")["message"] == "skipped <\\x02>");
}

TEST_CASE("a compile error fails every case with the compiler's words", "[junit]") {
  const nlohmann::json parsed = parse_with_python(junit_of(compile_error_report()));
  CHECK(parsed["suite"]["failures"] == "7");
  CHECK(parsed["properties"]["verdict"] == "compile_error");
  for (const auto& item : parsed["cases"]) {
    CHECK(item["type"] == "compile_error");
    CHECK_THAT(item["text"].get<std::string>(), Catch::Contains("identifier \"acc\" is undefined"));
    CHECK_THAT(item["text"].get<std::string>(), Catch::Contains("1 error detected"));
  }
}

TEST_CASE("XML escaping keeps line breaks in attributes and replaces what XML cannot hold", "[junit]") {
  CHECK(xml_attribute("a\nb\tc\"d'") == "a&#10;b&#9;c&quot;d&apos;");
  CHECK(xml_text("a\nb < c & d > e") == "a\nb &lt; c &amp; d &gt; e");
  CHECK(xml_text("\x7f\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == "\x7f\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  CHECK(xml_text("\xc0\xaf") == "\xef\xbf\xbd\xef\xbf\xbd");                  // an overlong '/'
  CHECK(xml_text("\xed\xa0\x80") == "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");  // a surrogate
  CHECK(xml_text("\xef\xbf\xbe") == "\xef\xbf\xbd");                          // U+FFFE, not a character
  CHECK(xml_text("\xe2\x82") == "\xef\xbf\xbd\xef\xbf\xbd");                  // cut short
}

// xmllint (libxml2-utils, installed by scripts/install-deps.sh) against tests/data/schemas/junit-ci.xsd, the
// rules of Jenkins' junit-10.xsd: a report that breaks them (`skipped` on <testsuites>, as before 2026-11-25)
// is rejected by the stricter CI readers.
std::string xmllint_verdict(const std::string& xml) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "report.xml", std::ios::binary) << xml;
  const std::string command =
      fmt::format("xmllint --noout --schema '{}/tests/data/schemas/junit-ci.xsd' '{}' > '{}' 2>&1",
                  CUDAGRADE_SOURCE_ROOT, (dir.path() / "report.xml").string(), (dir.path() / "out.txt").string());
  const int status = std::system(command.c_str());
  return (status == 0 ? "valid\n" : "invalid\n") + read_file(dir.path() / "out.txt");
}

TEST_CASE("the JUnit report validates against the CI schema with xmllint, and a broken one does not", "[junit]") {
  for (const GradeReport& report : {sample_report(), compile_error_report(), testing::sample_report()}) {
    const std::string verdict = xmllint_verdict(junit_of(report));
    INFO(verdict);
    CHECK(verdict.rfind("valid\n", 0) == 0);
  }
  std::string broken = junit_of(sample_report());
  broken.replace(broken.find("<testsuites name=\"cudagrade\""), 27, "<testsuites skipped=\"1\" name=\"cudagrade\"");
  CHECK_THAT(xmllint_verdict(broken), Catch::StartsWith("invalid") && Catch::Contains("skipped"));
}

TEST_CASE("an efficiency case's figure, thresholds and counter are facts in its system-out", "[junit][efficiency]") {
  const std::string xml = junit_of(testing::with_efficiency_case(sample_report()));
  CHECK_THAT(xml, Catch::Contains("efficiency_metric: global_traffic_ratio\nefficiency_value: 21.67\n"
                                  "efficiency_full: 4\nefficiency_zero: 48\nefficiency_points: 0.5 / 1\n"
                                  "efficiency_grades: case\ncounted_by: simulator\n"));
  const nlohmann::json parsed = parse_with_python(xml);
  CHECK(parsed["root"] == "testsuites");
}

}  // namespace
}  // namespace cudagrade
