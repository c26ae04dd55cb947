// A source file's twins as other systems save them: Windows (a byte order mark and CR LF) and classic Mac OS
// (CR alone). A grader must build and judge each exactly as the plain file.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cudagrade::testing {

inline std::vector<std::pair<std::string, std::string>> line_end_twins(const std::string& plain) {
  std::string windows = "\xEF\xBB\xBF", old_mac;
  for (char c : plain) {
    windows += c == '\n' ? std::string("\r\n") : std::string(1, c);
    old_mac += c == '\n' ? '\r' : c;
  }
  return {{"windows.cu", windows}, {"old_mac.cu", old_mac}};
}

}  // namespace cudagrade::testing
