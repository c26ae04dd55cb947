// docs/SIMULATOR.md stays true: every construct it lists as supported is declared in the simulator's headers,
// and its list of refused constructs is the rewriter's, token for token.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "core/files.h"
#include "core/paths.h"
#include "sim/rewriter.h"
#include "sim/source_scan.h"

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

// The simulator's headers, and what its rewriter puts before every file (it defines __CUDA_ARCH__).
std::string simulator_headers() {
  const std::filesystem::path include = ProjectPaths::discover("", "").grader_dir() / "cusim" / "include";
  std::string text = rewrite_for_simulator("", "empty.cu").text + "\n";
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
