// docs/SIMULATOR.md stays true: every construct it lists as supported is declared in the simulator's headers,
// and its list of refused constructs is the rewriter's, token for token.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
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

// The #define lines of `g++ -dM` (or of tests/data/nvcc/'s dumps of nvcc's), by name.
std::map<std::string, std::string> definitions(const std::string& dump) {
  std::map<std::string, std::string> found;
  std::istringstream lines(dump);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("#define ", 0) != 0) continue;
    found[line.substr(8, line.find_first_of(" (", 8) - 8)] = line;
  }
  return found;
}

std::map<std::string, std::string> nvcc_definitions(const std::string& pass) {
  return definitions(read_file(ProjectPaths::discover("", "").root / "tests" / "data" / "nvcc" /
                               ("macros-13.0-" + pass + ".txt")));
}

// g++ as the simulator's student compile runs it on a file of `pass` (sim/sim_toolchain.cc's flags), with
// `flags` added; the file's path goes last.
std::vector<std::string> simulator_compile(Pass pass, std::vector<std::string> flags) {
  std::vector<std::string> command = {"g++", "-std=c++17"};
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), {"-x", "c++", "-include", "cusim.h",
                                 "-I" + (ProjectPaths::discover("", "").grader_dir() / "cusim" / "include").string()});
  for (const std::string& define : pass_defines(pass)) command.push_back(define);
  return command;
}

// The simulator's student compile of an empty file, preprocessed with -dM (sim/sim_toolchain.cc's flags).
std::map<std::string, std::string> simulator_definitions(Pass pass) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "empty.cu") << "\n";
  std::vector<std::string> command = simulator_compile(pass, {"-O2", "-fsanitize=thread", "-fsanitize=alignment"});
  command.insert(command.end(), {"-E", "-dM", (dir.path() / "empty.cu").string(), "-o", (dir.path() / "macros.txt").string()});
  SubprocessCommandRunner runner;
  const CommandResult run = runner.run(command, std::chrono::seconds(60));
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  return definitions(read_file(dir.path() / "macros.txt"));
}

TEST_CASE("each pass defines the macro names nvcc 13.0 defines for an empty file, and no others, with nvcc's values",
          "[sim][simulator_table][passes]") {
  // Their values are the simulator's own, and must be: they are what makes CUDA's keywords C++.
  const std::set<std::string> keywords = {"__global__", "__device__", "__host__", "__shared__", "__constant__",
                                          "__forceinline__", "__launch_bounds__"};
  for (const auto& [name, pass] : {std::pair{std::string("device"), Pass::kDevice}, std::pair{std::string("host"), Pass::kHost}}) {
    const std::map<std::string, std::string> nvcc = nvcc_definitions(name);
    REQUIRE(nvcc.size() > 2000);
    const std::map<std::string, std::string> simulated = simulator_definitions(pass);
    for (const auto& [macro, line] : nvcc) {
      INFO(name << " pass, defined by nvcc: " << line);
      REQUIRE(simulated.count(macro) == 1);
      if (keywords.count(macro) == 0) CHECK(simulated.at(macro) == line);
    }
    for (const auto& [macro, line] : simulated) {
      INFO(name << " pass, defined by the simulator: " << line);
      CHECK(nvcc.count(macro) == 1);
    }
  }
}

// tests/data/nvcc/device-functions-13.0.txt: the device functions CUDA 13.0 declares.
std::vector<std::string> cuda_device_functions() {
  std::vector<std::string> names;
  std::istringstream listed(read_file(ProjectPaths::discover("", "").root / "tests" / "data" / "nvcc" /
                                      "device-functions-13.0.txt"));
  for (std::string name; std::getline(listed, name);) names.push_back(name);
  return names;
}

// g++'s errors for each of `lines` when the simulator's device pass compiles `prelude` and then `lines`, one a
// line: one compile, every error reported, each at the line that expands a macro rather than at its #define.
std::vector<std::string> errors_per_line(const std::string& prelude, const std::vector<std::string>& lines) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream source(dir.path() / "lines.cc");
  source << prelude;
  for (const std::string& line : lines) source << line << "\n";
  source.close();
  std::vector<std::string> command =
      simulator_compile(Pass::kDevice, {"-fsyntax-only", "-fmax-errors=0", "-ftrack-macro-expansion=0"});
  command.push_back((dir.path() / "lines.cc").string());
  SubprocessCommandRunner runner;
  const CommandResult run = runner.run(command, std::chrono::seconds(120), 64 << 20);
  const size_t first_line = 1 + std::count(prelude.begin(), prelude.end(), '\n');
  std::vector<std::string> errors(lines.size());
  const std::regex error_line(R"(lines\.cc:(\d+):\d+: error: ([^\n]*))");
  for (auto it = std::sregex_iterator(run.output.begin(), run.output.end(), error_line); it != std::sregex_iterator(); ++it) {
    const size_t line = std::stoul((*it)[1]);
    if (line >= first_line && line - first_line < lines.size()) errors[line - first_line] += (*it)[2].str();
  }
  return errors;
}

// The names of `names` that the simulator's device pass does not declare at global scope: g++ refuses
// `using ::name;` for exactly those.
std::set<std::string> undeclared_in_simulator(const std::vector<std::string>& names) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < names.size(); ++i) lines.push_back(fmt::format("namespace p{} {{ using ::{}; }}", i, names[i]));
  const std::vector<std::string> errors = errors_per_line("", lines);
  std::set<std::string> undeclared;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!errors[i].empty()) undeclared.insert(names[i]);
  }
  return undeclared;
}

