// --race-check on the command line: what it accepts and what each choice asks of a grade; --no-similarity and
// --similarity-floor against the settings a folder already has.
#include "cli/command_support.h"

#include <catch2/catch.hpp>

#include "backend/sim_backend.h"
#include "testing/fake_backend.h"

namespace cudagrade {
namespace {

std::string parsed(const std::vector<std::string>& words) {
  CLI::App app;
  std::string race_check = "sim";
  add_race_check_option(app, race_check);
  std::vector<std::string> reversed(words.rbegin(), words.rend());  // CLI11 takes its arguments last first
  app.parse(reversed);
  return race_check;
}

TEST_CASE("the --race-check option takes sim, sanitizer or off, and sim when not given", "[cli]") {
  CHECK(parsed({}) == "sim");
  CHECK(parsed({"--race-check", "sanitizer"}) == "sanitizer");
  CHECK(parsed({"--race-check", "off"}) == "off");
  CHECK_THROWS_AS(parsed({"--race-check", "tsan"}), CLI::ValidationError);
}

TEST_CASE("on a GPU each choice asks for its checker; on the simulator none is needed", "[cli]") {
  TempDir scratch(TempDir::Medium::kDisk);
  testing::FakeBackend gpu(scratch.path());  // can time: a GPU-like backend
  SubprocessCommandRunner runner;
  const ProjectPaths paths = ProjectPaths::discover("", "");
  SimBackend sim(paths, runner);
  CHECK(race_check_for("sim", gpu) == RaceCheck::kSimulatorThenSanitizer);
  CHECK(race_check_for("sanitizer", gpu) == RaceCheck::kSanitizer);
  CHECK(race_check_for("off", gpu) == RaceCheck::kOff);
  CHECK(race_check_for("sim", sim) == RaceCheck::kOff);
  CHECK(race_check_for("sanitizer", sim) == RaceCheck::kOff);
  const std::unique_ptr<Backend> beside = race_checker_for(RaceCheck::kSimulatorThenSanitizer, gpu, paths, runner);
  REQUIRE(beside != nullptr);
  CHECK(beside->simulated());
  CHECK(beside->device_profile().name == "NVIDIA Fake GPU");  // the GPU's, not the simulator's default
  CHECK(beside->device_profile().multiprocessors == 7);
  CHECK(race_checker_for(RaceCheck::kSanitizer, gpu, paths, runner) == nullptr);
  CHECK(race_checker_for(RaceCheck::kOff, gpu, paths, runner) == nullptr);
}

SimilarityOptions similarity_after(const std::vector<std::string>& words, SimilarityOptions current = {}) {
  CLI::App app;
  SimilarityFlags flags;
  flags.add_to(app);
  std::vector<std::string> reversed(words.rbegin(), words.rend());
  app.parse(reversed);
  return flags.options(current);
}

TEST_CASE("the options --no-similarity and --similarity-floor change only what they say, and refuse nonsense", "[cli]") {
  SimilarityOptions folder;
  folder.floor = 0.8;
  CHECK(similarity_after({}, folder).floor == 0.8);  // a regrade keeps the folder's floor
  CHECK(similarity_after({}, folder).enabled);
  CHECK_FALSE(similarity_after({"--no-similarity"}, folder).enabled);
  CHECK(similarity_after({"--no-similarity"}, folder).floor == 0.8);
  folder.enabled = false;
  const SimilarityOptions back_on = similarity_after({"--similarity-floor", "0.7"}, folder);
  CHECK(back_on.enabled);
  CHECK(back_on.floor == 0.7);
  CHECK(similarity_after({"--similarity-floor", "1"}).floor == 1.0);
  CHECK_THROWS_AS(similarity_after({"--similarity-floor", "0"}), UsageError);
  CHECK_THROWS_AS(similarity_after({"--similarity-floor", "1.5"}), UsageError);
  CHECK_THROWS_AS(similarity_after({"--similarity-floor=-0.2"}), UsageError);
  CHECK_THROWS_AS(similarity_after({"--no-similarity", "--similarity-floor", "0.7"}), UsageError);
}

}  // namespace
}  // namespace cudagrade
