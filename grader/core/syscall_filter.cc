#include "core/syscall_filter.h"

#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

// The refused calls that take no look at their arguments.
constexpr const char* kRefused[] = {
    "unshare", "setns", "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open", "userfaultfd",
    "keyctl", "add_key", "request_key", "personality", "mount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
    "open_by_handle_at", "name_to_handle_at", "kexec_load", "kexec_file_load", "init_module",
    "finit_module", "delete_module", "reboot", "swapon", "swapoff", "acct", "quotactl", "syslog", "iopl",
    "ioperm", "vhangup", "setdomainname", "sethostname"};

constexpr uint64_t kNewNamespaceFlags = CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC |
                                        CLONE_NEWUTS | CLONE_NEWCGROUP;

struct FilterContext {
  scmp_filter_ctx context = seccomp_init(SCMP_ACT_ALLOW);
  ~FilterContext() { seccomp_release(context); }
};

void refuse(scmp_filter_ctx context, int call, unsigned count, const scmp_arg_cmp* conditions, int error = EPERM) {
  if (seccomp_rule_add_array(context, SCMP_ACT_ERRNO(error), call, count, conditions) != 0) {
    throw std::runtime_error("libseccomp refused a rule for system call " + std::to_string(call));
  }
}

// A name this libseccomp does not know is a call it cannot filter, and one the kernels it knows lack.
void refuse(scmp_filter_ctx context, const char* name) {
  const int call = seccomp_syscall_resolve_name(name);
  if (call != __NR_SCMP_ERROR) refuse(context, call, 0, nullptr);
}

void add_rules(scmp_filter_ctx context, FilterKind kind) {
  for (const char* name : kRefused) refuse(context, name);
  // clone's flags are its first argument; one rule a flag, since rules of one call are alternatives.
  for (uint64_t flag = 1; flag != 0; flag <<= 1) {
    if ((kNewNamespaceFlags & flag) == 0) continue;
    const scmp_arg_cmp sets_flag = SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag);
    refuse(context, SCMP_SYS(clone), 1, &sets_flag);
  }
  // clone3 passes its flags in memory, out of the filter's sight: glibc takes ENOSYS to mean "use clone".
  refuse(context, SCMP_SYS(clone3), 0, nullptr, ENOSYS);
  const scmp_arg_cmp other_family = SCMP_A0(SCMP_CMP_NE, AF_UNIX);
  refuse(context, SCMP_SYS(socket), 1, &other_family);
  refuse(context, SCMP_SYS(socketpair), 1, &other_family);
  if (kind == FilterKind::kRunner) {
    refuse(context, SCMP_SYS(fork), 0, nullptr);
    refuse(context, SCMP_SYS(vfork), 0, nullptr);
    const scmp_arg_cmp new_process = SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0);
    refuse(context, SCMP_SYS(clone), 1, &new_process);
  }
}

const char* file_name(FilterKind kind) {
  switch (kind) {
    case FilterKind::kRunner: return "runner.bpf";
    case FilterKind::kCompile: return "compile.bpf";
    case FilterKind::kWrappedRunner: return "wrapped-runner.bpf";
  }
  return "filter.bpf";
}

std::filesystem::path write_filter(const std::filesystem::path& dir, FilterKind kind) {
  FilterContext filter;
  if (filter.context == nullptr) throw std::runtime_error("libseccomp could not start a filter");
  add_rules(filter.context, kind);
  const std::filesystem::path path = dir / file_name(kind);
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw std::runtime_error("cannot write the system-call filter " + path.string());
  const int exported = seccomp_export_bpf(filter.context, fd);
  close(fd);
  if (exported != 0) throw std::runtime_error("libseccomp could not export the system-call filter");
  return path;
}

}  // namespace

const std::filesystem::path& syscall_filter_file(FilterKind kind) {
  static std::mutex mutex;
  static std::unique_ptr<TempDir> dir;
  static std::filesystem::path paths[3];  // by kind
  std::lock_guard<std::mutex> lock(mutex);
  if (!dir) dir = std::make_unique<TempDir>(TempDir::Medium::kMemory);
  std::filesystem::path& path = paths[static_cast<size_t>(kind)];
  if (path.empty()) path = write_filter(dir->path(), kind);
  return path;
}

}  // namespace cudagrade
