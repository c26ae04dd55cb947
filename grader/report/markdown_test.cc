#include "report/markdown.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("inline Markdown cannot end a table row, start a heading or open markup", "[markdown]") {
  CHECK(markdown_inline("a|b\n# c *d* <script>") == "a\\|b \\# c \\*d\\* &lt;script&gt;");
  CHECK(markdown_inline("x_y[1]!~`") == "x\\_y\\[1\\]\\!\\~\\`");
}

TEST_CASE("a table cell is the first line, cut to its width, with its bars escaped", "[markdown]") {
  CHECK(markdown_cell("C[0] | wrong\nsecond line", 100) == "C[0] \\| wrong");
  CHECK(markdown_cell("abcdefghij", 8) == "abcde...");
}

TEST_CASE("a fence is longer than any run of backticks inside it", "[markdown]") {
  CHECK(markdown_fence("plain") == "```\nplain\n```\n");
  CHECK(markdown_fence("a ```` b\n") == "`````\na ```` b\n`````\n");
}

TEST_CASE("a table has its header, its alignment row and one line a row", "[markdown]") {
  CHECK(markdown_table({"case", "points"}, {false, true}, {{"square-16", "1 / 1"}, {"", "0"}}) ==
        "| case | points |\n| --- | ---: |\n| square-16 | 1 / 1 |\n|  | 0 |\n");
  CHECK(markdown_table({"", ""}, {false, false}, {{"status", "passed"}}) ==
        "| | |\n| --- | --- |\n| status | passed |\n");
}

TEST_CASE("a folded block escapes its summary and keeps the caller's block", "[markdown]") {
  CHECK(markdown_details("a <b>", "```\nx\n```\n", true) ==
        "<details open><summary>a &lt;b&gt;</summary>\n\n```\nx\n```\n\n</details>\n");
  CHECK(markdown_details("log", "<pre>\ny\n</pre>\n", false) ==
        "<details><summary>log</summary>\n\n<pre>\ny\n</pre>\n\n</details>\n");
}

}  // namespace
}  // namespace cudagrade
