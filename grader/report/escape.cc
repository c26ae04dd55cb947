#include "report/escape.h"

#include <fmt/format.h>

namespace cudagrade {
namespace {

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

struct Utf8Char {
  char32_t code = 0;
  size_t length = 1;
  bool valid = false;
};

// The character that starts at text[at]. A byte that does not start a well-formed sequence (a stray
// continuation byte, an overlong form, a surrogate, a sequence cut short) is invalid on its own.
Utf8Char decode_utf8(std::string_view text, size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) return {lead, 1, true};
  const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  if (length == 0 || lead > 0xF4 || at + length > text.size()) return {};
  char32_t code = lead & (0x7F >> length);
  for (size_t i = 1; i < length; ++i) {
    const auto next = static_cast<unsigned char>(text[at + i]);
    if ((next & 0xC0) != 0x80) return {};
    code = (code << 6) | (next & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, length, true};
}

// XML 1.0's Char production.
bool xml_allows(char32_t code) {
  return code == 0x9 || code == 0xA || code == 0xD || (code >= 0x20 && code <= 0xD7FF) ||
         (code >= 0xE000 && code <= 0xFFFD) || (code >= 0x10000 && code <= 0x10FFFF);
}

std::string escape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    const Utf8Char next = decode_utf8(text, at);
    const std::string_view bytes = text.substr(at, next.length);
    at += next.length;
    if (!next.valid) {
      out += kReplacementCharacter;
    } else if (!xml_allows(next.code)) {
      out += next.code < 0x20 ? fmt::format("\\x{:02x}", static_cast<unsigned>(next.code))
                              : std::string(kReplacementCharacter);
    } else if (next.code == '&') {
      out += "&amp;";
    } else if (next.code == '<') {
      out += "&lt;";
    } else if (next.code == '>') {
      out += "&gt;";
    } else if (next.code == '\r') {
      out += "&#13;";  // a literal CR would be normalised away by every parser
    } else if (attribute && (next.code == '"' || next.code == '\'' || next.code == '\n' || next.code == '\t')) {
      out += next.code == '"' ? "&quot;" : next.code == '\'' ? "&apos;" : next.code == '\n' ? "&#10;" : "&#9;";
    } else {
      out += bytes;
    }
  }
  return out;
}

// What a terminal would act on rather than show: C0 controls but line breaks and tabs, DEL, C1 controls,
// and the bidirectional embeddings, overrides and isolates.
bool terminal_acts_on(char32_t code) {
  if (code == '\n' || code == '\t') return false;
  return code < 0x20 || (code >= 0x7F && code <= 0x9F) || (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

std::string terminal_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    const Utf8Char next = decode_utf8(text, at);
    if (!next.valid) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[at]));
      at += 1;
      continue;
    }
    if (!terminal_acts_on(next.code)) {
      out += text.substr(at, next.length);
    } else if (next.code < 0x80) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned>(next.code));
    } else {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(next.code));
    }
    at += next.length;
  }
  return out;
}

std::string xml_text(std::string_view text) {
  return escape(text, false);
}

std::string xml_attribute(std::string_view text) {
  return escape(text, true);
}

std::string html_text(std::string_view text) {
  return escape(text, false);
}

}  // namespace cudagrade
