#include "run/runner_session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <utility>

#include "core/phase_clock.h"
#include "core/random.h"
#include "run/source_lines.h"

namespace cudagrade {

std::map<std::string, std::string> parse_fields(const std::string& text) {
  std::map<std::string, std::string> fields;
  size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && text[at] == ' ') ++at;
    size_t equals = text.find('=', at);
    if (equals == std::string::npos) break;
    std::string key = text.substr(at, equals - at);
    size_t end = key == "name" || key == "race" ? text.size() : text.find(' ', equals);
    if (end == std::string::npos) end = text.size();
    fields[key] = text.substr(equals + 1, end - equals - 1);
    at = end;
  }
  return fields;
}

namespace {

// "audited=3,17": the sample each set of the arena holds. Refused unless there is one per set, each a sample
// the reply counts, none twice, and, for Audit::kFirst, the first ones in order.
std::vector<int64_t> audited_from(const RunnerReply& reply, size_t sets, int samples, sample_mixing::Audit audit) {
  std::vector<int64_t> audited;
  std::istringstream list(reply.fields.at("audited"));
  for (std::string item; std::getline(list, item, ',');) {
    size_t used = 0;
    const long long sample = std::stoll(item, &used);
    if (used != item.size() || sample < 0 || sample >= samples) throw std::invalid_argument("audited sample");
    if (std::find(audited.begin(), audited.end(), sample) != audited.end()) throw std::invalid_argument("twice");
    if (audit == sample_mixing::Audit::kFirst && sample != static_cast<long long>(audited.size())) {
      throw std::invalid_argument("not the first samples");
    }
    audited.push_back(sample);
  }
  if (audited.size() != sets) throw std::invalid_argument("one audited sample per set");
  return audited;
}

Timing timing_from(const RunnerReply& reply) {
  auto number = [&](const char* key) { return std::stod(reply.fields.at(key)); };
  return {std::stoi(reply.fields.at("samples")), number("median_ms"), number("min_ms"), number("max_ms"),
          number("noise")};
}

}  // namespace

void record_runner_phases(const RunnerReply& reply) {
  PhaseClock* clock = PhaseClock::installed();
  if (clock == nullptr) return;
  static constexpr std::pair<const char*, const char*> kFields[] = {
      {"cuda_start_ms", "  in the runner: CUDA's start-up"},
      {"upload_ms", "  in the runner: map the arena, upload"},
      {"calls_ms", "  in the runner: the calls"},
      {"download_ms", "  in the runner: download"},
      {"setup_ms", "  in the runner: map, upload, warm up"},
      {"sampling_ms", "  in the runner: the timed samples"},
      {"judged_ms", "  in the runner: judged calls, download"},
  };
  for (const auto& [field, phase] : kFields) {
    if (auto found = reply.fields.find(field); found != reply.fields.end()) {
      clock->add(phase, std::strtod(found->second.c_str(), nullptr));
    }
  }
}

RunnerSession::RunnerSession(const std::vector<std::string>& command, const std::filesystem::path& runner,
                             TimeBasis basis)
    : runner_(runner), time_basis_(basis) {
  SubprocessOptions options;
  options.control_channel = true;
  options.output_cap_bytes = 256 << 10;
  options.working_directory = runner.parent_path();
  process_ = std::make_unique<Subprocess>(command, options);
}

