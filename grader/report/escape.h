// Escaping for the markup formats: JUnit's XML and the HTML in GitHub's job summary.
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

}  // namespace cudagrade
