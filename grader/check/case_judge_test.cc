// The speed-of-light judge: a trusted kernel that computes no answer is held to what any honest run leaves.
#include "check/case_judge.h"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstring>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

uint32_t word_of(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  return word;
}

std::vector<uint32_t> input_words() {
  std::vector<uint32_t> words;
  for (int i = 0; i < 8; ++i) words.push_back(word_of(static_cast<float>(i)));
  return words;
}

Workload copy_workload() {
  Workload workload;
  workload.dims = {2, 4};
  HostBuffer in{"in", BufferRole::kInput, ElementType::kFloat32, 2, 4, 8, {}};
  in.bytes = bytes_of(input_words());
  workload.buffers.push_back(in);
  workload.buffers.push_back({"out", BufferRole::kOutput, ElementType::kFloat32, 4, 2, 8, {}});
  return workload;
}

// Plays the runner: writes words into one buffer of set 0.
void write_words(const Arena& arena, size_t buffer, size_t first, const std::vector<uint32_t>& words) {
  int fd = open(arena.path().c_str(), O_WRONLY);
  REQUIRE(fd >= 0);
  const protocol::ArenaBuffer& where = arena.descriptor(0, buffer);
  const off_t offset = static_cast<off_t>(where.file_offset + where.guard_bytes + 4 * first);
  REQUIRE(pwrite(fd, words.data(), 4 * words.size(), offset) == static_cast<ssize_t>(4 * words.size()));
  close(fd);
}

struct Write {
  size_t buffer, first;
  std::vector<uint32_t> words;
};

// A fresh arena (collecting one frees its file), the runner's writes, and the judge's verdict on them.
CheckOutcome judged_after(const std::vector<Write>& writes) {
  TempDir dir(TempDir::Medium::kMemory);
  const Workload workload = copy_workload();
  const std::vector<Workload> sets = {workload};
  Arena arena(dir.path() / "arena", sets);
  for (const Write& write : writes) write_words(arena, write.buffer, write.first, write.words);
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  return judge_speed_of_light_set(workload, arena, 0);
}

TEST_CASE("a speed of light passes on a whole output it did not compute, and not on a partial one", "[judge]") {
  const std::vector<uint32_t> in = input_words();
  CheckOutcome nothing = judged_after({});
  CHECK(nothing.status == CaseStatus::kWrongAnswer);
  CHECK(nothing.message == "8 of 8 elements of out were never written");

  // A copy: every element written, none where a transpose puts it.
  CHECK(judged_after({{1, 0, in}}).status == CaseStatus::kPassed);

  CheckOutcome partial = judged_after({{1, 0, std::vector<uint32_t>(in.begin(), in.begin() + 6)}});
  CHECK(partial.status == CaseStatus::kWrongAnswer);
  CHECK(partial.message == "2 of 8 elements of out were never written");

  // A changed input is refused as in any trusted run.
  CheckOutcome changed = judged_after({{1, 0, in}, {0, 3, {word_of(99.0f)}}});
  CHECK(changed.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(changed.message, Catch::StartsWith("input in was modified: 1 element(s) changed"));
}

}  // namespace
}  // namespace cudagrade
