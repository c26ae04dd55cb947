// The runner's profile field read, added up per line and judged: the words a student reads for a coalesced
// load, a strided one and a bank conflict.
#include "check/access_profile.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

const std::string kSource = "int a;\n  x = in[i];   \n  y = in[i * 32];\n  tile[t][u] = x;\n";

TEST_CASE("the runner's profile field is read record by record, and anything else is refused", "[profile]") {
  const auto counts = parse_access_counts("0x1a2b,g,l,4,10,40,40;0x1a40,s,s,4,8,256,8");
  REQUIRE(counts);
  REQUIRE(counts->size() == 2);
  CHECK((*counts)[0].code_offset == 0x1a2b);
  CHECK((*counts)[0].space == MemorySpace::kGlobal);
  CHECK_FALSE((*counts)[0].store);
  CHECK((*counts)[1].space == MemorySpace::kShared);
  CHECK((*counts)[1].store);
  CHECK((*counts)[1].units == 256);
  CHECK(parse_access_counts("")->empty());
  CHECK_FALSE(parse_access_counts("0x1,g,l,4,10,40"));        // a field short
  CHECK_FALSE(parse_access_counts("0x1,x,l,4,10,40,40"));     // no such space
  CHECK_FALSE(parse_access_counts("0x1,g,l,64,10,40,40"));    // no access is that wide
  CHECK_FALSE(parse_access_counts("0x1,g,l,4,ten,40,40"));
}

TEST_CASE("counts of one code address add up across cases, others stay apart", "[profile]") {
  std::vector<AccessCount> counts = *parse_access_counts("0x10,g,l,4,10,40,40");
  add_access_counts(counts, *parse_access_counts("0x10,g,l,4,5,20,20;0x10,g,s,4,1,4,4"));
  REQUIRE(counts.size() == 2);
  CHECK(counts[0].instructions == 15);
  CHECK(counts[0].units == 60);
  CHECK(counts[1].store);
}

TEST_CASE("lines are judged in the lectures' terms, the most wasteful first", "[profile]") {
  // Two code addresses of line 2 (a loop unrolled), one strided load on line 3, a conflicted store on line 4,
  // and an address outside the student's file, which is left out.
  const auto counts = *parse_access_counts(
      "0x10,g,l,4,10,40,40;0x18,g,l,4,10,40,40;0x20,g,l,4,20,640,80;0x30,s,s,4,8,256,8;0x99,g,l,4,1,32,4");
  const std::vector<AccessProfileLine> lines = profile_lines(counts, {{0x10, 2}, {0x18, 2}, {0x20, 3}, {0x30, 4}}, kSource);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].line == 3);  // 560 sectors more than needed
  CHECK(lines[0].source == "y = in[i * 32];");
  CHECK(describe_cost(lines[0]) == "32.0 sectors/request (ideal 4.0): uncoalesced, 8.0x the traffic");
  CHECK_THAT(lines[0].advice, Catch::Contains("let threadIdx.x index the contiguous") || Catch::Contains("Let threadIdx.x"));
  CHECK(lines[1].line == 4);
  CHECK(lines[1].space == MemorySpace::kShared);
  CHECK(describe_cost(lines[1]) == "32.0 wavefronts/request (ideal 1.0): 32.0-way bank conflict");
  CHECK_THAT(lines[1].advice, Catch::Contains("[TILE][TILE+1]"));
  CHECK(lines[2].line == 2);
  CHECK(lines[2].instructions == 20);
  CHECK(describe_cost(lines[2]) == "4.0 sectors/request (ideal 4.0): coalesced");
  CHECK(lines[2].advice.empty());
}

}  // namespace
}  // namespace cudagrade
