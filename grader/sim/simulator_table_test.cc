// docs/SIMULATOR.md stays true: every construct it lists as supported is declared in the simulator's headers,
// and its list of refused constructs is the rewriter's, token for token.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/command_runner.h"
#include "core/files.h"
#include "core/paths.h"
#include "sim/rewriter.h"
#include "sim/source_scan.h"
#include "core/temp_dir.h"

namespace cudagrade {
namespace {

// The rows of one "## " section's table: each row's cells, trimmed.
std::vector<std::vector<std::string>> table_rows(const std::string& document, const std::string& heading) {
  std::istringstream lines(document);
  std::vector<std::vector<std::string>> rows;
  bool inside = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("## ", 0) == 0) inside = line == "## " + heading;
    if (!inside || line.rfind("| ", 0) != 0 || line.rfind("| ---", 0) == 0) continue;
    std::vector<std::string> cells;
    std::istringstream parts(line.substr(1));
    for (std::string cell; std::getline(parts, cell, '|');) cells.push_back(trim(cell));
    rows.push_back(cells);
  }
  if (!rows.empty()) rows.erase(rows.begin());  // the header row
  return rows;
}

std::string unquoted(const std::string& cell) {
  return cell.size() >= 2 && cell.front() == '`' && cell.back() == '`' ? cell.substr(1, cell.size() - 2) : cell;
}

// The simulator's headers, what its rewriter puts before every file, and what the device pass's command line
// defines (__CUDA_ARCH__), as #define lines.
std::string simulator_headers() {
  const std::filesystem::path include = ProjectPaths::discover("", "").grader_dir() / "cusim" / "include";
  std::string text = rewrite_for_simulator("", "empty.cu").text + "\n";
  for (std::string define : pass_defines(Pass::kDevice)) {
    define = define.substr(2);  // "-D"
    std::replace(define.begin(), define.end(), '=', ' ');
    text += "#define " + define + "\n";
  }
  for (const auto& entry : std::filesystem::recursive_directory_iterator(include)) {
    if (entry.is_regular_file()) text += read_file(entry.path()) + "\n";
  }
  return text;
}

std::string simulator_document() {
  return read_file(ProjectPaths::discover("", "").root / "docs" / "SIMULATOR.md");
}

TEST_CASE("every construct docs/SIMULATOR.md lists as supported is declared in the simulator's headers or rewriter",
          "[sim][simulator_table]") {
  const auto rows = table_rows(simulator_document(), "Supported");
  REQUIRE(rows.size() >= 20);
  const SourceScan headers(simulator_headers());
  for (const auto& row : rows) {
    const std::string name = unquoted(row.at(0));
    INFO(name);
    CHECK_FALSE(headers.find_tokens(name).empty());
  }
}

TEST_CASE("docs/SIMULATOR.md's refused constructs are the rewriter's, token for token", "[sim][simulator_table]") {
  std::set<std::pair<std::string, std::string>> documented, refused;
  for (const auto& row : table_rows(simulator_document(), "Refused")) documented.insert({unquoted(row.at(0)), row.at(1)});
  for (const UnsupportedConstruct& entry : unsupported_constructs()) refused.insert({entry.token, entry.construct});
  CHECK(documented == refused);
}

}  // namespace
}  // namespace cudagrade

namespace cudagrade {
namespace {

// NAME -> value, from `g++ -dM`'s "#define NAME VALUE" lines.
std::map<std::string, std::string> defined_macros(const std::string& dump) {
  std::map<std::string, std::string> macros;
  std::istringstream lines(dump);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("#define ", 0) != 0) continue;
    const size_t name_end = line.find_first_of(" (", 8);
    macros[line.substr(8, name_end - 8)] = name_end == std::string::npos ? "" : line.substr(name_end + 1);
  }
  return macros;
}

TEST_CASE("each pass defines nvcc 13.0's predefined macros with nvcc's values, and the device pass's alone only there",
          "[sim][simulator_table][passes]") {
  const ProjectPaths paths = ProjectPaths::discover("", "");
  std::map<std::string, std::map<std::string, std::string>> nvcc;  // pass -> name -> value
  std::istringstream listed(read_file(paths.root / "tests" / "data" / "nvcc" / "predefined-13.0.txt"));
  for (std::string pass, define; listed >> pass >> define;) {
    if (pass == "#") {
      std::getline(listed, define);
      continue;
    }
    const size_t equals = define.find('=');
    nvcc[pass][define.substr(0, equals)] = equals == std::string::npos ? "1" : define.substr(equals + 1);
  }
  REQUIRE(nvcc["device"].size() == 12);
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "empty.cu") << "\n";
  SubprocessCommandRunner runner;
  for (const auto& [name, pass] : {std::pair{"device", Pass::kDevice}, std::pair{"host", Pass::kHost}}) {
    std::vector<std::string> command = {"g++", "-std=c++17", "-E", "-dM", "-x", "c++", "-include", "cusim.h",
                                        "-I" + (paths.grader_dir() / "cusim" / "include").string()};
    for (const std::string& define : pass_defines(pass)) command.push_back(define);
    command.insert(command.end(), {(dir.path() / "empty.cu").string(), "-o", (dir.path() / "macros.txt").string()});
    const CommandResult run = runner.run(command, std::chrono::seconds(60));
    INFO(run.output);
    REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
    const std::map<std::string, std::string> simulated = defined_macros(read_file(dir.path() / "macros.txt"));
    for (const auto& [macro, value] : nvcc[name]) {
      INFO(name << " pass: " << macro);
      REQUIRE(simulated.count(macro) == 1);
      CHECK(simulated.at(macro) == value);
    }
    for (const auto& [macro, value] : nvcc["device"]) {
      INFO(name << " pass: " << macro);
      if (nvcc["host"].count(macro) == 0) CHECK(simulated.count(macro) == (pass == Pass::kDevice ? 1u : 0u));
    }
    CHECK(simulated.count("__CUSIM_HOST_PASS__") == 0);
  }
}

}  // namespace
}  // namespace cudagrade
