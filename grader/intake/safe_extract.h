// One student's archive opened safely: every file it holds written under one destination folder, and
// nothing anywhere else, however the archive was made.
//
// What is refused, skipped or repaired, and why:
// - An entry that would land outside the destination (an absolute path, a drive letter, a ".."
//   component) makes the whole archive kUnsafe: that is an attack, not an accident, and nothing of it is
//   graded. Everything already written is removed.
// - Links, devices, FIFOs and sockets are skipped with a note, and the rest of the archive is used: zips
//   made on a Mac or in a Linux home folder hold symlinks innocently, and since no link is ever created, a
//   later entry can never be written through one.
// - Caps on the number of entries, each file's size and the total written (ExtractLimits) are enforced on
//   the bytes actually decompressed, chunk by chunk, never on the sizes a header claims, so a zip bomb or a
//   lying header stops at the cap. Passing a cap makes the archive kTooLarge and removes what was written:
//   an upload is a few source files, and one that is not is refused whole rather than graded in part.
// - Archives inside the archive are never opened: a .zip inside is just a file.
// - OS clutter (__MACOSX/, .DS_Store, AppleDouble "._" files, Thumbs.db) is skipped.
// - Names are repaired (safe_name.h): bytes that are not UTF-8 become '_', control characters go.
// - A password-protected entry, a corrupt or cut-short archive are kDamaged; the files completely written
//   before the damage stay listed, the partly written one is removed.
// - A file that is no archive (a lone .cu, a text file named .zip, an empty file) is kNotAnArchive.
//
// Formats: zip, tar (ustar, pax, GNU), 7z and rar, each plain or compressed with gzip, bzip2, xz, lzma or
// zstd. Not libarchive's "all": it adds mtree, a text format that C sources and CSV files are mistaken for
// (libarchive issue #1051), an "empty" format that accepts a 0-byte file as an archive, and decompressors
// that run external programs (lrzip, lzop, grzip).
//
// Bad input never throws; only a broken machine does (the destination cannot be created, a disk is full).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cudagrade {

// A submission is a handful of source files of a few KiB; the caps sit far above any honest upload (a
// stray build folder or a PDF report fits) and far below what would fill a disk or stall a class's run.
struct ExtractLimits {
  uint64_t max_total_bytes = 64ull << 20;  // decompressed, all files together
  uint64_t max_file_bytes = 8ull << 20;    // decompressed, any one file
  uint64_t max_entries = 2000;             // every entry counts: files, folders, links, skipped clutter
};

struct ExtractResult {
  // kDamaged: cannot be read through: cut short, corrupt, or password-protected.
  enum class Outcome { kExtracted, kNotAnArchive, kUnsafe, kTooLarge, kDamaged } outcome = Outcome::kExtracted;
  std::string message;             // one line a student can read; empty when kExtracted
  std::vector<std::string> notes;  // what was skipped or renamed, and why
  std::vector<std::string> files;  // written, relative to the destination, '/'-separated, in archive order
};

// Extracts `archive` into `destination` (created when missing; it should be empty, and is the caller's
// to remove).
ExtractResult safe_extract(const std::filesystem::path& archive, const std::filesystem::path& destination,
                           const ExtractLimits& limits = {});

// "8 MiB", "300 KiB", "1000 bytes": a limit as messages show it.
std::string size_text(uint64_t bytes);

}  // namespace cudagrade