// Sends "<verb> <nonce> <arguments>" and reads the reply.
RunnerReply RunnerSession::exchange(const std::string& verb, const std::string& arguments, Clock::time_point deadline,
                                    TimeBasis basis) {
  RunnerReply reply;
  std::string line;
  WaitOutcome outcome = WaitOutcome::kReady;
  const std::string nonce = unpredictable_hex();
  const std::string request = arguments.empty() ? fmt::format("{} {}", verb, nonce)
                                                : fmt::format("{} {} {}", verb, nonce, arguments);
  const Clock::time_point sent = Clock::now();
  const std::optional<double> cpu_at_send =
      basis == TimeBasis::kOwnCpuTime ? process_tree_cpu_seconds(process_->pid()) : std::nullopt;
  if (!process_->send_line(request)) outcome = process_->wait_for_exit(deadline);
  if (outcome == WaitOutcome::kReady) outcome = await_reply(line, sent, deadline, cpu_at_send);
  note_request_cpu_time(cpu_at_send);
  if (outcome == WaitOutcome::kTimedOut) process_->kill_group();
  reply.output = process_->take_output();

  if (outcome == WaitOutcome::kTimedOut) {
    finished_ = true;
    reply.outcome = RunnerReply::Outcome::kTimedOut;
    reply.detail = "no answer before the deadline; the runner's process group was killed";
    return reply;
  }
  if (outcome == WaitOutcome::kExited) {
    finished_ = true;
    reply.outcome = RunnerReply::Outcome::kCrashed;
    reply.detail = process_->flooded_control_channel()
                       ? "the program flooded the grader's control channel and was killed"
                       : "the runner ended without answering: " + process_->exit_status()->describe();
    return reply;
  }
  if (process_->unread_response_bytes() > 0) return tampered(reply, line);
  std::istringstream words(line);
  std::string answer, echoed;
  words >> answer >> echoed;
  if (echoed != nonce) return tampered(reply, line);
  std::string rest;
  std::getline(words >> std::ws, rest);
  if (answer == "ok" || answer == "hello") {
    reply.fields = parse_fields(rest);
    if (auto race = reply.fields.find("race"); race != reply.fields.end()) {
      SubprocessCommandRunner addr2line;
      race->second = with_source_lines(race->second, runner_, addr2line);
    }
    return reply;
  }
  if (answer == "error" && rest.rfind("cuda ", 0) == 0) {
    reply.outcome = RunnerReply::Outcome::kCudaError;
    reply.detail = rest.substr(5);
  } else if (answer == "error" && rest.rfind("verdict ", 0) == 0) {
    // A verdict can only fail a case: a line that claims anything else was not the simulator's.
    std::istringstream verdict_words(rest.substr(8));
    verdict_words >> reply.verdict;
    if (reply.verdict != "race" && reply.verdict != "unsupported" && reply.verdict != "crashed" &&
        reply.verdict != "timeout") {
      return tampered(reply, line);
    }
    reply.outcome = RunnerReply::Outcome::kVerdict;
    std::getline(verdict_words >> std::ws, reply.detail);
    SubprocessCommandRunner addr2line;
    reply.detail = with_source_lines(reply.detail, runner_, addr2line);
  } else if (answer == "error" && rest.rfind("harness ", 0) == 0) {
    reply.outcome = RunnerReply::Outcome::kHarnessError;
    reply.detail = rest.substr(8);
  } else {
    return tampered(reply, line);
  }
  finished_ = true;
  process_->kill_group();
  return reply;
}

// The harness writes exactly one line per request on the control channel; anything else there came from
// the submission and is not to be believed, nor blamed on the grader.
RunnerReply RunnerSession::tampered(RunnerReply reply, const std::string& line) {
  finished_ = true;
  process_->kill_group();
  reply.outcome = RunnerReply::Outcome::kCrashed;
  reply.fields.clear();
  reply.detail = "the program wrote to the grader's control channel (\"" + line.substr(0, 80) + "\")";
  return reply;
}

RunnerReply RunnerSession::start(Clock::time_point deadline) {
  // In wall time whatever the session's basis: the greeting is no case's work, and a global's initialiser that
  // never returns must cost its one wait and no more (pipeline/runner_slot.h).
  RunnerReply reply = exchange("hello", "", deadline, TimeBasis::kWallClock);
  if (reply.outcome != RunnerReply::Outcome::kOk) return reply;
  try {
    device_.name = reply.fields.at("name");
    device_.compute_capability = reply.fields.at("cc");
    device_.multiprocessors = std::stoi(reply.fields.at("sms"));
    device_.l2_bytes = std::stoll(reply.fields.at("l2"));
    device_.memory_bytes = std::stoll(reply.fields.at("mem"));
  } catch (const std::exception&) {
    finished_ = true;
    reply.outcome = RunnerReply::Outcome::kHarnessError;
    reply.detail = "malformed greeting from the runner";
  }
  return reply;
}

