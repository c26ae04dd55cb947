#include "package/template.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("placeholders are replaced once, GitHub expressions and action refs are left alone", "[package]") {
  RenderedTemplate rendered = render_template(
      "lab: @LAB@\nuses: actions/checkout@v4\nrun: echo ${{ steps.x.outputs.y }} @LAB@@FILE@\nmail a@b.c\n",
      {{"LAB", "matmul"}, {"FILE", "@LAB@"}});
  REQUIRE(rendered.outcome == RenderedTemplate::Outcome::kRendered);
  CHECK(rendered.text ==
        "lab: matmul\nuses: actions/checkout@v4\nrun: echo ${{ steps.x.outputs.y }} matmul@LAB@\nmail a@b.c\n");
}

TEST_CASE("a placeholder without a value is an error, not left in the output", "[package]") {
  RenderedTemplate rendered = render_template("repo: @GRADER_REPO@\n", {{"LAB", "matmul"}});
  CHECK(rendered.outcome == RenderedTemplate::Outcome::kUnknownPlaceholder);
  CHECK(rendered.problem == "no value for the placeholder @GRADER_REPO@");
}

TEST_CASE("a missing template file is reported with its path", "[package]") {
  RenderedTemplate rendered = render_template_file("/nonexistent/setup.sh", {});
  CHECK(rendered.outcome == RenderedTemplate::Outcome::kMissingTemplate);
  CHECK_THAT(rendered.problem, Catch::Contains("/nonexistent/setup.sh"));
}

}  // namespace
}  // namespace cudagrade
