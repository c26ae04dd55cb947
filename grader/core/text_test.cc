#include "core/text.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("trim drops spaces, tabs and line ends at both ends and keeps those inside", "[text]") {
  CHECK(trim("  x = in[i];\t\r\n") == "x = in[i];");
  CHECK(trim("a  b") == "a  b");
  CHECK(trim(" \t\r\n").empty());
  CHECK(trim("").empty());
}

}  // namespace
}  // namespace cudagrade
