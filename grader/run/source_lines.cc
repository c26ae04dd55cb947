#include "run/source_lines.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <vector>

namespace cudagrade {
namespace {

const std::regex& marker_pattern() {
  static const std::regex pattern(R"(\{\{cusim-line (0x[0-9a-f]{1,16})\}\})");
  return pattern;
}

// "/path/matmul.cu:12 (discriminator 2)" -> {"/path/matmul.cu", 12}; nothing for "??:0" or "file:?".
std::optional<std::pair<std::string, int>> file_and_line(const std::string& location) {
  const std::string trimmed = location.substr(0, location.find(" ("));
  const size_t colon = trimmed.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  const int line = std::atoi(trimmed.c_str() + colon + 1);
  if (line <= 0) return std::nullopt;
  return std::make_pair(trimmed.substr(0, colon), line);
}

bool is_cuda_source(const std::string& file) { return file.size() > 3 && file.compare(file.size() - 3, 3, ".cu") == 0; }

// "line 12" for the student's .cu file, "cusim_math.h:40" for another.
std::string describe(const std::pair<std::string, int>& place) {
  const auto& [file, line] = place;
  if (is_cuda_source(file)) return "line " + std::to_string(line);
  return file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1) + ":" + std::to_string(line);
}

// addr2line -a prints each address ("0x0000000000001234"), then its frames, innermost first: the first frame
// outside the simulator's own headers is the place.
std::map<uint64_t, std::pair<std::string, int>> places_of(const std::vector<std::string>& addresses,
                                                          const std::filesystem::path& program, CommandRunner& runner) {
  std::vector<std::string> command = {"addr2line", "-a", "-i", "-e", program.string()};
  command.insert(command.end(), addresses.begin(), addresses.end());
  CommandResult result = runner.run(command, std::chrono::seconds(30));
  std::map<uint64_t, std::pair<std::string, int>> found;
  if (result.outcome != CommandResult::Outcome::kSucceeded) return found;
  std::istringstream output(result.output);
  uint64_t address = 0;
  bool have_address = false;
  for (std::string line; std::getline(output, line);) {
    if (line.rfind("0x", 0) == 0) {
      address = std::stoull(line, nullptr, 16);
      have_address = true;
      continue;
    }
    if (!have_address || found.count(address) || line.find("/cusim/") != std::string::npos) continue;
    if (auto place = file_and_line(line)) found[address] = *place;
  }
  return found;
}

}  // namespace

std::string with_source_lines(const std::string& text, const std::filesystem::path& program, CommandRunner& runner) {
  std::vector<std::string> addresses;
  for (std::sregex_iterator at(text.begin(), text.end(), marker_pattern()), end; at != end; ++at) {
    addresses.push_back((*at)[1]);
  }
  if (addresses.empty()) return text;
  const auto places = places_of(addresses, program, runner);
  std::string result;
  size_t copied = 0;
  for (std::sregex_iterator at(text.begin(), text.end(), marker_pattern()), end; at != end; ++at) {
    result.append(text, copied, static_cast<size_t>(at->position()) - copied);
    const auto found = places.find(std::stoull((*at)[1], nullptr, 16));
    result += found == places.end() ? "an unknown line" : describe(found->second);
    copied = static_cast<size_t>(at->position() + at->length());
  }
  return result + text.substr(copied);
}

std::map<uint64_t, int> student_lines(const std::vector<uint64_t>& offsets, const std::filesystem::path& program,
                                      CommandRunner& runner) {
  std::vector<std::string> addresses;
  for (uint64_t offset : offsets) addresses.push_back(fmt::format("{:#x}", offset));
  std::map<uint64_t, int> lines;
  if (addresses.empty()) return lines;
  for (const auto& [address, place] : places_of(addresses, program, runner)) {
    if (is_cuda_source(place.first)) lines[address] = place.second;
  }
  return lines;
}

}  // namespace cudagrade