void RunnerSession::note_request_cpu_time(std::optional<double> cpu_at_send) {
  last_request_cpu_seconds_.reset();
  if (!cpu_at_send) return;
  if (const std::optional<double> cpu_now = process_tree_cpu_seconds(process_->pid())) {
    last_request_cpu_seconds_ = *cpu_now - *cpu_at_send;
  }
}

// The reply line, by the deadline; where the limit counts the runner's CPU time (`cpu_at_send` known), the
// wait goes on past the wall deadline while the runner has used less of it than the wait allowed.
WaitOutcome RunnerSession::await_reply(std::string& line, Clock::time_point sent, Clock::time_point deadline,
                                       std::optional<double> cpu_at_send) {
  const double limit_s = std::chrono::duration<double>(deadline - sent).count();
  for (;;) {
    const WaitOutcome outcome = process_->read_line(line, deadline);
    if (outcome != WaitOutcome::kTimedOut || !cpu_at_send) return outcome;
    const std::optional<double> cpu_now = process_tree_cpu_seconds(process_->pid());
    if (!cpu_now) return outcome;
    const std::optional<double> left = cpu_limit_wait_left(
        limit_s, *cpu_now - *cpu_at_send, std::chrono::duration<double>(Clock::now() - sent).count());
    if (!left) return outcome;
    deadline = deadline_after(*left);
  }
}

RunnerReply RunnerSession::collect(Arena& arena, RunnerReply reply) {
  if (reply.outcome != RunnerReply::Outcome::kOk || arena.collect() == Arena::CollectOutcome::kCollected) return reply;
  finished_ = true;
  process_->kill_group();
  reply.outcome = RunnerReply::Outcome::kCrashed;
  reply.detail = "the arena file was cut short while the program ran; only the submission could have done that";
  return reply;
}

// The path goes last, so that a folder name with spaces in it reaches the runner whole.
RunnerReply RunnerSession::check(Arena& arena, Clock::time_point deadline, CheckOrder order) {
  const char* verb = order == CheckOrder::kAsIs       ? "check"
                     : order == CheckOrder::kProfiled ? "check-profiled"
                                                      : "check-second-order";
  return collect(arena, exchange(verb, arena.path().string(), deadline, time_basis_));
}

RunnerReply RunnerSession::check_counted(Arena& arena, Clock::time_point deadline, uint64_t cache_bytes) {
  return collect(arena, exchange("check-counted", fmt::format("{} {}", cache_bytes, arena.path().string()), deadline,
                                 time_basis_));
}

// The grader's own clock runs from sending the request to reading its reply (check/reported_time.h).
RunnerReply RunnerSession::time(Arena& arena, const TimingPolicy& policy, const sample_mixing::Mixing& mixing,
                                Clock::time_point deadline) {
  const Clock::time_point sent = Clock::now();
  RunnerReply reply = exchange("time",
                               fmt::format("{} {} {} {} {:x} {:x} {} {}", policy.min_samples, policy.max_samples,
                                           policy.max_noise, policy.time_cap_ms, mixing.seed, mixing.mixed_buffers,
                                           static_cast<uint32_t>(mixing.audit), arena.path().string()),
                               deadline, time_basis_);
  const double wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
  reply = collect(arena, std::move(reply));
  if (reply.outcome == RunnerReply::Outcome::kOk) {
    try {
      reply.timing = timing_from(reply);
      reply.timing->wall_ms = wall_ms;
      reply.audited_samples = audited_from(reply, arena.set_count(), reply.timing->samples, mixing.audit);
    } catch (const std::exception&) {
      finished_ = true;
      reply.outcome = RunnerReply::Outcome::kHarnessError;
      reply.detail = "malformed timing reply from the runner";
    }
  }
  return reply;
}

RunnerSession::Ending RunnerSession::finish(Clock::time_point deadline) {
  Ending ending;
  process_->close_requests();
  ending.outcome = process_->wait_for_exit(deadline);
  if (ending.outcome == WaitOutcome::kTimedOut) process_->kill_group();
  finished_ = true;
  ending.status = process_->exit_status();
  ending.output = process_->take_output();
  return ending;
}

RunnerReply RunnerSession::bandwidth(Clock::time_point deadline) {
  return exchange("bandwidth", "", deadline, time_basis_);
}

}  // namespace cudagrade
