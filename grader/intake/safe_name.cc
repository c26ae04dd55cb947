#include "intake/safe_name.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/hash.h"

namespace cudagrade {
namespace {

// Linux refuses components longer than this many bytes.
constexpr size_t kMaxComponentBytes = 255;

// The length of the well-formed UTF-8 character at text[i], and its code point; 0 when the byte there does
// not start one (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, cut short).
size_t decode(std::string_view text, size_t i, char32_t& code) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length;
  if (lead < 0x80) {
    code = lead;
    return 1;
  } else if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    code = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    code = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3f);
  }
  const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < smallest[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return length;
}

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates (U+202A-202E, U+2066-2069), which
// reorder how a name is displayed.
bool invisible(char32_t code) {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) ||
         (code >= 0x2066 && code <= 0x2069);
}

// Cut to at most `limit` bytes without splitting a character (valid UTF-8 in, valid UTF-8 out).
std::string truncated(std::string text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80) --end;
  text.resize(end);
  return text;
}

std::vector<std::string_view> components(std::string_view raw) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= raw.size(); ++i) {
    if (i == raw.size() || raw[i] == '/' || raw[i] == '\\') {
      parts.push_back(raw.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

bool drive_letter(std::string_view component) {
  return component.size() == 2 && component[1] == ':' &&
         ((component[0] >= 'a' && component[0] <= 'z') || (component[0] >= 'A' && component[0] <= 'Z'));
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    char32_t code = 0;
    const size_t length = decode(text, i, code);
    if (length == 0) {
      out += '_';
      ++i;
      continue;
    }
    if (!invisible(code)) out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

std::string escaped(std::string_view raw) {
  std::string out;
  for (size_t i = 0; i < raw.size();) {
    char32_t code = 0;
    const size_t length = decode(raw, i, code);
    if (length == 0 || invisible(code)) {
      for (size_t k = 0; k < std::max<size_t>(length, 1); ++k) {
        out += fmt::format("\\x{:02x}", static_cast<unsigned char>(raw[i + k]));
      }
      i += std::max<size_t>(length, 1);
      continue;
    }
    out.append(raw.substr(i, length));
    i += length;
  }
  return out;
}

EntryPath entry_path(std::string_view raw) {
  if (!raw.empty() && (raw.front() == '/' || raw.front() == '\\')) {
    return {EntryPath::Outcome::kEscapes, EntryPath::Spelling::kAsWritten, "", "is an absolute path"};
  }
  const std::vector<std::string_view> parts = components(raw);
  if (drive_letter(parts.front())) {
    return {EntryPath::Outcome::kEscapes, EntryPath::Spelling::kAsWritten, "", "is an absolute Windows path"};
  }
  EntryPath result;
  for (std::string_view part : parts) {
    // Cleaned before the ".." test, so that a control character cannot hide a ".." (".\x01.").
    std::string clean = truncated(valid_utf8(part), kMaxComponentBytes);
    if (clean != part) result.spelling = EntryPath::Spelling::kRepaired;
    if (clean == "..") {
      return {EntryPath::Outcome::kEscapes, EntryPath::Spelling::kAsWritten, "", "climbs out of its folder with \"..\""};
    }
    if (clean.empty() || clean == ".") continue;
    // Cleaned before this test too: "C:\x01" repairs to "C:", which must not become the path's first part.
    if (result.path.empty() && drive_letter(clean)) {
      return {EntryPath::Outcome::kEscapes, EntryPath::Spelling::kAsWritten, "", "is an absolute Windows path"};
    }
    if (!result.path.empty()) result.path += '/';
    result.path += clean;
  }
  if (result.path.empty()) result.outcome = EntryPath::Outcome::kEmpty;
  return result;
}

std::string folder_name(std::string_view text) {
  std::string name;
  for (char c : text.substr(0, 100)) {
    const bool kept = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-' || c == '@';
    name += kept ? c : '_';
  }
  if (name == text && !name.empty() && name.front() != '.') return name;
  return fmt::format("{}-{:08x}", name, fnv1a(std::string(text)) & 0xffffffffu);
}

bool is_os_metadata(std::string_view path) {
  for (std::string_view part : components(path)) {
    if (part == "__MACOSX") return true;
  }
  const size_t slash = path.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  return base == ".DS_Store" || base.substr(0, 2) == "._" || base == "Thumbs.db";
}

}  // namespace cudagrade
