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

// The words a right answer leaves in each written buffer, from the reference's values for every row.
std::vector<std::vector<uint32_t>> right_answers(const DeclaredLab& lab, const Workload& sent) {
  std::vector<std::vector<uint32_t>> answers(sent.buffers.size());
  for (size_t index = 0; index < sent.buffers.size(); ++index) {
    const Parameter& parameter = *lab.buffer_parameters()[index];
    if (!is_written(parameter.role)) continue;
    const ExpectedOutput expected = lab.expected_everywhere(sent, index);
    for (size_t i = 0; i < expected.value.size(); ++i) answers[index].push_back(word_for_value(expected.value[i], parameter.type));
  }
  return answers;
}

using Change = std::function<void(size_t buffer, std::vector<uint32_t>& words, uint64_t data_offset, std::fstream& file)>;

SelfTestFinding judge_answer(const DeclaredLab& lab, const TestCase& test_case, const Workload& sent,
                             const std::vector<std::vector<uint32_t>>& right, const std::filesystem::path& path,
                             const std::string& answer, bool should_pass, const Change& change) {
  Arena arena(path, std::vector<Workload>{sent});
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    bool changed_one = false;
    for (size_t buffer = 0; buffer < sent.buffers.size(); ++buffer) {
      if (right[buffer].empty()) continue;
      std::vector<uint32_t> words = right[buffer];
      const protocol::ArenaBuffer& entry = arena.descriptor(0, buffer);
      const uint64_t data = entry.file_offset + entry.guard_bytes;
      if (!changed_one) change(buffer, words, data, file);  // the first written buffer is the one spoiled
      changed_one = true;
      if (words.empty()) continue;
      file.seekp(static_cast<std::streamoff>(data));
      file.write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(words.size() * 4));
    }
  }
  SelfTestFinding finding{answer, should_pass, CaseStatus::kInfraError, "the arena could not be read back"};
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
  const std::vector<std::vector<uint32_t>> right = right_answers(lab, sent);
  std::vector<SelfTestFinding> findings;
  int number = 0;
  auto judge = [&](const std::string& answer, bool should_pass, const Change& change) {
    findings.push_back(judge_answer(lab, test_case, sent, right, scratch / fmt::format("arena-{}", number++), answer,
                                    should_pass, change));
  };
  judge("the right answer", true, [](size_t, std::vector<uint32_t>&, uint64_t, std::fstream&) {});
  judge("the first output left unwritten", false, [](size_t, std::vector<uint32_t>& words, uint64_t, std::fstream&) { words.clear(); });
  judge("an all-zero output", false, [](size_t, std::vector<uint32_t>& words, uint64_t, std::fstream&) {
    std::fill(words.begin(), words.end(), 0u);
  });
  judge("one wrong element in the last row", false, [&](size_t buffer, std::vector<uint32_t>& words, uint64_t, std::fstream&) {
    const ScalarType type = lab.buffer_parameters()[buffer]->type;
    words.back() = word_for_value(clearly_wrong(value_of_word(words.back(), type)), type);
  });
  judge("an output written one element past its end", false,
        [&](size_t buffer, std::vector<uint32_t>& words, uint64_t data, std::fstream& file) {
          const uint32_t word = words.back();
          file.seekp(static_cast<std::streamoff>(data + sent.buffers[buffer].count * 4));
          file.write(reinterpret_cast<const char*>(&word), sizeof word);
        });
  return findings;
}

}  // namespace cudagrade
