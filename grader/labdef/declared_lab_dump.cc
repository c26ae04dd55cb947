// DeclaredLab::dump: every buffer of a set as readable text, for `cudagrade run --dump`, and each output's
// expected values from the lab's CPU reference beside what the submission wrote.
#include <fmt/format.h>

#include <fstream>
#include <functional>

#include "labdef/declared_lab.h"
#include "model/workload.h"

namespace cudagrade {

namespace {

void write_matrix(const std::filesystem::path& path, const std::string& title, int64_t rows, int64_t cols,
                  const std::function<std::string(int64_t)>& element) {
  std::ofstream out(path);
  out << "# " << title << ": " << rows << " x " << cols << ", row-major\n";
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) out << (c ? " " : "") << fmt::format("{:>10}", element(r * cols + c));
    out << "\n";
  }
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

void DeclaredLab::dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const {
  for (size_t index = 0; index < buffer_parameters_.size(); ++index) {
    const Parameter& parameter = *buffer_parameters_[index];
    const HostBuffer& buffer = sent.buffers[index];
    const Elements elements = is_written(parameter.role) ? returned.data[index] : buffer.elements();
    const ScalarType type = parameter.type;
    if (parameter.role != ParameterRole::kScratch) {
      const std::string title = is_written(parameter.role) ? buffer.name + " as computed by the submission" : buffer.name;
      write_matrix(dir / (buffer.name + ".txt"), title, buffer.rows, buffer.cols, [&](int64_t i) {
        const uint64_t bits = elements.bits(static_cast<size_t>(i));
        const bool unset = parameter.role == ParameterRole::kOutput && still_poisoned(bits, buffer.type);
        return unset ? std::string("unset") : element_text(bits, type);
      });
    }
    if (is_written(parameter.role) && parameter.check.kind != OutputCheck::Kind::kMultiset) {
      const ExpectedOutput expected = expected_everywhere(sent, index);
      write_matrix(dir / (buffer.name + "_expected.txt"), buffer.name + " expected (the lab's CPU reference)", buffer.rows,
                   buffer.cols, [&](int64_t i) { return fmt::format("{:g}", expected.value[static_cast<size_t>(i)]); });
    }
  }
}

}  // namespace cudagrade
