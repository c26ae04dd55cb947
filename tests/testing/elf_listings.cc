#include "testing/elf_listings.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "compile/symbol_policy.h"
#include "core/command_runner.h"
#include "core/files.h"
#include "core/paths.h"
#include "core/temp_dir.h"

namespace cudagrade::testing {

ElfListing captured_listing(const std::string& name) {
  return parse_readelf(read_file(ProjectPaths::discover("", "").root / "tests" / "data" / "readelf" / name));
}

namespace {

// `source` compiled by g++ into an object, which `list` (a command ending in the object's path) lists.
std::string object_listing(const std::string& source, const std::vector<std::string>& flags,
                           std::vector<std::string> list) {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "file.cc") << source;
  SubprocessCommandRunner runner;
  std::vector<std::string> command = {"g++", "-std=c++17", "-O2"};
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), {"-c", (dir.path() / "file.cc").string(), "-o", (dir.path() / "file.o").string()});
  CommandResult built = runner.run(command, std::chrono::seconds(60));
  INFO(built.output);
  REQUIRE(built.outcome == CommandResult::Outcome::kSucceeded);
  list.push_back((dir.path() / "file.o").string());
  CommandResult listed = runner.run(list, std::chrono::seconds(60), 16 << 20);
  REQUIRE(listed.outcome == CommandResult::Outcome::kSucceeded);
  return listed.output;
}

}  // namespace

ElfListing listing_of_source(const std::string& source, const std::vector<std::string>& flags) {
  return parse_readelf(object_listing(source, flags, {"readelf", "-W", "-S", "-s", "-r"}));
}

ObjectSymbols symbols_of_source(const std::string& source, const std::vector<std::string>& flags) {
  return parse_nm_posix(object_listing(source, flags, {"nm", "--format=posix"}));
}

}  // namespace cudagrade::testing
