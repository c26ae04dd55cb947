#include "batch/progress.h"

#include <fmt/format.h>

#include "report/escape.h"

namespace cudagrade {

Progress::Progress(std::ostream& out, int total, bool terminal) : out_(out), total_(total), terminal_(terminal) {}

std::string Progress::eta() const {
  if (done_ == 0) return "--:--";
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
  const int left = static_cast<int>(elapsed / done_ * (total_ - done_) + 0.5);
  return fmt::format("{}:{:02d}", left / 60, left % 60);
}

// A line names a student by what the upload's file name said, which the student chose: it is shown as data.
void Progress::advance(const std::string& raw_line) {
  const std::string line = terminal_text(raw_line);
  ++done_;
  if (!terminal_) {
    out_ << fmt::format("[{}/{}] {}\n", done_, total_, line) << std::flush;
    return;
  }
  constexpr int kWidth = 30;
  const int filled = total_ > 0 ? done_ * kWidth / total_ : kWidth;
  out_ << fmt::format("\r\033[K[{}{}] {}/{} ETA {} {}", std::string(static_cast<size_t>(filled), '#'),
                      std::string(static_cast<size_t>(kWidth - filled), '.'), done_, total_, eta(),
                      line.substr(0, 60))
       << std::flush;
}

void Progress::finish() {
  if (terminal_) out_ << "\n";
  out_ << std::flush;
}

}  // namespace cudagrade
