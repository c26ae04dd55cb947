#include "gradebook/html_page.h"

#include <fmt/format.h>

#include "report/escape.h"

namespace cudagrade {
namespace {

// Colours by severity: green passed, grey skipped, amber for the grader's trouble (infra_error), red for the
// student's failures, purple for uploads intake could not grade. The status classes are s-<status>.
constexpr std::string_view kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
h1, h2, h3 { font-weight: 600; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: #f7f7f7; border: 1px solid #ddd; padding: 0.6em; overflow-x: auto; white-space: pre-wrap; }
details { margin: 0.5em 0; }
.msg { white-space: pre-wrap; }
summary { cursor: pointer; font-weight: 600; }
.status { display: inline-block; padding: 0 0.4em; border-radius: 0.3em; color: #fff; background: #b32; }
.s-passed { background: #282; }
.s-skipped { background: #777; }
.s-infra_error { background: #c80; }
.s-missing_file, .s-ambiguous_file, .s-not_an_archive, .s-unsafe_archive, .s-superseded { background: #737; }
.note, .not-measured { color: #666; }
pre.source { white-space: pre; padding: 0.6em 0; }
pre.source .line { display: block; padding: 0 0.6em; }
pre.source .ln { display: inline-block; width: 3.5em; color: #999; text-decoration: none; }
pre.source .blamed { background: #ffc8c8; }
pre.source .line:target { outline: 2px solid #b32; }
pre.source .matched { background: #ffe9a8; }
table.side-by-side { width: 100%; table-layout: fixed; }
table.side-by-side td { padding: 0; }
table.side-by-side pre.source { margin: 0; border: none; font-size: 12px; }
.meter { background: #eee; width: 12em; height: 0.9em; }
.meter > div { background: #282; height: 100%; }
svg { font-size: 11px; }
svg .bar { fill: #3a6ea5; }
svg .mark { stroke: #999; stroke-dasharray: 3 3; }
svg .dot { fill: #3a6ea5; fill-opacity: 0.7; }
)";

}  // namespace

std::string html_page(std::string_view title, std::string_view body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
      "<style>{}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
      html_text(title), kStyle, body);
}

std::string html_attribute(std::string_view text) {
  return xml_attribute(text);
}

std::string status_badge(std::string_view status) {
  std::string css_class;
  for (char c : status) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') css_class += c;
  }
  return fmt::format("<span class=\"status s-{}\">{}</span>", css_class, html_text(status));
}

}  // namespace cudagrade
