// The seccomp filter every sandboxed student process runs under (bwrap --seccomp), built with libseccomp.
// It is a list of refusals on top of bwrap's namespaces, not an allowlist: the CUDA driver's ioctls and
// threads change with every driver release, and a filter that broke CUDA would turn a class's grades into
// infrastructure errors. What it refuses (EPERM, or ENOSYS for clone3 so that glibc falls back to clone):
//   - new processes: fork, vfork, and clone without CLONE_THREAD (threads pass: the CUDA runtime starts
//     them), for a runner only; a compiler driver must start its passes. A runner needs no process: even
//     the simulator's race reports leave the source lines to the grader (run/source_lines.h);
//   - new namespaces: unshare, setns, clone with any CLONE_NEW* flag;
//   - other processes' memory and control: ptrace, process_vm_readv/writev, kcmp, pidfd_getfd;
//   - the network: socket and socketpair of any family but AF_UNIX;
//   - the kernel's riskier corners: io_uring, bpf, perf_event_open, userfaultfd, keyctl, add_key,
//     request_key, personality, mount, umount2, pivot_root, chroot, fsopen/fsmount and friends,
//     open_by_handle_at, name_to_handle_at, kexec, modules, reboot, swapon/swapoff, acct, quotactl,
//     syslog, iopl, ioperm, vhangup, setdomainname, sethostname.
// System calls of another architecture (int 0x80, x32) kill the process: libseccomp's bad-arch action.
// Not refused: execve (bwrap loads the filter and then executes the runner, so the filter must let one
// exec through, and cannot count; with no new process, an exec can only replace the runner with another
// program under the same filter), and kill (the PID namespace leaves nothing outside to signal).
#pragma once

#include <filesystem>
#include <string>

namespace cudagrade {

enum class FilterKind {
  kRunner,         // a student's runner: no new processes
  kCompile,        // a student's compile: the compiler driver starts its passes
  kWrappedRunner,  // a runner started by a trusted tool in its sandbox (compute-sanitizer): the tool must start
                   // it, so new processes are let through, as for a compile; what the runner starts stays in the
                   // sandbox's PID namespace and dies with it
};

// The filter as a compiled BPF program in a file of this process's private scratch folder, written once
// per kind; bwrap reads it from a descriptor. Throws std::runtime_error when libseccomp cannot build it.
const std::filesystem::path& syscall_filter_file(FilterKind kind);

}  // namespace cudagrade
