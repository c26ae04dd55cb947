#include "compile/object_check.h"

#include <fmt/format.h>

#include "compile/cached_toolchain.h"
#include "compile/elf_listing.h"
#include "compile/instruction_scan.h"
#include "compile/startup_sections.h"
#include "compile/static_storage.h"
#include "compile/symbol_policy.h"

namespace cudagrade {

ObjectCheck::ObjectCheck(CommandRunner& runner) : runner_(runner) {}

// The symbols, then the code, then the sections (what runs at startup, where writable data lives): the first
// that refuses decides.
ObjectCheck::Result ObjectCheck::judge(const std::filesystem::path& object, const std::vector<std::string>& extra_allowed,
                                       const std::vector<std::string>& launch_symbols) {
  const Result symbols = check_symbols(object, extra_allowed, launch_symbols);
  if (symbols.outcome != BuildResult::Outcome::kBuilt) return symbols;
  const Result instructions = check_instructions(object);
  if (instructions.outcome != BuildResult::Outcome::kBuilt) return instructions;
  return check_sections(object);
}

// A call to cuBLAS or system() is refused by name, however the file spells it.
ObjectCheck::Result ObjectCheck::check_symbols(const std::filesystem::path& object,
                                               const std::vector<std::string>& extra_allowed,
                                               const std::vector<std::string>& launch_symbols) {
  CommandResult listed = runner_.run({"nm", "--format=posix", object.string()}, std::chrono::seconds(60));
  if (listed.outcome != CommandResult::Outcome::kSucceeded) {
    return {BuildResult::Outcome::kInfraError,
            "could not list the object's symbols with nm: " + first_error_line(listed.output)};
  }
  // nm sorts by name, so a file could push its forbidden calls past the cap with thousands of long names.
  if (listed.dropped_bytes > 0) {
    return {BuildResult::Outcome::kRejected,
            fmt::format("rejected: the object's symbol table is too large to check ({} bytes past {} KiB); a "
                        "submission this size is not a lab kernel",
                        listed.dropped_bytes, kDefaultOutputCapBytes >> 10)};
  }
  std::string why;
  const std::set<std::string>* exports = runtime_exports(why);
  if (!exports) return {BuildResult::Outcome::kInfraError, why};
  const ObjectSymbols symbols = parse_nm_posix(listed.output);
  SymbolVerdict verdict = judge_symbols(symbols, extra_allowed, *exports);
  if (verdict.outcome == SymbolVerdict::Outcome::kAllowed) {
    if (!launches_a_kernel(symbols, launch_symbols)) {
      return {BuildResult::Outcome::kRejected,
              "rejected: the file launches no kernel, so the lab's work would run on the host; launch your kernel "
              "with <<<grid, block>>>"};
    }
    return {BuildResult::Outcome::kBuilt, ""};
  }
  return {BuildResult::Outcome::kRejected, fmt::format("rejected: uses {}: {}", verdict.symbol, verdict.reason)};
}

// One listing of the object by a binutils tool, read whole: a tool that cannot run is the grader's trouble, a
// listing past the cap is the file's (no lab kernel comes near it). nullopt when `listing` holds it all.
std::optional<ObjectCheck::Result> ObjectCheck::list_object(const std::vector<std::string>& command, size_t cap,
                                                            const std::string& cannot, const std::string& too_large,
                                                            std::string& listing) {
  CommandResult listed = runner_.run(command, std::chrono::seconds(60), cap);
  if (listed.outcome != CommandResult::Outcome::kSucceeded) {
    return Result{BuildResult::Outcome::kInfraError, cannot + ": " + first_error_line(listed.output)};
  }
  if (listed.dropped_bytes > 0) {
    return Result{BuildResult::Outcome::kRejected,
                       "rejected: the object's " + too_large + "; a submission this size is not a lab kernel"};
  }
  listing = std::move(listed.output);
  return std::nullopt;
}

// An object is a few hundred KiB; its disassembly a few MiB at most.
constexpr size_t kDisassemblyCap = 64 << 20;

ObjectCheck::Result ObjectCheck::check_instructions(const std::filesystem::path& object) {
  std::string disassembly;
  if (auto failed = list_object({"objdump", "-d", object.string()}, kDisassemblyCap,
                                "could not disassemble the object with objdump", "code is too large to check",
                                disassembly)) {
    return *failed;
  }
  if (auto found = first_system_call_instruction(disassembly)) {
    return {BuildResult::Outcome::kRejected,
            fmt::format("rejected: the compiled code enters the kernel itself ({} in {}): a lab's code reaches the "
                        "operating system only through the calls the symbol policy allows; remove the assembly",
                        found->instruction, found->function)};
  }
  return {BuildResult::Outcome::kBuilt, ""};
}

// Sections, symbols and relocations of an object of a few hundred KiB: well under a MiB of text.
constexpr size_t kElfListingCap = 16 << 20;

ObjectCheck::Result ObjectCheck::check_sections(const std::filesystem::path& object) {
  std::string listing;
  if (auto failed = list_object({"readelf", "-W", "-S", "-s", "-r", object.string()}, kElfListingCap,
                                "could not list the object's sections with readelf",
                                "sections are too many to check", listing)) {
    return *failed;
  }
  const ElfListing parsed = parse_readelf(listing);
  const StartupVerdict startup = judge_startup_sections(parsed);
  if (startup.outcome != StartupVerdict::Outcome::kAllowed) {
    return {BuildResult::Outcome::kRejected, describe_startup_refusal(startup)};
  }
  const StaticStorageVerdict storage = judge_static_storage(parsed);
  if (storage.outcome != StaticStorageVerdict::Outcome::kAllowed) {
    return {BuildResult::Outcome::kRejected, describe_static_storage_refusal(storage)};
  }
  return {BuildResult::Outcome::kBuilt, ""};
}

// Every runner links these dynamically; g++ (nvcc's host compiler too) says where they are. libstdc++'s
// listing is about 600 KB.
constexpr size_t kExportListingCap = 16 << 20;

const std::set<std::string>* ObjectCheck::runtime_exports(std::string& why) {
  std::lock_guard<std::mutex> lock(exports_mutex_);
  if (exports_) return &*exports_;
  std::set<std::string> names;
  for (const char* library : {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"}) {
    CommandResult found = runner_.run({"g++", std::string("-print-file-name=") + library}, std::chrono::seconds(60));
    std::string path = found.output.substr(0, found.output.find('\n'));
    CommandResult listed = found.outcome == CommandResult::Outcome::kSucceeded
                               ? runner_.run({"nm", "-D", "--defined-only", "--format=posix", path},
                                             std::chrono::seconds(60), kExportListingCap)
                               : found;
    if (listed.outcome != CommandResult::Outcome::kSucceeded || listed.dropped_bytes > 0) {
      why = fmt::format("could not read the symbols {} exports: {}", library, first_error_line(listed.output));
      return nullptr;
    }
    names.merge(parse_nm_exports(listed.output));
  }
  exports_ = std::move(names);
  return &*exports_;
}

}  // namespace cudagrade
