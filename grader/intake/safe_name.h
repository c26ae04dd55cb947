// Untrusted names made safe to use on disk: the paths inside a student's archive, and the student ids and
// upload names that become folder names in the work folder.
//
// An archive's names are whatever bytes its maker wrote: absolute paths and ".." that would land outside
// the destination (zip-slip), Windows backslashes, bytes that are not UTF-8 (Windows code pages, old Macs),
// control characters that garble a terminal or a report, and Unicode direction overrides that make
// "lab<RLO>uc.exe" look like another name. A name is repaired where that is harmless and refused where
// it is an attempt to escape.
#pragma once

#include <string>
#include <string_view>

namespace cudagrade {

struct EntryPath {
  enum class Outcome { kSafe, kEscapes, kEmpty } outcome = Outcome::kSafe;
  enum class Spelling { kAsWritten, kRepaired } spelling = Spelling::kAsWritten;
  std::string path;    // kSafe: relative, '/'-separated, valid UTF-8, without control characters
  std::string reason;  // kEscapes: why, for a message ("is an absolute path")
};

// The relative path an archive entry may be written to. '/' and '\' both separate components; "." and
// empty components are dropped; an absolute path, a drive letter or a ".." component escapes.
EntryPath entry_path(std::string_view raw);

// `text` as valid UTF-8: every byte that does not start a well-formed character becomes '_', and control
// and direction-override characters are removed.
std::string valid_utf8(std::string_view text);

// `raw` for a message: valid UTF-8 kept as it is, every other byte and every control character as \xNN.
std::string escaped(std::string_view raw);

// One path component for any id or upload name: ASCII letters, digits and ". _ - @" kept, everything else
// '_'; a name that had to change (or could pass for "." or "..") gets a hash of the original appended, so
// two different ids never share a folder.
std::string folder_name(std::string_view text);

// Files that operating systems add to an archive behind the student's back: __MACOSX/, .DS_Store,
// AppleDouble "._" files, Thumbs.db. `path` is a relative path as entry_path() gives it.
bool is_os_metadata(std::string_view path);

}  // namespace cudagrade
