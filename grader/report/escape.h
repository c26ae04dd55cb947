// Escaping for every format that shows what a submission printed: JUnit's XML, the HTML in GitHub's job
// summary and the reports, and the text a terminal shows.
#pragma once

#include <string>
#include <string_view>

namespace cudagrade {

// Messages quote what a submission printed, which can be any bytes, and XML 1.0 cannot hold them all: invalid
// UTF-8 becomes U+FFFD and the control characters XML forbids are written out as "\x01", so the document
// always parses. In an attribute, line breaks and tabs become character references so that parsers keep them.
std::string xml_text(std::string_view text);
std::string xml_attribute(std::string_view text);

// Text in HTML escapes as it does in XML, and what a submission printed needs the same cleaning in both.
std::string html_text(std::string_view text);

// Text for a terminal: what a submission printed is shown as data, never interpreted. Control characters but
// line breaks and tabs (ESC, CR, BEL, NUL, DEL, the C1 controls) are written out as "\x1b" or "\u009b",
// Unicode's bidirectional overrides as "\u202e" (they reorder what a reader sees), and invalid UTF-8 as
// "\xff", byte by byte; everything else is kept as it is.
std::string terminal_text(std::string_view text);

}  // namespace cudagrade
