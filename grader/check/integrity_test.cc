// The arena as the grader lays it out, and the checks on what comes back in it. Tests play the runner's part
// by writing into the arena's data directly.
#include "check/integrity.h"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

uint32_t word_of(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  return word;
}

Workload small_workload() {
  Workload workload;
  workload.dims = {2, 3, 4};
  HostBuffer a{"A", BufferRole::kInput, ElementType::kFloat32, 2, 3, 6, {}};
  a.bytes = bytes_of(std::vector<float>{0, 1, 2, 3, 4, 5});
  workload.buffers.push_back(a);
  workload.buffers.push_back({"C", BufferRole::kOutput, ElementType::kFloat32, 2, 4, 8, {}});
  workload.buffers.push_back({"scratch", BufferRole::kScratch, ElementType::kInt32, 1, 5, 5, {}});
  return workload;
}

// Plays the runner: writes one word into the arena file.
void poke(const Arena& arena, uint64_t byte_offset, uint32_t word) {
  int fd = open(arena.path().c_str(), O_WRONLY);
  REQUIRE(fd >= 0);
  REQUIRE(pwrite(fd, &word, sizeof word, static_cast<off_t>(byte_offset)) == sizeof word);
  close(fd);
}

uint64_t data_offset(const Arena& arena, size_t set, size_t buffer) {
  return arena.descriptor(set, buffer).file_offset + arena.descriptor(set, buffer).guard_bytes;
}

TEST_CASE("an arena holds inputs as sent, poisoned outputs, garbage scratch and intact guards", "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  Workload workload = small_workload();
  const std::vector<Workload> sets = {workload, workload};
  Arena arena(dir.path() / "arena", sets);
  CHECK(arena.set_count() == 2);
  CHECK(std::filesystem::file_size(arena.path()) == Arena::bytes_needed(sets));
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  for (size_t set = 0; set < 2; ++set) {
    CHECK(arena.data(set, 0).same_bytes(workload.buffers[0].elements()));
    for (size_t i = 0; i < 8; ++i) CHECK(arena.data(set, 1).bits(i) == kFloatPoison);
    for (size_t i = 0; i < 5; ++i) CHECK(arena.data(set, 2).bits(i) == kScratchGarbage);
    CHECK(count_unwritten(arena.data(set, 1)) == 8);
    for (size_t buffer = 0; buffer < 3; ++buffer) {
      CHECK(data_offset(arena, set, buffer) % protocol::kRegionAlignment == 0);
      CHECK(arena.front_guard(set, buffer).size() == guard_bytes_for(workload.buffers[buffer].size() * 4));
    }
  }
  CHECK_FALSE(describe_guard_damage(arena, 0, workload));
  CHECK_FALSE(describe_input_changes(arena, 0, workload));
}

TEST_CASE("the arena file is removed with the arena", "[arena]") {
  TempDir dir(TempDir::Medium::kDisk);
  std::filesystem::path path = dir.path() / "arena";
  {
    Arena arena(path, {small_workload()});
    CHECK(std::filesystem::exists(path));
  }
  CHECK_FALSE(std::filesystem::exists(path));
  Arena collected(path, {small_workload()});
  REQUIRE(collected.collect() == Arena::CollectOutcome::kCollected);
  CHECK_FALSE(std::filesystem::exists(path));  // collecting frees the file at once
}

TEST_CASE("an arena cut short by the runner is reported, not read past its end", "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  Arena arena(dir.path() / "arena", {small_workload()});
  REQUIRE(truncate(arena.path().c_str(), 100) == 0);
  CHECK(arena.collect() == Arena::CollectOutcome::kTampered);
}

TEST_CASE("writes past either end of a buffer are found and located", "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  Workload workload = small_workload();
  Arena arena(dir.path() / "arena", {workload});
  const uint64_t c_end = data_offset(arena, 0, 1) + 8 * 4;
  poke(arena, c_end + 2 * 4, 0);
  poke(arena, c_end + 3 * 4, 0);
  poke(arena, data_offset(arena, 0, 2) - 4, 0);  // scratch[-1]
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  auto damage = describe_guard_damage(arena, 0, workload);
  REQUIRE(damage);
  CHECK_THAT(*damage, Catch::StartsWith("wrote 2 element(s) past the end of C (the first at C[10], 3 past its last "
                                        "element)"));
  CHECK_THAT(*damage,
             Catch::Contains("wrote 1 element(s) before the start of scratch (as far as 1 elements before it)"));
}

