// Where a student's object keeps writable data, on readelf's listings of real objects: what g++ (with the
// simulator's ThreadSanitizer flags) and nvcc 13 make for honest files passes, and a section of the file's own
// naming, which the simulator would not watch as device memory, is refused.
#include "compile/static_storage.h"

#include <catch2/catch.hpp>

#include "testing/elf_listings.h"

namespace cudagrade {
namespace {

using testing::captured_listing;
using testing::listing_of_source;

TEST_CASE("honest objects of both compilers keep their writable data where the simulator watches it",
          "[static_storage]") {
  for (const char* name : {"gxx_honest.txt", "gxx_tsan_honest.txt", "nvcc_honest.txt", "gxx_init_and_fini_pointers.txt"}) {
    INFO(name);
    const ElfListing object = captured_listing(name);
    REQUIRE(object.declared_sections);
    CHECK(*object.declared_sections == object.sections.size());
    CHECK(judge_static_storage(object).outcome == StaticStorageVerdict::Outcome::kAllowed);
  }
  // Device arrays, a template's static, host state, an initialised table: .data, .bss and .bss.<name>.
  const ElfListing object = listing_of_source(R"(
float device_table[256];
float device_init[4] = {1, 2, 3, 4};
template <int N> float* scratch() { static float s[N]; return s; }
float* use() { device_table[1] = device_init[2]; return scratch<64>(); }
)", {"-fsanitize=thread"});
  CHECK(judge_static_storage(object).outcome == StaticStorageVerdict::Outcome::kAllowed);
}

TEST_CASE("a writable section of the file's own naming is refused, and named", "[static_storage]") {
  const ElfListing object = listing_of_source(R"(
__attribute__((section("stash"))) float remembered[4096];
float* where() { return remembered; }
)");
  const StaticStorageVerdict verdict = judge_static_storage(object);
  CHECK(verdict.outcome == StaticStorageVerdict::Outcome::kOwnSection);
  CHECK(verdict.section == "stash");
  CHECK_THAT(describe_static_storage_refusal(verdict), Catch::Contains("stash"));
  // A name under .data is watched, however it is spelled: the simulator's link script takes .data.*.
  CHECK(judge_static_storage(listing_of_source("__attribute__((section(\".data.stash\"))) float kept[16];\n"
                                               "float* where() { return kept; }\n"))
            .outcome == StaticStorageVerdict::Outcome::kAllowed);
}

// g++ reaches thread_local storage through the thread pointer, outside the bounds the simulator watches; the
// symbol policy used to refuse it only because it names the GOT, which <iostream> does too.
TEST_CASE("thread_local storage is refused, and named", "[static_storage]") {
  for (const char* source : {"thread_local int calls;\nint count() { return ++calls; }\n",
                             "struct Memo { Memo(); float value; };\nthread_local Memo memo;\n"
                             "float recall() { return memo.value; }\n",
                             "static thread_local float last[64] = {1};\nfloat* where() { return last; }\n"}) {
    INFO(source);
    const StaticStorageVerdict verdict = judge_static_storage(listing_of_source(source, {"-fsanitize=thread"}));
    CHECK(verdict.outcome == StaticStorageVerdict::Outcome::kThreadLocal);
    CHECK_THAT(describe_static_storage_refusal(verdict), Catch::Contains("thread_local") && Catch::Contains(".t"));
  }
}

// The assembler takes a quoted section name, spaces and all.
TEST_CASE("a section readelf lists in a form the check cannot read is refused, not skipped", "[static_storage]") {
  const ElfListing object = listing_of_source(R"(
__attribute__((section("\"my stash\""))) float remembered[4096];
float* where() { return remembered; }
)");
  REQUIRE(object.declared_sections);
  CHECK(*object.declared_sections > object.sections.size());
  CHECK(judge_static_storage(object).outcome == StaticStorageVerdict::Outcome::kUnlistedSections);
}

}  // namespace
}  // namespace cudagrade
