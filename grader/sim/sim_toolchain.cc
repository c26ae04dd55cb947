#include "sim/sim_toolchain.h"

#include <fmt/format.h>

#include <fstream>

#include "compile/elf_listing.h"
#include "compile/source_policy.h"
#include "core/files.h"
#include "model/lab.h"
#include "sim/checked_calls.h"
#include "sim/host_calls.h"
#include "sim/host_reads.h"
#include "sim/pass_join.h"
#include "sim/rewriter.h"
#include "sim/undeclared_runtime_call.h"

namespace cudagrade {
namespace {

// What the simulator's own header and instrumentation add to a student's object, beyond the policy every
// backend shares: the cusim entry points cusim.h calls and the -fsanitize=thread hooks (defined by the race
// checker). The host math library, which device math becomes under g++, is on the shared list.
std::vector<std::string> simulator_symbols() {
  return {
      "_ZN5cusim10run_kernel*", "_ZN5cusim11SharedArrayC*", "_ZN5cusim11g_built_insE", "_ZN5cusim11syncthreadsEi",
      "_ZN5cusim17syncthreads_countEii", "_ZN5cusim8syncwarpEji", "_ZN5cusim15warp_collective*",
      "_ZN5cusim11active_maskEi", "_ZN5cusim16g_dynamic_sharedE", "_ZN5cusim12enter_kernelEPKciPKNS_15KernelParameterEi",
      "_ZN5cusim11unsupportedEPKci", "_ZN5cusim20not_allowed_in_a_labEPKci",
      "_ZN5cusim11copy_symbolEPvPKvm14cudaMemcpyKindNS_10SymbolSideEb", "_ZN5cusim13RoundingScopeC1ENS_8RoundingE",
      "_ZN5cusim13RoundingScopeD1Ev", "_ZN5cusim12device_clockEv", "_ZN5cusim4trapEv", "__tsan_*",
      "__ubsan_handle_type_mismatch_v1"};
}

// A compile error the simulator finds where nvcc would, in one line that is the whole log too.
BuildResult compile_error(std::string summary) {
  BuildResult result;
  result.outcome = BuildResult::Outcome::kCompileError;
  result.summary = std::move(summary);
  result.log = result.summary + "\n";
  return result;
}

}  // namespace

std::vector<std::string> cusim_runtime_sources() {
  return {"cusim/runtime/api.cc",          "cusim/runtime/device_queries.cc",
          "cusim/runtime/fatal.cc",        "cusim/runtime/race_checker.cc",
          "cusim/runtime/race_hooks.cc",   "cusim/runtime/race_shadow.cc",
          "cusim/runtime/race_report.cc",  "cusim/runtime/device_memory.cc", "cusim/runtime/kernel_reach.cc",
          "cusim/runtime/host_work.cc",    "cusim/runtime/access_profile.cc",
          "cusim/runtime/sector_cache.cc",
          "cusim/runtime/scheduler.cc",    "cusim/runtime/shared_memory.cc", "cusim/runtime/symbolize.cc",
          "cusim/runtime/warp_results.cc", "cusim/runtime/advice.cc", "cusim/runtime/device_intrinsics.cc",
          "cusim/runtime/checked_calls.cc", "cusim/runtime/runtime_heap.cc", "harness/sim_runner_main.cc"};
}

SimToolchain::SimToolchain(ProjectPaths paths, CommandRunner& runner, std::string compiler)
    : CachedToolchain(std::move(paths), runner, "sim"), cxx_(std::move(compiler)) {}

std::string SimToolchain::describe() const {
  return fmt::format("{} with the cusim CPU simulator", cxx_);
}

// -gdwarf-4: binutils' addr2line, which names the lines in race reports, misreads DWARF 5's file table.
std::vector<std::string> SimToolchain::compiler() const {
  return {cxx_, "-std=c++17", "-O2", "-gdwarf-4", "-fno-omit-frame-pointer"};
}

std::vector<CachedToolchain::Step> SimToolchain::compile_harness(const Lab& lab) {
  const std::string grader = paths_.grader_dir().string();
  const std::string cusim_include = (paths_.grader_dir() / "cusim" / "include").string();
  std::vector<std::function<Step()>> compiles;
  for (const std::string& source : cusim_runtime_sources()) {
    const std::filesystem::path path = paths_.grader_dir() / source;
    compiles.push_back([=, this] {
      return compile("cusim-" + path.stem().string(), read_file(path), path.filename().string(), compiler(),
                     {grader, cusim_include});
    });
  }
  compiles.push_back([=, this, &lab] {
    std::vector<std::string> as_cpp = compiler();
    as_cpp.insert(as_cpp.end(), {"-x", "c++"});
    return compile("entry-" + lab.name(), lab.entry_source(paths_.grader_dir()), "entry.cu",
                   as_cpp, {cusim_include, grader, paths_.skeleton_dir(lab.name()).string()});
  });
  return compile_in_parallel(compiles);
}

std::variant<CachedToolchain::Step, BuildResult> SimToolchain::compile_submission(const BuildRequest& request) {
  const Lab& lab = *request.lab;
  if (!request.libraries.empty()) {
    BuildResult result;
    result.outcome = BuildResult::Outcome::kUnsupported;
    result.summary = "unsupported: library baselines (" + fmt::format("{}", fmt::join(request.libraries, " ")) +
                     ") run on a GPU only";
    return result;
  }
  const RewriteResult rewritten =
      rewrite_for_simulator(with_plain_line_ends(read_file(request.source)), lab.submission_file());
  if (rewritten.outcome != RewriteResult::Outcome::kRewritten) {
    return compile_error(
        fmt::format("compile error: {} line {}: {}", lab.submission_file(), rewritten.line, rewritten.reason));
  }
  const SourceScan compiled(rewritten.text);
  const Passes passes = compile_passes(rewritten, compiled, request);
  for (const Step* pass_of_the_runner : {&passes.device, &passes.host}) {
    const Step& pass = *pass_of_the_runner;
    if (pass.entry.succeeded) continue;
    if (std::optional<BuildResult> unsupported = unsupported_construct(pass, lab)) return *unsupported;
    if (std::optional<BuildResult> refused = refused_runtime_call(pass)) return *refused;
    return pass;
  }
  if (std::optional<BuildResult> refused = refused_across_spaces(passes, rewritten.device_names, compiled, lab)) {
    return *refused;
  }
  // The device pass's startup code is judged before the join drops it: an .init_array slot of the file's own
  // must not escape the object check, which judges everything else in the joined object.
  const ObjectCheck::Result device_pass_check = object_check_.judge_startup(object_of(passes.device));
  if (device_pass_check.outcome != BuildResult::Outcome::kBuilt) {
    BuildResult result;
    result.outcome = device_pass_check.outcome;
    result.summary = device_pass_check.summary;
    return result;
  }
  return join_passes(passes.device, passes.host, rewritten.device_names, lab);
}

// The device pass and the host pass (sim/arch_passes.h), and the unfolded device pass where it is due, at once.
SimToolchain::Passes SimToolchain::compile_passes(const RewriteResult& rewritten, const SourceScan& compiled,
                                                  const BuildRequest& request) {
  const Lab& lab = *request.lab;
  const std::vector<std::string> include_dirs = {(paths_.grader_dir() / "cusim" / "include").string(),
                                                 paths_.skeleton_dir(lab.name()).string()};
  auto compile_pass = [&](Pass pass) {
    std::vector<std::string> command = compiler();
    const std::vector<std::string> defines = pass_defines(pass);
    command.insert(command.end(), defines.begin(), defines.end());
    // -fsanitize=alignment: a vector access (float4, int4) at an address that is not a multiple of its size
    // faults on a GPU, while x86 takes it, and g++ often splits it into aligned 4-byte reads the race checker's
    // hooks cannot tell apart. The check calls the runtime (race_hooks.cc), which ends a kernel's run there.
    // -ffunction-sections, -fdata-sections: each function and variable a section of its own name, for the
    // check that device code reads no host variable (sim/host_reads.h) and for the join (sim/pass_join.h).
    // -fno-ipa-icf: g++ would merge a __device__ helper with a host function of the same body and point the
    // kernel's call at the host one, which the check that device code calls no host function then refuses.
    command.insert(command.end(), {"-fsanitize=thread", "-fsanitize=alignment", "-ffunction-sections",
                                   "-fdata-sections", "-fno-ipa-icf", "-x", "c++", "-include", "cusim.h"});
    return compile(pass == Pass::kDevice ? "submission" : "submission-host-pass", rewritten.text,
                   lab.submission_file(), command, include_dirs, sandbox_for(request));
  };
  // No sanitizer and no inlining; -fvar-tracking keeps DWARF's record of each call at -O0 (sim/debug_info.h).
  auto compile_unfolded = [&] {
    std::vector<std::string> command = {cxx_, "-std=c++17", "-O0", "-gdwarf-4", "-fvar-tracking"};
    const std::vector<std::string> defines = pass_defines(Pass::kDevice);
    command.insert(command.end(), defines.begin(), defines.end());
    command.insert(command.end(), {"-ffunction-sections", "-fdata-sections", "-x", "c++", "-include", "cusim.h"});
    return compile("submission-unfolded", rewritten.text, lab.submission_file(), command, include_dirs,
                   sandbox_for(request));
  };
  std::vector<std::function<Step()>> compiles = {[&] { return compile_pass(Pass::kDevice); },
                                                 [&] { return compile_pass(Pass::kHost); }};
  const bool unfold = names_a_library_host_function(compiled);
  if (unfold) compiles.push_back(compile_unfolded);
  std::vector<Step> steps = compile_in_parallel(compiles);
  Passes passes{std::move(steps[0]), std::move(steps[1]), std::nullopt};
  if (unfold) passes.unfolded_device = std::move(steps[2]);
  return passes;
}

// A failed compile whose code the compiler compiled holds a construct the simulator cannot run (rewriter.h's
// markers): the file is `unsupported` here, not wrong.
std::optional<BuildResult> SimToolchain::unsupported_construct(const Step& failed, const Lab& lab) const {
  if (!failed.refusal.empty()) return std::nullopt;
  std::optional<UnsupportedUse> use = unsupported_use_in_log(failed.log, lab.submission_file());
  if (!use) return std::nullopt;
  BuildResult result;
  result.outcome = BuildResult::Outcome::kUnsupported;
  result.summary = fmt::format("unsupported: {}{}: {} cannot run in the CPU simulator; grade this file on a GPU "
                               "(--backend gpu)",
                               lab.submission_file(), use->line > 0 ? fmt::format(" line {}", use->line) : "",
                               use->construct);
  result.log = result.summary + "\n";
  return result;
}

// A call nvcc compiles and the object check refuses by name is refused here too, not a compile error.
std::optional<BuildResult> SimToolchain::refused_runtime_call(const Step& failed) {
  if (!failed.refusal.empty()) return std::nullopt;
  std::optional<RefusedRuntimeCall> call = refused_runtime_call_in_log(failed.log);
  if (!call) return std::nullopt;
  BuildResult result;
  result.outcome = BuildResult::Outcome::kRejected;
  result.summary = fmt::format("rejected: uses {}: {}", call->name, call->reason);
  result.log = result.summary + "\n";
  return result;
}

// readelf's listing of one student object: a few hundred KiB.
constexpr size_t kObjectListingCap = 16 << 20;

CommandResult SimToolchain::list_object(const std::filesystem::path& object) {
  return runner_.run({"readelf", "-W", "-S", "-s", "-r", object.string()}, std::chrono::seconds(60),
                     kObjectListingCap);
}

// What nvcc's device pass refuses and g++'s one program takes, read from the two passes' objects: a kernel that
// reads a host variable, device code that calls a host function, host code that calls a __device__ one. A
// compile error in nvcc's words, or nullopt.
// The device pass is read as it runs (g++ -O2 inlines __device__ functions into kernels, where their reads are
// seen) and, where compiled, unfolded (where nothing is folded away); a device pass at -O0 that did not compile,
// which the one the runner runs did, is the grader's oddity and decides nothing.
std::optional<BuildResult> SimToolchain::refused_across_spaces(const Passes& passes, const DeviceNames& names,
                                                               const SourceScan& compiled, const Lab& lab) {
  const bool unfolded = passes.unfolded_device && passes.unfolded_device->entry.succeeded;
  std::vector<const Step*> device_objects = {&passes.device};
  if (unfolded) device_objects.push_back(&*passes.unfolded_device);
  for (const Step* device : device_objects) {
    if (std::optional<BuildResult> refused = host_variable_in_device_code(*device, names, compiled, lab)) {
      return refused;
    }
  }
  // The optimised pass first: its DWARF gives each inlined call's line, which -O0's call sites do not.
  for (const Step* device : device_objects) {
    if (std::optional<BuildResult> refused = call_across_spaces(*device, find_host_call, names, compiled, lab)) {
      return refused;
    }
  }
  return call_across_spaces(passes.host, find_device_call, names, compiled, lab);
}

// A kernel that reads a host variable is a compile error, as nvcc's device pass makes it (sim/host_reads.h).
std::optional<BuildResult> SimToolchain::host_variable_in_device_code(const Step& pass, const DeviceNames& names,
                                                                      const SourceScan& compiled, const Lab& lab) {
  CommandResult listed = list_object(object_of(pass));
  if (listed.outcome != CommandResult::Outcome::kSucceeded) return std::nullopt;  // the object check says why
  const HostReadVerdict verdict = find_host_read(parse_readelf(listed.output), names, compiled);
  if (verdict.outcome == HostReadVerdict::Outcome::kNone) return std::nullopt;
  return compile_error(describe_host_read(verdict, lab.submission_file()));
}

// A pass object's DWARF; nullopt when readelf cannot list it, which a file's size may make too large to read.
std::optional<DebugInfo> SimToolchain::debug_info_of(const Step& pass) {
  constexpr size_t kDebugListingCap = 64 << 20;
  const CommandResult listed = runner_.run({"readelf", "--debug-dump=rawline,info", object_of(pass).string()},
                                           std::chrono::seconds(60), kDebugListingCap);
  if (listed.outcome != CommandResult::Outcome::kSucceeded || listed.dropped_bytes > 0) return std::nullopt;
  return parse_debug_info(listed.output);
}

// A kernel that calls a host function of the file, or host code that calls a __device__ function, is a compile
// error, as nvcc makes it (sim/host_calls.h): `find` reads `pass`'s DWARF, the device pass's for the first and the
// host pass's for the second. Unjudged without the DWARF.
std::optional<BuildResult> SimToolchain::call_across_spaces(const Step& pass, CallFinder find, const DeviceNames& names,
                                                            const SourceScan& compiled, const Lab& lab) {
  const std::optional<DebugInfo> info = debug_info_of(pass);
  if (!info) return std::nullopt;
  const HostCallVerdict verdict = find(*info, compiled, names, lab.submission_file());
  if (verdict.outcome == HostCallVerdict::Outcome::kNone) return std::nullopt;
  return compile_error(describe_host_call(verdict, lab.submission_file()));
}

// The two passes' objects as one (sim/pass_join.h): the device pass's renamed, the host pass's weakened, then
// `ld -r`, device pass first. Cached by the two compiles' entries, whose names cover everything that went
// into them.
CachedToolchain::Step SimToolchain::join_passes(const Step& device_pass, const Step& host_pass,
                                                const DeviceNames& names, const Lab& lab) {
  using Outcome = BuildCache::MakeOutcome;
  const std::string inputs = fmt::format("pass join v2: no startup code of the device pass\n{}\n{}\n",
                                         device_pass.entry.dir.string(), host_pass.entry.dir.string());
  return cached_step("submission-joined", inputs, [&](const std::filesystem::path& dir) {
    const CommandResult device_listing = list_object(object_of(device_pass));
    const CommandResult host_listing = list_object(object_of(host_pass));
    for (const CommandResult* listing : {&device_listing, &host_listing}) {
      if (listing->outcome != CommandResult::Outcome::kSucceeded) {
        return std::pair{Outcome::kNotJudged, "readelf could not list an object: " + listing->output};
      }
    }
    const PassJoinPlan plan =
        plan_pass_join(parse_readelf(device_listing.output), parse_readelf(host_listing.output), names);
    if (plan.outcome == PassJoinPlan::Outcome::kKernelOnlyInHostPass) {
      return std::pair{Outcome::kFailed, describe_kernel_only_in_host_pass(plan, lab.submission_file()) + "\n"};
    }
    std::ofstream renamed(dir / "renamed.txt");
    for (const std::string& name : plan.device_pass_renamed) renamed << name << ' ' << name << kDevicePassSuffix << '\n';
    renamed.close();
    std::ofstream weakened(dir / "weakened.txt");
    for (const std::string& name : plan.host_pass_weakened) weakened << name << '\n';
    weakened.close();
    const std::vector<std::vector<std::string>> commands = {
        // The device pass's startup code goes: nvcc's device pass builds no host code, so no initialiser of a
        // global it alone declares runs on a GPU (races_unless_device_pass_initialiser_ran.cu).
        {"objcopy", "--redefine-syms=" + (dir / "renamed.txt").string(), "--remove-section=.init_array*",
         "--remove-section=.rela.init_array*", "--remove-section=.fini_array*", "--remove-section=.rela.fini_array*",
         object_of(device_pass).string(), (dir / "device-pass.o").string()},
        // objcopy (binutils 2.40) fails, silently, on an empty --weaken-symbols file: a file without a kernel
        // weakens nothing, and is then copied as it is.
        plan.host_pass_weakened.empty()
            ? std::vector<std::string>{"objcopy", object_of(host_pass).string(), (dir / "host-pass.o").string()}
            : std::vector<std::string>{"objcopy", "--weaken-symbols=" + (dir / "weakened.txt").string(),
                                       object_of(host_pass).string(), (dir / "host-pass.o").string()},
        {"ld", "-r", (dir / "device-pass.o").string(), (dir / "host-pass.o").string(), "-o", object_in(dir).string()}};
    for (const std::vector<std::string>& command : commands) {
      const CommandResult run = runner_.run(command, std::chrono::seconds(60));
      if (run.outcome != CommandResult::Outcome::kSucceeded) {
        // Two objects g++ made of one text: a join that fails is the grader's to explain, not the file's.
        return std::pair{Outcome::kNotJudged,
                         fmt::format("joining the two passes failed: {}: {}", command.front(), run.output)};
      }
    }
    std::error_code ignored;
    std::filesystem::remove(dir / "device-pass.o", ignored);
    std::filesystem::remove(dir / "host-pass.o", ignored);
    return std::pair{Outcome::kSucceeded, device_pass.log + host_pass.log};
  });
}

std::vector<std::string> SimToolchain::extra_allowed_symbols() const {
  return simulator_symbols();
}

// A message about cusim.h names "<simulator>/cusim.h", not the grader's folders on this machine.
std::pair<std::string, std::string> SimToolchain::own_headers() const {
  return {(paths_.grader_dir() / "cusim" / "include").string() + "/", "<simulator>/"};
}

std::vector<std::string> SimToolchain::launch_symbols() const {
  return {"_ZN5cusim10run_kernel*"};
}

std::string device_statics_link_script(const std::filesystem::path& submission_object) {
  // A quoted name is matched as written, whatever the cache's path holds.
  const std::string object = fmt::format("\"{}\"", submission_object.string());
  return fmt::format(
      "/* The submission's static storage, where the simulator's runtime watches it as device memory\n"
      "   (cusim/runtime/device_statics.h). */\n"
      "SECTIONS {{\n"
      "  cusim_statics_data : {{ __cusim_statics_data_begin = .; {0}(.data .data.*) __cusim_statics_data_end = .; }}\n"
      "}} INSERT AFTER .data;\n"
      "SECTIONS {{\n"
      "  cusim_statics_bss : {{ __cusim_statics_bss_begin = .; {0}(.bss .bss.* COMMON) __cusim_statics_bss_end = .; }}\n"
      "}} INSERT AFTER .bss;\n",
      object);
}

// The submission's object with each C library call that writes out of the instrumentation's sight renamed to
// its checked twin (sim/checked_calls.h). After the object check, which judges the names the file used, as
// nvcc's object is judged; cached by the object it renames.
CachedToolchain::Step SimToolchain::route_checked_calls(const Step& submission) {
  using Outcome = BuildCache::MakeOutcome;
  std::string table;
  for (const auto& [name, twin] : kCheckedCalls) table += fmt::format("{} {}\n", name, twin);
  const std::string inputs = fmt::format("checked calls v1\n{}\n{}", submission.entry.dir.string(), table);
  return cached_step("submission-checked", inputs, [&](const std::filesystem::path& dir) {
    std::ofstream(dir / "checked-calls.txt") << table;
    const CommandResult run = runner_.run({"objcopy", "--redefine-syms=" + (dir / "checked-calls.txt").string(),
                                           object_of(submission).string(), object_in(dir).string()},
                                          std::chrono::seconds(60));
    // An object the object check accepted: a copy that fails is the grader's to explain.
    if (run.outcome != CommandResult::Outcome::kSucceeded) {
      return std::pair{Outcome::kNotJudged, "renaming the file's C library calls failed: objcopy: " + run.output};
    }
    return std::pair{Outcome::kSucceeded, submission.log};
  });
}

BuildResult SimToolchain::link_runner(const std::vector<Step>& objects, const BuildRequest& request,
                                      BuildResult result) {
  // The submission is the last object (CachedToolchain::build).
  std::vector<Step> linked = objects;
  linked.back() = route_checked_calls(objects.back());
  if (!linked.back().entry.succeeded) {
    if (linked.back().entry.transient) std::filesystem::remove_all(linked.back().entry.dir);
    result.outcome = BuildResult::Outcome::kInfraError;
    result.summary = first_error_line(linked.back().log);
    return result;
  }
  // Full RELRO and immediate binding: the loader resolves every call before main and makes the tables
  // read-only, so no code of the file can redirect the harness's calls by writing into them (#14 item 3).
  return link({cxx_, "-Wl,-z,relro,-z,now"}, linked, {"-lboost_context", "-ldl"}, std::move(result),
              sandbox_for(request), device_statics_link_script(object_of(linked.back())));
}

}  // namespace cudagrade
