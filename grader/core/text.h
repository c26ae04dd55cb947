// Small text helpers the stages share.
#pragma once

#include <string>
#include <string_view>

namespace cudagrade {

// `text` without leading and trailing spaces, tabs, carriage returns and newlines.
std::string trim(std::string_view text);

}  // namespace cudagrade
