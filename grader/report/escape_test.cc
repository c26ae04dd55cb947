#include "report/escape.h"

#include <catch2/catch.hpp>
#include <string>

namespace cudagrade {
namespace {

using namespace std::string_literals;

TEST_CASE("a terminal is shown the controls a submission printed, never sent them", "[escape]") {
  // Clearing the screen, returning the carriage to overwrite a line, ringing the bell, a NUL.
  CHECK(terminal_text("\x1b[2J\x1b[Hscore 4 / 4\r\a"s + '\0' + "x") == "\\x1b[2J\\x1b[Hscore 4 / 4\\x0d\\x07\\x00x");
  // DEL, a C1 control (CSI as U+009B) and a right-to-left override that would reorder what is read.
  CHECK(terminal_text("a\x7f" "b\xc2\x9b" "c\xe2\x80\xae" "d") == "a\\x7fb\\u009bc\\u202ed");
  // Invalid UTF-8 is written byte by byte; valid text, line breaks and tabs stay.
  CHECK(terminal_text("\xff\xfe ok") == "\\xff\\xfe ok");
  CHECK(terminal_text("C[0][1]: expected 2, got 3\n\ttile \xe2\x9c\x93 \xe2\x80\x98" "acc\xe2\x80\x99") ==
        "C[0][1]: expected 2, got 3\n\ttile \xe2\x9c\x93 \xe2\x80\x98" "acc\xe2\x80\x99");
}

}  // namespace
}  // namespace cudagrade
