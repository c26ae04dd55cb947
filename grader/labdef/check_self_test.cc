#include "labdef/check_self_test.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <functional>

#include "check/case_judge.h"
#include "run/arena.h"

namespace cudagrade {
namespace {

// A value no tolerance the format allows accepts in place of `value`.
double clearly_wrong(double value) {
  return value + 1 + 2 * std::fabs(value);
}

// The elements a right answer leaves in a written buffer.
struct Answer {
  std::vector<std::byte> bytes;  // empty for a buffer that is not written
  size_t width = 4;
  ScalarType type = ScalarType::kFloat;

  size_t count() const { return bytes.size() / width; }
  double value(size_t index) const { return value_of_bits(load_bits(bytes.data() + index * width, width), type); }
  void set(size_t index, double value) { store_bits(bytes.data() + index * width, width, bits_for_value(value, type)); }
};

// Each written buffer's right answer, from the reference's values for every row.
std::vector<Answer> right_answers(const DeclaredLab& lab, const Workload& sent) {
  std::vector<Answer> answers(sent.buffers.size());
  for (size_t index = 0; index < sent.buffers.size(); ++index) {
    const Parameter& parameter = *lab.buffer_parameters()[index];
    if (!is_written(parameter.role)) continue;
    const ExpectedOutput expected = lab.expected_everywhere(sent, index);
    Answer& answer = answers[index];
    answer.width = sent.buffers[index].width();
    answer.type = parameter.type;
    answer.bytes.resize(expected.value.size() * answer.width);
    for (size_t i = 0; i < expected.value.size(); ++i) answer.set(i, expected.value[i]);
  }
  return answers;
}

using Change = std::function<void(size_t buffer, Answer& answer, uint64_t data_offset, std::fstream& file)>;

SelfTestFinding judge_answer(const DeclaredLab& lab, const TestCase& test_case, const Workload& sent,
                             const std::vector<Answer>& right, const std::filesystem::path& path,
                             const std::string& description, bool should_pass, const Change& change) {
  Arena arena(path, std::vector<Workload>{sent});
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    bool changed_one = false;
    for (size_t buffer = 0; buffer < sent.buffers.size(); ++buffer) {
      if (right[buffer].bytes.empty()) continue;
      Answer answer = right[buffer];
      const protocol::ArenaBuffer& entry = arena.descriptor(0, buffer);
      const uint64_t data = entry.file_offset + entry.guard_bytes;
      if (!changed_one) change(buffer, answer, data, file);  // the first written buffer is the one spoiled
      changed_one = true;
      if (answer.bytes.empty()) continue;
      file.seekp(static_cast<std::streamoff>(data));
      file.write(reinterpret_cast<const char*>(answer.bytes.data()), static_cast<std::streamsize>(answer.bytes.size()));
    }
  }
  SelfTestFinding finding{description, should_pass, CaseStatus::kInfraError, "the arena could not be read back"};
  if (arena.collect() != Arena::CollectOutcome::kCollected) return finding;
  const CheckOutcome outcome = judge_set(lab, test_case, sent, arena, 0);
  finding.status = outcome.status;
  finding.message = outcome.message;
  return finding;
}

}  // namespace

std::vector<SelfTestFinding> self_test_check(const DeclaredLab& lab, const TestCase& test_case,
                                             const std::filesystem::path& scratch) {
  const Workload sent = lab.make_workload(test_case, 0);
  const std::vector<Answer> right = right_answers(lab, sent);
  std::vector<SelfTestFinding> findings;
  int number = 0;
  auto judge = [&](const std::string& answer, bool should_pass, const Change& change) {
    findings.push_back(judge_answer(lab, test_case, sent, right, scratch / fmt::format("arena-{}", number++), answer,
                                    should_pass, change));
  };
  judge("the right answer", true, [](size_t, Answer&, uint64_t, std::fstream&) {});
  judge("the first output left unwritten", false,
        [](size_t, Answer& answer, uint64_t, std::fstream&) { answer.bytes.clear(); });
  judge("an all-zero output", false, [](size_t, Answer& answer, uint64_t, std::fstream&) {
    std::fill(answer.bytes.begin(), answer.bytes.end(), std::byte{0});
  });
  judge("one wrong element in the last row", false, [](size_t, Answer& answer, uint64_t, std::fstream&) {
    const size_t last = answer.count() - 1;
    answer.set(last, clearly_wrong(answer.value(last)));
  });
  // Past the end, bytes that differ from the guard's whatever the element (a uint8_t could equal its guard byte).
  judge("an output written one element past its end", false,
        [](size_t buffer, Answer& answer, uint64_t data, std::fstream& file) {
          const uint32_t not_guard = ~protocol::guard_word(static_cast<uint32_t>(buffer));
          const uint64_t bits = uint64_t{not_guard} << 32 | not_guard;
          file.seekp(static_cast<std::streamoff>(data + answer.bytes.size()));
          file.write(reinterpret_cast<const char*>(&bits), static_cast<std::streamsize>(answer.width));
        });
  return findings;
}

}  // namespace cudagrade
