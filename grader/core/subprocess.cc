#include "core/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>
#include <utility>

extern char** environ;

namespace cudagrade {
namespace {

constexpr auto kReapInterval = std::chrono::milliseconds(20);
constexpr auto kKillWait = std::chrono::seconds(10);

[[noreturn]] void fail(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Both ends close with the object unless released to their new owner.
struct Pipe {
  int read = -1, write = -1;
  Pipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) fail(errno, "pipe2");
    read = fds[0];
    write = fds[1];
  }
  ~Pipe() {
    close_fd(read);
    close_fd(write);
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  static int release(int& fd) { return std::exchange(fd, -1); }
};

class SpawnActions {
 public:
  SpawnActions() { posix_spawn_file_actions_init(&actions_); }
  ~SpawnActions() { posix_spawn_file_actions_destroy(&actions_); }
  posix_spawn_file_actions_t* get() { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

class SpawnAttributes {
 public:
  SpawnAttributes() { posix_spawnattr_init(&attributes_); }
  ~SpawnAttributes() { posix_spawnattr_destroy(&attributes_); }
  posix_spawnattr_t* get() { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

}  // namespace

std::string ExitStatus::describe() const {
  if (kind == Kind::kExited) return "exit code " + std::to_string(code);
  return "signal " + std::to_string(code) + " (" + strsignal(code) + ")";
}

Subprocess::Subprocess(const std::vector<std::string>& argv, const SubprocessOptions& options)
    : output_cap_bytes_(options.output_cap_bytes) {
  Pipe output;
  std::optional<Pipe> requests, responses;
  if (options.control_channel) {
    requests.emplace();
    responses.emplace();
  }
  SpawnActions actions;
  posix_spawn_file_actions_addopen(actions.get(), 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(actions.get(), output.write, 1);
  posix_spawn_file_actions_adddup2(actions.get(), output.write, 2);
  if (options.control_channel) {
    posix_spawn_file_actions_adddup2(actions.get(), requests->read, 3);
    posix_spawn_file_actions_adddup2(actions.get(), responses->write, 4);
  }
  // Nothing else of the grader's reaches the child: another thread may have a file open without O_CLOEXEC (a
  // staged source, a log, a runner being written), which a student's runner could write through, and which
  // cannot be executed while any process holds it open for writing (ETXTBSY).
  posix_spawn_file_actions_addclosefrom_np(actions.get(), options.control_channel ? 5 : 3);
  if (options.working_directory) {
    posix_spawn_file_actions_addchdir_np(actions.get(), options.working_directory->c_str());
  }
  SpawnAttributes attributes;
  posix_spawnattr_setpgroup(attributes.get(), 0);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(attributes.get(), &defaults);
  posix_spawnattr_setflags(attributes.get(), POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  int error = posix_spawnp(&pid_, args[0], actions.get(), attributes.get(), args.data(), environ);
  if (error != 0) {
    pid_ = -1;
    fail(error, "cannot start " + argv[0]);  // the pipes close with their objects
  }
  // The child's ends close with the Pipe objects; the grader keeps its own.
  output_fd_ = Pipe::release(output.read);
  if (requests) request_fd_ = Pipe::release(requests->write);
  if (responses) response_fd_ = Pipe::release(responses->read);
}

std::string Subprocess::take_output() {
  std::string taken = std::move(output_);
  output_.clear();
  if (dropped_output_bytes_ > 0) {
    taken += "\n[" + std::to_string(dropped_output_bytes_) + " more bytes of output dropped]\n";
    dropped_output_bytes_ = 0;
  }
  return taken;
}

Subprocess::~Subprocess() {
  kill_group();
  close_fd(output_fd_);
  close_fd(request_fd_);
  close_fd(response_fd_);
}

void Subprocess::kill_group() {
  if (pid_ <= 0 || exit_status_) return;  // once reaped, the group id may belong to someone else
  kill(-pid_, SIGKILL);
  // A process killed in the middle of a kernel can take a while to leave the driver; wait a bounded time
  // rather than hang the grader, and leave it to the kernel after that.
  const auto give_up = Clock::now() + kKillWait;
  while (!reap(false) && Clock::now() < give_up) usleep(10 * 1000);
}

// Reaps the child if it has exited. Its group is killed first, while the unreaped child still holds the
// group id: nothing it started (a grandchild, a background job) outlives it.
bool Subprocess::reap(bool block) {
  if (exit_status_) return true;
  siginfo_t info{};
  int result;
  do {
    result = waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
  } while (result < 0 && errno == EINTR);
  if (result != 0 || info.si_pid != pid_) return false;
  kill(-pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    exit_status_ = ExitStatus{ExitStatus::Kind::kSignaled, WTERMSIG(status)};
  } else {
    exit_status_ = ExitStatus{ExitStatus::Kind::kExited, WEXITSTATUS(status)};
  }
  return true;
}

bool Subprocess::send_line(const std::string& line) {
  if (request_fd_ < 0) return false;
  std::string text = line + "\n";
  size_t sent = 0;
  while (sent < text.size()) {
    ssize_t written = write(request_fd_, text.data() + sent, text.size() - sent);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;  // EPIPE: the child is gone (SIGPIPE is ignored by the grader)
    sent += static_cast<size_t>(written);
  }
  return true;
}

void Subprocess::close_requests() {
  close_fd(request_fd_);
}

// Reads whatever is ready on the output and response pipes, waiting at most until the deadline or the next
// reap interval, whichever is sooner.
void Subprocess::pump(Clock::time_point deadline) {
  pollfd fds[2];
  nfds_t count = 0;
  if (output_fd_ >= 0) fds[count++] = {output_fd_, POLLIN, 0};
  if (response_fd_ >= 0) fds[count++] = {response_fd_, POLLIN, 0};
  auto wait = std::min(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()),
                       std::chrono::duration_cast<std::chrono::milliseconds>(kReapInterval));
  if (count == 0) {
    if (wait.count() > 0) usleep(static_cast<useconds_t>(wait.count() * 1000));
    return;
  }
  if (poll(fds, count, static_cast<int>(std::max<int64_t>(wait.count(), 0))) <= 0) return;
  char chunk[65536];
  for (nfds_t i = 0; i < count; ++i) {
    if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    ssize_t got = read(fds[i].fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    int& fd = fds[i].fd == output_fd_ ? output_fd_ : response_fd_;
    if (got <= 0) {
      close_fd(fd);
      continue;
    }
    if (&fd == &response_fd_) {
      responses_.append(chunk, static_cast<size_t>(got));
      if (responses_.size() > kMaxResponseBytes) {
        flooded_control_channel_ = true;
        kill_group();
        close_fd(response_fd_);
      }
      continue;
    }
    size_t keep = std::min(static_cast<size_t>(got), output_cap_bytes_ - std::min(output_cap_bytes_, output_.size()));
    output_.append(chunk, keep);
    dropped_output_bytes_ += static_cast<size_t>(got) - keep;
  }
}

bool Subprocess::take_line(std::string& line) {
  size_t end = responses_.find('\n');
  if (end == std::string::npos) return false;
  line = responses_.substr(0, end);
  responses_.erase(0, end + 1);
  return true;
}

WaitOutcome Subprocess::read_line(std::string& line, Clock::time_point deadline) {
  while (true) {
    if (take_line(line)) return WaitOutcome::kReady;
    if (response_fd_ < 0 || reap(false)) {
      // Whatever the child wrote before it ended is still in the pipe; a grandchild may hold it open, so
      // read only what is there now.
      bool got_line = false;
      for (int i = 0; i < 64 && response_fd_ >= 0 && !(got_line = take_line(line)); ++i) pump(Clock::now());
      if (got_line || take_line(line)) return WaitOutcome::kReady;
      wait_for_exit(deadline);
      return exit_status_ ? WaitOutcome::kExited : WaitOutcome::kTimedOut;
    }
    if (Clock::now() >= deadline) return WaitOutcome::kTimedOut;
    pump(deadline);
  }
}

WaitOutcome Subprocess::wait_for_exit(Clock::time_point deadline) {
  while (!reap(false)) {
    if (Clock::now() >= deadline) return WaitOutcome::kTimedOut;
    pump(deadline);
  }
  // Drain what is left, but never wait on a pipe a leftover grandchild still holds open.
  for (int i = 0; i < 64 && output_fd_ >= 0; ++i) pump(Clock::now());
  return WaitOutcome::kExited;
}

}  // namespace cudagrade
