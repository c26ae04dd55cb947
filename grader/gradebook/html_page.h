// What the gradebook's HTML pages share: one self-contained document frame (inline CSS, no scripts, no
// external requests, so a page opens from a zip or an LMS attachment offline), the status badge, and how
// student-controlled text gets into markup.
#pragma once

#include <string>
#include <string_view>

namespace cudagrade {

// "<!DOCTYPE html>...<title>title</title><style>...</style></head><body>body</body></html>". title is text
// (escaped here); body is markup the caller has already escaped.
std::string html_page(std::string_view title, std::string_view body);

// Text for an attribute value in double quotes (escape.h's xml_attribute: quotes, line breaks and markup
// characters become references).
std::string html_attribute(std::string_view text);

// <span class="status s-wrong_answer">wrong_answer</span>. The class keeps only [a-z0-9_] of the status, so
// an odd intake status cannot break out of the attribute; the text is escaped.
std::string status_badge(std::string_view status);

}  // namespace cudagrade
