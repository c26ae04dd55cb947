#include "labdef/cpu_reference.h"

#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include "core/files.h"
#include "core/hash.h"

namespace cudagrade {
namespace {

constexpr auto kCompileTimeout = std::chrono::seconds(300);

std::vector<std::string> compile_command(const std::filesystem::path& source, const std::filesystem::path& interface_dir,
                                         const std::filesystem::path& output) {
  return {"g++", "-std=c++17", "-O2", "-fPIC", "-shared", "-I" + interface_dir.string(), source.string(), "-o",
          output.string()};
}

}  // namespace

CpuReference::Loaded CpuReference::build(const std::filesystem::path& source, const std::filesystem::path& interface_dir,
                                         const std::filesystem::path& cache_dir, CommandRunner& runner) {
  const std::optional<std::string> text = try_read_file(source);
  if (!text) return {nullptr, fmt::format("cannot read the CPU reference {}", source.string())};
  const std::string interface = try_read_file(interface_dir / "cudagrade" / "reference.h").value_or("");
  const std::vector<std::string> command = compile_command(source, interface_dir, "OUT");
  const std::string key = fmt::format("{:016x}", fnv1a(*text + '\0' + interface + '\0' + fmt::format("{}", fmt::join(command, " "))));
  const std::filesystem::path library = cache_dir / "cpu-references" / (source.parent_path().filename().string() + "-" + key + ".so");
  std::error_code error;
  if (!std::filesystem::exists(library, error)) {
    std::filesystem::create_directories(library.parent_path(), error);
    // Built under a name of this process's own and renamed into place, so that a grader in another process
    // never loads a half-written library.
    const std::filesystem::path building = library.string() + fmt::format(".{}.tmp", getpid());
    const CommandResult built = runner.run(compile_command(source, interface_dir, building), kCompileTimeout);
    if (built.outcome != CommandResult::Outcome::kSucceeded) {
      std::filesystem::remove(building, error);
      return {nullptr, fmt::format("the CPU reference {} does not compile:\n{}", source.string(), built.output)};
    }
    std::filesystem::rename(building, library, error);
    if (error) return {nullptr, fmt::format("cannot keep the CPU reference in {}: {}", library.string(), error.message())};
  }
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) return {nullptr, fmt::format("cannot load the CPU reference {}: {}", library.string(), dlerror())};
  auto function = reinterpret_cast<Function>(dlsym(handle, "cudagrade_reference"));
  if (!function) {
    dlclose(handle);
    return {nullptr, fmt::format("{} defines no function cudagrade_reference (extern \"C\", see cudagrade/reference.h)",
                                 source.string())};
  }
  auto explain = reinterpret_cast<Explain>(dlsym(handle, "cudagrade_explain"));
  auto own_check = reinterpret_cast<OwnCheck>(dlsym(handle, "cudagrade_check"));
  return {std::shared_ptr<const CpuReference>(new CpuReference(handle, function, explain, own_check)), ""};
}

CpuReference::~CpuReference() {
  dlclose(handle_);
}

}  // namespace cudagrade
