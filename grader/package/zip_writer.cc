#include "package/zip_writer.h"

#include "core/files.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

// Without Zip64 every size, offset and count must fit the classic format's fields.
constexpr uint64_t kMaxZipBytes = std::numeric_limits<uint32_t>::max();
constexpr size_t kMaxEntries = std::numeric_limits<uint16_t>::max();
constexpr uint16_t kVersion = 20;                      // 2.0: stored entries and folders
constexpr uint16_t kMadeByUnix = (3 << 8) | kVersion;  // host 3 = Unix: external attributes hold the mode
constexpr uint16_t kDosDate1980 = (0 << 9) | (1 << 5) | 1;

uint32_t crc32(const std::string& data) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> entries{};
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      entries[n] = c;
    }
    return entries;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : data) crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

class LittleEndian {
 public:
  void u16(uint16_t value) {
    for (int i = 0; i < 2; ++i) bytes_ += static_cast<char>((value >> (8 * i)) & 0xFF);
  }
  void u32(uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes_ += static_cast<char>((value >> (8 * i)) & 0xFF);
  }
  void raw(const std::string& text) { bytes_ += text; }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

struct Entry {
  std::string name;
  std::string data;
  uint32_t mode = 0;
  uint32_t crc = 0;
  uint32_t offset = 0;
};

// The fields the local header and the central directory share, from "version needed" to the name length.
void common_fields(LittleEndian& out, const Entry& entry) {
  out.u16(kVersion);
  out.u16(0);  // flags
  out.u16(0);  // method: stored
  out.u16(0);  // time 00:00
  out.u16(kDosDate1980);
  out.u32(entry.crc);
  out.u32(static_cast<uint32_t>(entry.data.size()));
  out.u32(static_cast<uint32_t>(entry.data.size()));
  out.u16(static_cast<uint16_t>(entry.name.size()));
  out.u16(0);  // extra field length
}

void local_header(LittleEndian& out, const Entry& entry) {
  out.u32(0x04034b50);
  common_fields(out, entry);
  out.raw(entry.name);
}

void central_header(LittleEndian& out, const Entry& entry) {
  out.u32(0x02014b50);
  out.u16(kMadeByUnix);
  common_fields(out, entry);
  out.u16(0);  // comment length
  out.u16(0);  // disk number
  out.u16(0);  // internal attributes
  out.u32(entry.mode << 16);
  out.u32(entry.offset);
  out.raw(entry.name);
}

void end_of_directory(LittleEndian& out, size_t count, uint32_t directory_offset, uint32_t directory_size) {
  out.u32(0x06054b50);
  out.u16(0);  // this disk
  out.u16(0);  // the disk holding the directory
  out.u16(static_cast<uint16_t>(count));
  out.u16(static_cast<uint16_t>(count));
  out.u32(directory_size);
  out.u32(directory_offset);
  out.u16(0);  // comment length
}

ZipResult read_entries(const fs::path& folder, std::vector<Entry>& entries) {
  ZipResult result;
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator(folder, error); !error && it != fs::recursive_directory_iterator();
       it.increment(error)) {
    if (!it->is_regular_file()) continue;
    std::optional<std::string> data = try_read_file(it->path());
    if (!data) return {ZipResult::Outcome::kUnreadable, fmt::format("cannot read {}", it->path().string()), {}};
    const uint32_t perms = static_cast<uint32_t>(it->status().permissions()) & 0777;
    entries.push_back({it->path().lexically_relative(folder).generic_string(), *data, S_IFREG | perms, 0, 0});
  }
  if (error)
    return {ZipResult::Outcome::kUnreadable, fmt::format("cannot list {}: {}", folder.string(), error.message()), {}};
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
  return result;
}

}  // namespace

ZipResult write_zip(const fs::path& folder, const fs::path& zip_file) {
  std::vector<Entry> entries;
  ZipResult result = read_entries(folder, entries);
  if (result.outcome != ZipResult::Outcome::kWritten) return result;
  if (entries.size() > kMaxEntries)
    return {ZipResult::Outcome::kTooLarge, "too many files for a zip without Zip64", {}};
  LittleEndian out;
  for (Entry& entry : entries) {
    entry.crc = crc32(entry.data);
    entry.offset = static_cast<uint32_t>(out.bytes().size());
    local_header(out, entry);
    out.raw(entry.data);
    if (out.bytes().size() > kMaxZipBytes) return {ZipResult::Outcome::kTooLarge, "the archive would pass 4 GiB", {}};
    result.entries.push_back(entry.name);
  }
  const auto directory_offset = static_cast<uint32_t>(out.bytes().size());
  for (const Entry& entry : entries) central_header(out, entry);
  const auto directory_size = static_cast<uint32_t>(out.bytes().size() - directory_offset);
  end_of_directory(out, entries.size(), directory_offset, directory_size);
  std::ofstream file(zip_file, std::ios::binary);
  file << out.bytes();
  file.close();
  if (!file) return {ZipResult::Outcome::kWriteFailed, fmt::format("cannot write {}", zip_file.string()), {}};
  return result;
}

}  // namespace cudagrade
