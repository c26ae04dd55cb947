#include "run/source_lines.h"

#include <map>
#include <regex>
#include <sstream>
#include <vector>

namespace cudagrade {
namespace {

const std::regex& marker_pattern() {
  static const std::regex pattern(R"(\{\{cusim-line (0x[0-9a-f]{1,16})\}\})");
  return pattern;
}

// "/path/matmul.cu:12 (discriminator 2)" -> "line 12"; "/path/cusim_math.h:40" -> "cusim_math.h:40".
std::string describe(const std::string& location) {
  const std::string trimmed = location.substr(0, location.find(" ("));
  const size_t colon = trimmed.rfind(':');
  if (colon == std::string::npos || trimmed.substr(colon + 1) == "?" || trimmed.substr(colon + 1) == "0") return "";
  const std::string file = trimmed.substr(0, colon), line = trimmed.substr(colon + 1);
  const std::string base = file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1);
  if (base.size() > 3 && base.compare(base.size() - 3, 3, ".cu") == 0) return "line " + line;
  return base + ":" + line;
}

// addr2line -a prints each address ("0x0000000000001234"), then its frames, innermost first.
std::map<uint64_t, std::string> lines_of(const std::vector<std::string>& addresses,
                                         const std::filesystem::path& program, CommandRunner& runner) {
  std::vector<std::string> command = {"addr2line", "-a", "-i", "-e", program.string()};
  command.insert(command.end(), addresses.begin(), addresses.end());
  CommandResult result = runner.run(command, std::chrono::seconds(30));
  std::map<uint64_t, std::string> found;
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
    if (std::string text = describe(line); !text.empty()) found[address] = text;
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
  const std::map<uint64_t, std::string> lines = lines_of(addresses, program, runner);
  std::string result;
  size_t copied = 0;
  for (std::sregex_iterator at(text.begin(), text.end(), marker_pattern()), end; at != end; ++at) {
    result.append(text, copied, static_cast<size_t>(at->position()) - copied);
    const auto found = lines.find(std::stoull((*at)[1], nullptr, 16));
    result += found == lines.end() ? "an unknown line" : found->second;
    copied = static_cast<size_t>(at->position() + at->length());
  }
  return result + text.substr(copied);
}

}  // namespace cudagrade
