// The startup-section check on readelf's own listings: objects captured from g++ and nvcc 13
// (tests/data/readelf/, made with `readelf -W -S -s -r`), and real objects compiled here with g++.
#include "compile/startup_sections.h"

#include <catch2/catch.hpp>

#include "testing/elf_listings.h"

namespace cudagrade {
namespace {

using testing::captured_listing;
using testing::listing_of_source;

constexpr const char* kHonestGlobal = "#include <vector>\nstatic std::vector<float> scratch(16);\n"
                                      "float first() { return scratch[0]; }\n";

TEST_CASE("readelf's listing is read: sections, symbols, and what each relocation points at", "[startup_sections]") {
  const ElfListing object = captured_listing("gxx_init_and_fini_pointers.txt");
  const ElfSection* init = nullptr;
  for (const ElfSection& section : object.sections) {
    if (section.name == ".init_array") init = &section;
  }
  REQUIRE(init != nullptr);
  CHECK(init->type == "INIT_ARRAY");
  CHECK(init->size == 16);
  const ElfRelocationSection* fini = nullptr;
  for (const ElfRelocationSection& candidate : object.relocation_sections) {
    if (candidate.patches == ".fini_array") fini = &candidate;
  }
  REQUIRE(fini != nullptr);
  CHECK(fini->name == ".rela.fini_array");
  REQUIRE(fini->relocations.size() == 1);
  CHECK(fini->relocations[0].type == "R_X86_64_64");
  CHECK(fini->relocations[0].addend == 0x10);  // ".text + 10": late() follows early() in .text
  const ElfSymbol* text = object.symbol(fini->relocations[0].symbol_index);
  REQUIRE(text != nullptr);
  CHECK(text->type == "SECTION");
  REQUIRE(text->section);
  const ElfSymbol* late = object.function_at(*text->section, 0x10);
  REQUIRE(late != nullptr);
  CHECK(late->name == "_ZL4latev");
}

TEST_CASE("what the compilers emit for an honest file is allowed: g++, g++ with ThreadSanitizer, nvcc",
          "[startup_sections]") {
  CHECK(judge_startup_sections(captured_listing("gxx_honest.txt")).outcome == StartupVerdict::Outcome::kAllowed);
  CHECK(judge_startup_sections(captured_listing("gxx_tsan_honest.txt")).outcome == StartupVerdict::Outcome::kAllowed);
  CHECK(judge_startup_sections(captured_listing("nvcc_honest.txt")).outcome == StartupVerdict::Outcome::kAllowed);
}

TEST_CASE("a function pointer the file placed in .init_array is found beside the compiler's own entry",
          "[startup_sections]") {
  const StartupVerdict verdict = judge_startup_sections(captured_listing("gxx_init_and_fini_pointers.txt"));
  CHECK(verdict.outcome == StartupVerdict::Outcome::kStudentEntry);
  CHECK(verdict.section == ".init_array");
  CHECK(verdict.function == "_ZL5earlyv");
  CHECK_THAT(describe_startup_refusal(verdict), Catch::Contains("_ZL5earlyv from .init_array"));
}

TEST_CASE("real g++ objects: every way to run code at load is refused, ordinary globals are not",
          "[startup_sections]") {
  CHECK(judge_startup_sections(listing_of_source(kHonestGlobal)).outcome == StartupVerdict::Outcome::kAllowed);
  CHECK(judge_startup_sections(listing_of_source(kHonestGlobal, {"-fsanitize=thread"})).outcome ==
        StartupVerdict::Outcome::kAllowed);

  const StartupVerdict constructor = judge_startup_sections(
      listing_of_source("extern int seen; __attribute__((constructor(150))) static void early() { seen = 1; }\n"));
  CHECK(constructor.outcome == StartupVerdict::Outcome::kStudentEntry);
  CHECK(constructor.section == ".init_array.00150");
  CHECK(constructor.function == "_ZL5earlyv");

  const StartupVerdict destructor =
      judge_startup_sections(listing_of_source("extern int seen; __attribute__((destructor)) static void late() { seen = 2; }\n"));
  CHECK(destructor.outcome == StartupVerdict::Outcome::kStudentEntry);
  CHECK(destructor.section == ".fini_array");

  const StartupVerdict preinit = judge_startup_sections(listing_of_source(
      "extern int seen; static void early() { seen = 1; }\n"
      "__attribute__((used, section(\".preinit_array\"))) static void (*entry)() = early;\n"));
  CHECK(preinit.outcome == StartupVerdict::Outcome::kStudentEntry);
  CHECK(preinit.section == ".preinit_array");

  // A slot holding a number, not a function: no relocation fills it.
  const StartupVerdict by_hand = judge_startup_sections(
      listing_of_source("__attribute__((used, section(\".init_array\"))) static unsigned long slot = 0x401000;\n"));
  CHECK(by_hand.outcome == StartupVerdict::Outcome::kUnreadableSlot);

  const StartupVerdict resolver = judge_startup_sections(
      listing_of_source("extern \"C\" { static int impl() { return 1; } static void* pick() { return (void*)impl; } }\n"
                 "int chosen() __attribute__((ifunc(\"pick\")));\nint use() { return chosen(); }\n"));
  CHECK(resolver.outcome == StartupVerdict::Outcome::kResolver);
  CHECK(resolver.function == "_Z6chosenv");
}

}  // namespace
}  // namespace cudagrade
