// Real archives for the intake tests, written with libarchive's writer so that every hostile shape (a link,
// an entry that climbs out, a header that lies about its size, a password) is the genuine article rather
// than a hand-drawn byte string. Compiled into the test binary only.
#pragma once

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cudagrade::testing {

struct TestEntry {
  enum class Kind { kFile, kDirectory, kSymlink, kHardlink, kFifo, kCharDevice };
  std::string path;  // written as given, bytes and all
  std::string data;
  Kind kind = Kind::kFile;
  std::string link_target;              // kSymlink, kHardlink
  std::optional<int64_t> declared_size;  // the header's size; the data's size when unset
  time_t mtime = 1696509296;             // 2023-10-05 12:34:56 UTC
};

enum class TestFormat { kZip, kZipStored, kPax, kPaxGzip };

struct TestArchive {
  // kUtf8: as a desktop in a UTF-8 locale writes (zip names flagged UTF-8, pax names in UTF-8, raw bytes
  // with hdrcharset=BINARY where a name is not UTF-8). kC: as a writer that knows no character set, such
  // as Windows' own zip: names are raw bytes, unflagged.
  enum class WriterLocale { kUtf8, kC };
  std::vector<TestEntry> entries;
  TestFormat format = TestFormat::kZip;
  std::string zip_encryption;  // "zipcrypt", "aes256": the writer's zip:encryption option
  std::string passphrase;
  WriterLocale writer_locale = WriterLocale::kUtf8;
};

// Throws std::runtime_error when the writer refuses (e.g. an encryption this libarchive was built without).
void write_test_archive(const std::filesystem::path& file, const TestArchive& archive);

// Shorthand: a zip of plain files.
void write_zip(const std::filesystem::path& file, const std::vector<std::pair<std::string, std::string>>& files);

// What a reader sees in each header: name and declared size, in order (to prove a patch took).
std::vector<std::pair<std::string, int64_t>> header_sizes(const std::filesystem::path& file);

void write_text(const std::filesystem::path& file, const std::string& text);

// Overwrites every "uncompressed size" field of the named zip entry (local header and central directory)
// with `size`, so the header lies about how much data follows.
void patch_zip_sizes(const std::filesystem::path& file, const std::string& entry, uint32_t size);

}  // namespace cudagrade::testing