// A shell-style pattern where '*' stands for any run of characters.
bool matches(std::string_view pattern, std::string_view name) {
  if (pattern.empty()) return name.empty();
  if (pattern.front() == '*') {
    for (size_t skip = 0; skip <= name.size(); ++skip) {
      if (matches(pattern.substr(1), name.substr(skip))) return true;
    }
    return false;
  }
  return !name.empty() && pattern.front() == name.front() && matches(pattern.substr(1), name.substr(1));
}

TEST_CASE("every device function CUDA 13.0 declares is the simulator's too, or docs/SIMULATOR.md says why not",
          "[sim][simulator_table]") {
  const std::vector<std::string> names = cuda_device_functions();
  REQUIRE(names.size() > 1000);
  const std::set<std::string> undeclared = undeclared_in_simulator(names);
  std::vector<std::string> patterns;
  for (const auto& row : table_rows(simulator_document(), "Device functions left out")) {
    std::istringstream cell(row.at(0));
    for (std::string pattern; cell >> pattern;) patterns.push_back(unquoted(pattern));
  }
  REQUIRE_FALSE(patterns.empty());
  for (const std::string& name : undeclared) {
    INFO(name << " is CUDA's and not the simulator's: declare it in cusim, or list it in docs/SIMULATOR.md");
    CHECK(std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return matches(p, name); }));
  }
  for (const std::string& pattern : patterns) {
    INFO(pattern << " is listed as left out, but the simulator declares every name it matches");
    CHECK(std::any_of(undeclared.begin(), undeclared.end(), [&](const std::string& n) { return matches(pattern, n); }));
  }
}

// Issue #33: after <cuda_fp16.h> and <cuda_bf16.h>, a half or bfloat16 name is the rewriter's marker, so a file
// that uses one is unsupported (naming the construct), never a plain compile error.
TEST_CASE("every half and bfloat16 function CUDA 13.0 declares is a marker after the headers' pages",
          "[sim][simulator_table]") {
  std::vector<std::string> names;
  for (const std::string& name : cuda_device_functions()) {
    if (name.rfind("__internal", 0) == 0) continue;  // CUDA's plumbing, a row of its own
    if (name.find("half") != std::string::npos || name.find("bfloat") != std::string::npos ||
        name.rfind("h2", 0) == 0 || name == "hsqrt" || name == "__hadd" || name == "__low2float") {
      names.push_back(name);
    }
  }
  REQUIRE(names.size() > 150);
  std::vector<std::string> uses;
  for (size_t i = 0; i < names.size(); ++i) uses.push_back(fmt::format("void use_{}() {{ {}; }}", i, names[i]));
  const std::vector<std::string> errors = errors_per_line("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n", uses);
  for (size_t i = 0; i < names.size(); ++i) {
    INFO(names[i] << ": " << errors[i]);
    CHECK_THAT(errors[i], Catch::Contains(std::string(kUnsupportedMarker)));
  }
}

// g++'s log of `#include <header>` in the simulator's device pass, or "" when it compiles.
std::string include_failure(const std::string& header) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "includes.cc") << "#include <" << header << ">\n";
  std::vector<std::string> command = simulator_compile(Pass::kDevice, {"-fsyntax-only"});
  command.push_back((dir.path() / "includes.cc").string());
  SubprocessCommandRunner runner;
  const CommandResult run = runner.run(command, std::chrono::seconds(60));
  return run.outcome == CommandResult::Outcome::kSucceeded ? "" : run.output + " ";
}

// What nvcc 13.0's two passes open for an empty file (the line markers of the preprocessed text), less crt/:
// a file may include any of them by name, and libcu++'s plain headers too.
TEST_CASE("CUDA's headers can be included by name, as under nvcc; libcu++'s unmodelled ones are unsupported",
          "[sim][simulator_table]") {
  for (const char* header : {"builtin_types.h",
                             "channel_descriptor.h",
                             "cuda_device_runtime_api.h",
                             "cuda_runtime.h",
                             "cuda_runtime_api.h",
                             "cuda.h",
                             "cuda_fp16.h",
                             "cuda_bf16.h",
                             "cuda_profiler_api.h",
                             "device_atomic_functions.h",
                             "device_launch_parameters.h",
                             "device_types.h",
                             "driver_functions.h",
                             "driver_types.h",
                             "library_types.h",
                             "sm_20_atomic_functions.h",
                             "sm_20_intrinsics.h",
                             "sm_30_intrinsics.h",
                             "sm_32_atomic_functions.h",
                             "sm_32_intrinsics.h",
                             "sm_35_atomic_functions.h",
                             "sm_35_intrinsics.h",
                             "sm_60_atomic_functions.h",
                             "sm_61_intrinsics.h",
                             "surface_indirect_functions.h",
                             "surface_types.h",
                             "texture_indirect_functions.h",
                             "texture_types.h",
                             "vector_functions.h",
                             "vector_types.h",
                             "device_functions.h",
                             "math_functions.h",
                             "math_constants.h",
                             "cooperative_groups.h",
                             "cuda/std/limits",
                             "cuda/std/cmath",
                             "cuda/std/cstdint",
                             "cuda/std/utility",
                             "cuda/std/type_traits",
                             "cuda/std/array"}) {
    INFO(header);
    CHECK(include_failure(header).empty());
  }
  for (const auto& [header, construct] :
       {std::pair{"cuda/pipeline", "asynchronous copies"}, std::pair{"cuda/barrier", "asynchronous barriers"},
        std::pair{"cuda/atomic", "libcu++ atomics"}, std::pair{"cuda/std/atomic", "libcu++ atomics"}}) {
    const std::string log = include_failure(header);
    INFO(header << ": " << log);
    const std::optional<UnsupportedUse> use = unsupported_use_in_log(log, "includes.cc");
    REQUIRE(use.has_value());
    CHECK_THAT(use->construct, Catch::Contains(construct));
  }
}

}  // namespace
}  // namespace cudagrade
