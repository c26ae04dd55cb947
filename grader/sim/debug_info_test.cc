// readelf's DWARF listing, read as sim/host_calls.h needs it: entries with their depth and parent, names
// (direct and indirect strings), declaration places, references, and the first unit's file table.
#include "sim/debug_info.h"

#include <catch2/catch.hpp>

#include "core/command_runner.h"
#include "core/temp_dir.h"

#include <fstream>

namespace cudagrade {
namespace {

// As binutils 2.40 prints it, cut down from a g++ 12 object.
constexpr const char* kListing = R"(Raw dump of debug contents of section .debug_line:

  Offset:                      0x0
  DWARF Version:               4

 The File Name Table (offset 0x120):
  Entry	Dir	Time	Size	Name
  1	0	0	0	reduction.cu
  2	1	0	0	cusim_warp_functions.h

 Line Number Statements:
  [0x0000026d]  Set column to 23

Contents of the .debug_info section:

  Compilation Unit @ offset 0x0:
 <0><c>: Abbrev Number: 94 (DW_TAG_compile_unit)
    <d>   DW_AT_name        : (indirect line string, offset: 0x0): reduction.cu
 <1><24a4>: Abbrev Number: 59 (DW_TAG_subprogram)
    <24a5>   DW_AT_external    : 1
    <24a5>   DW_AT_name        : (indirect string, offset: 0xce4): block_sums
    <24a9>   DW_AT_decl_file   : 1
    <24aa>   DW_AT_decl_line   : 4
    <24ab>   DW_AT_decl_column : 17
 <2><2519>: Abbrev Number: 72 (DW_TAG_lexical_block)
    <251a>   DW_AT_low_pc      : 0x9a
 <3><2542>: Abbrev Number: 73 (DW_TAG_inlined_subroutine)
    <2543>   DW_AT_abstract_origin: <0x2759>
    <2554>   DW_AT_call_file   : 1
    <2555>   DW_AT_call_line   : 10
 <3><2576>: Abbrev Number: 0
 <2><2580>: Abbrev Number: 63 (DW_TAG_GNU_call_site)
    <2581>   DW_AT_low_pc      : 0x3f
    <2589>   DW_AT_abstract_origin: <0x27d8>
 <2><258d>: Abbrev Number: 0
 <1><2759>: Abbrev Number: 78 (DW_TAG_subprogram)
    <275a>   DW_AT_name        : add
    <275e>   DW_AT_decl_file   : 1
    <275f>   DW_AT_decl_line   : 3
    <2760>   DW_AT_decl_column : 5
    <2769>   DW_AT_inline      : 1	(inlined)
 <1><2783>: Abbrev Number: 80 (DW_TAG_subprogram)
    <2784>   DW_AT_specification: <0x2759>
    <2788>   DW_AT_artificial  : 1
)";

TEST_CASE("readelf's DWARF listing: entries, their parents, names, places and references", "[host_calls]") {
  const DebugInfo info = parse_debug_info(kListing);
  REQUIRE(info.files.size() == 2);
  CHECK(info.files[0] == "reduction.cu");
  CHECK(info.is_file(1, "reduction.cu"));
  CHECK_FALSE(info.is_file(2, "reduction.cu"));
  CHECK_FALSE(info.is_file(3, "reduction.cu"));

  REQUIRE(info.entries.size() == 7);  // the null entries ("Abbrev Number: 0") are not entries
  const DebugEntry* kernel = info.at(0x24a4);
  REQUIRE(kernel != nullptr);
  CHECK(kernel->tag == "DW_TAG_subprogram");
  CHECK(kernel->name == "block_sums");
  CHECK(kernel->decl_file == 1);
  CHECK(kernel->decl_line == 4);
  CHECK(kernel->decl_column == 17);
  CHECK(kernel->parent == 0xcu);

  const DebugEntry* inlined = info.at(0x2542);
  REQUIRE(inlined != nullptr);
  CHECK(inlined->depth == 3);
  CHECK(inlined->parent == 0x2519u);
  CHECK(inlined->abstract_origin == 0x2759u);
  CHECK(inlined->call_line == 10);

  const DebugEntry* call = info.at(0x2580);
  REQUIRE(call != nullptr);
  CHECK(call->parent == 0x24a4u);  // after the lexical block's children ended
  CHECK(call->abstract_origin == 0x27d8u);

  const DebugEntry* add = info.at(0x2759);
  REQUIRE(add != nullptr);
  CHECK(add->name == "add");
  CHECK(add->parent == 0xcu);
  const DebugEntry* made = info.at(0x2783);
  REQUIRE(made != nullptr);
  CHECK(made->specification == 0x2759u);
  CHECK(made->artificial);
  CHECK(info.at(0x9999) == nullptr);
}

TEST_CASE("the listing of a real object names the file and its inlined calls", "[host_calls]") {
  TempDir dir(TempDir::Medium::kDisk);
  std::ofstream(dir.path() / "reduction.cu") << "int add(int a, int b) { return a + b; }\n"
                                                "int twice(int x) { return add(x, x); }\n";
  SubprocessCommandRunner runner;
  const CommandResult compiled = runner.run({"g++", "-std=c++17", "-O2", "-gdwarf-4", "-x", "c++", "-c",
                                             (dir.path() / "reduction.cu").string(), "-o",
                                             (dir.path() / "reduction.o").string()},
                                            std::chrono::seconds(60));
  REQUIRE(compiled.outcome == CommandResult::Outcome::kSucceeded);
  const CommandResult listed = runner.run({"readelf", "--debug-dump=rawline,info", (dir.path() / "reduction.o").string()},
                                          std::chrono::seconds(60), 64 << 20);
  REQUIRE(listed.outcome == CommandResult::Outcome::kSucceeded);
  const DebugInfo info = parse_debug_info(listed.output);
  bool inlined_add = false;
  for (const DebugEntry& entry : info.entries) {
    if (entry.tag != "DW_TAG_inlined_subroutine" || !entry.abstract_origin) continue;
    const DebugEntry* origin = info.at(*entry.abstract_origin);
    if (origin != nullptr && origin->name == "add" && info.is_file(origin->decl_file, "reduction.cu") &&
        entry.call_line == 2) {
      inlined_add = true;
    }
  }
  CHECK(inlined_add);
}

}  // namespace
}  // namespace cudagrade