TEST_CASE("an input's guard copied past an output's end is found: every buffer's guard has a word of its own",
          "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  Workload workload = small_workload();
  Arena arena(dir.path() / "arena", {workload});
  const uint64_t a_end = data_offset(arena, 0, 0) + 6 * 4, c_end = data_offset(arena, 0, 1) + 8 * 4;
  uint32_t a_guard = 0;
  {
    int fd = open(arena.path().c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    REQUIRE(pread(fd, &a_guard, sizeof a_guard, static_cast<off_t>(a_end)) == sizeof a_guard);
    close(fd);
  }
  poke(arena, c_end, a_guard);  // C[8] = A[6]: a copy one element too far
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  auto damage = describe_guard_damage(arena, 0, workload);
  REQUIRE(damage);
  CHECK_THAT(*damage, Catch::StartsWith("wrote 1 element(s) past the end of C (the first at C[8], 1 past its last"));
}

TEST_CASE("changed inputs are found and located", "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  Workload workload = small_workload();
  Arena arena(dir.path() / "arena", {workload});
  poke(arena, data_offset(arena, 0, 0) + 4 * 4, word_of(100.0f));
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  auto changes = describe_input_changes(arena, 0, workload);
  REQUIRE(changes);
  CHECK(*changes ==
        "input A was modified: 1 element(s) changed, the first at A[row 1, col 1] (inputs must not be "
        "written)");
}

TEST_CASE("guards grow with the buffer, within bounds", "[arena]") {
  CHECK(guard_bytes_for(4) == 64 << 10);
  CHECK(guard_bytes_for(4 * 1000 * 1000) == 1000192);  // a quarter of 4 MB, rounded up to 256 bytes
  CHECK(guard_bytes_for(uint64_t{4} << 30) == 16 << 20);
  CHECK(guard_bytes_for(12345) % protocol::kRegionAlignment == 0);
}

// 1- and 8-byte elements: a uint8_t buffer of odd length ends its data in the middle of a word, so its back
// guard starts there; a double's poison is a NaN of its own.
Workload mixed_width_workload() {
  Workload workload;
  workload.dims = {7};
  HostBuffer pixels{"pixels", BufferRole::kInput, ElementType::kUint8, 1, 7, 7, {}};
  pixels.bytes = bytes_of(std::vector<uint8_t>{0, 1, 2, 250, 251, 252, 255});
  workload.buffers.push_back(pixels);
  workload.buffers.push_back({"gray", BufferRole::kOutput, ElementType::kUint8, 1, 7, 7, {}});
  workload.buffers.push_back({"mean", BufferRole::kOutput, ElementType::kFloat64, 1, 3, 3, {}});
  workload.buffers.push_back({"count", BufferRole::kOutput, ElementType::kInt64, 1, 2, 2, {}});
  return workload;
}

TEST_CASE("an arena carries 1- and 8-byte elements with their own poison and byte-exact guards", "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  const Workload workload = mixed_width_workload();
  Arena arena(dir.path() / "arena", {workload});
  CHECK(arena.descriptor(0, 1).element_type == static_cast<uint32_t>(ElementType::kUint8));
  CHECK(protocol::region_bytes(arena.descriptor(0, 1)) == 2 * arena.descriptor(0, 1).guard_bytes + 7);
  const uint64_t gray_end = data_offset(arena, 0, 1) + 7;
  const uint8_t byte = 9;
  {
    int fd = open(arena.path().c_str(), O_WRONLY);
    REQUIRE(fd >= 0);
    REQUIRE(pwrite(fd, &byte, 1, static_cast<off_t>(gray_end + 2)) == 1);  // gray[9]
    close(fd);
  }
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  CHECK(arena.data(0, 0).same_bytes(workload.buffers[0].elements()));
  CHECK(element_as<uint8_t>(arena.data(0, 0), 6) == 255);
  CHECK(arena.data(0, 1).bits(6) == kBytePoison);
  CHECK(arena.data(0, 2).bits(2) == kDoublePoison);
  CHECK(std::isnan(element_as<double>(arena.data(0, 2), 0)));
  CHECK(arena.data(0, 3).bits(1) == kInt64Poison);
  CHECK(count_unwritten(arena.data(0, 2)) == 3);
  CHECK(count_unwritten(arena.data(0, 3)) == 2);
  CHECK(count_unwritten(arena.data(0, 1)) == 0);  // a byte's poison is a value like any other
  auto damage = describe_guard_damage(arena, 0, workload);
  REQUIRE(damage);
  CHECK(*damage == "wrote 1 element(s) past the end of gray (the first at gray[9], 3 past its last element)");
}

TEST_CASE("a double written one element before its buffer is one element, whichever of its bytes changed", "[arena]") {
  TempDir dir(TempDir::Medium::kMemory);
  const Workload workload = mixed_width_workload();
  Arena arena(dir.path() / "arena", {workload});
  poke(arena, data_offset(arena, 0, 2) - 4, 0);  // the high half of mean[-1]
  REQUIRE(arena.collect() == Arena::CollectOutcome::kCollected);
  auto damage = describe_guard_damage(arena, 0, workload);
  REQUIRE(damage);
  CHECK(*damage == "wrote 1 element(s) before the start of mean (as far as 1 elements before it)");
}

}  // namespace
}  // namespace cudagrade
