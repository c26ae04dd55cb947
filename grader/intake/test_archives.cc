#include "intake/test_archives.h"

#include <archive.h>
#include <archive_entry.h>
#include <locale.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <fstream>
#include <memory>
#include <stdexcept>

#include "core/files.h"

namespace cudagrade::testing {
namespace {

using Writer = std::unique_ptr<archive, decltype(&archive_write_free)>;
using Entry = std::unique_ptr<archive_entry, decltype(&archive_entry_free)>;

void check(archive* a, int status, const char* what) {
  if (status < ARCHIVE_WARN) {  // a warning (a name that is not UTF-8) still writes the entry
    const char* error = archive_error_string(a);
    throw std::runtime_error(std::string(what) + ": " + (error ? error : "failed"));
  }
}

mode_t type_bits(TestEntry::Kind kind) {
  switch (kind) {
    case TestEntry::Kind::kFile:
    case TestEntry::Kind::kHardlink: return AE_IFREG;
    case TestEntry::Kind::kDirectory: return AE_IFDIR;
    case TestEntry::Kind::kSymlink: return AE_IFLNK;
    case TestEntry::Kind::kFifo: return AE_IFIFO;
    case TestEntry::Kind::kCharDevice: return AE_IFCHR;
  }
  return AE_IFREG;
}

void set_format(archive* a, const TestArchive& spec) {
  switch (spec.format) {
    case TestFormat::kZip:
    case TestFormat::kZipStored:
      check(a, archive_write_set_format_zip(a), "zip format");
      if (spec.format == TestFormat::kZipStored) check(a, archive_write_zip_set_compression_store(a), "store");
      if (!spec.zip_encryption.empty()) {
        check(a, archive_write_set_format_option(a, "zip", "encryption", spec.zip_encryption.c_str()), "encryption");
        check(a, archive_write_set_passphrase(a, spec.passphrase.c_str()), "passphrase");
      }
      break;
    case TestFormat::kPax: check(a, archive_write_set_format_pax(a), "pax format"); break;
    case TestFormat::kPaxGzip:
      check(a, archive_write_set_format_pax(a), "pax format");
      check(a, archive_write_add_filter_gzip(a), "gzip");
      break;
  }
}

void add_entry(archive* a, const TestEntry& spec) {
  Entry entry(archive_entry_new(), &archive_entry_free);
  archive_entry_copy_pathname(entry.get(), spec.path.c_str());
  archive_entry_set_filetype(entry.get(), type_bits(spec.kind));
  archive_entry_set_perm(entry.get(), spec.kind == TestEntry::Kind::kDirectory ? 0755 : 0644);
  archive_entry_set_mtime(entry.get(), spec.mtime, 0);
  if (spec.kind == TestEntry::Kind::kSymlink) archive_entry_copy_symlink(entry.get(), spec.link_target.c_str());
  if (spec.kind == TestEntry::Kind::kHardlink) archive_entry_copy_hardlink(entry.get(), spec.link_target.c_str());
  if (spec.kind == TestEntry::Kind::kCharDevice) archive_entry_set_rdev(entry.get(), makedev(1, 5));
  const bool has_data = spec.kind == TestEntry::Kind::kFile;
  archive_entry_set_size(entry.get(), spec.declared_size.value_or(has_data ? spec.data.size() : 0));
  check(a, archive_write_header(a, entry.get()), "header");
  if (has_data && !spec.data.empty()) {
    const la_ssize_t written = archive_write_data(a, spec.data.data(), spec.data.size());
    if (written < 0) check(a, ARCHIVE_FATAL, "data");
  }
}

}  // namespace

void write_test_archive(const std::filesystem::path& file, const TestArchive& spec) {
  const locale_t utf8 = spec.writer_locale == TestArchive::WriterLocale::kUtf8
                            ? newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0))
                            : static_cast<locale_t>(0);
  const locale_t previous = utf8 ? uselocale(utf8) : static_cast<locale_t>(0);
  struct Restore {
    locale_t utf8, previous;
    ~Restore() {
      if (!utf8) return;
      uselocale(previous);
      freelocale(utf8);
    }
  } restore{utf8, previous};
  std::filesystem::create_directories(file.parent_path());
  Writer a(archive_write_new(), &archive_write_free);
  set_format(a.get(), spec);
  check(a.get(), archive_write_open_filename(a.get(), file.c_str()), "open");
  for (const TestEntry& entry : spec.entries) add_entry(a.get(), entry);
  check(a.get(), archive_write_close(a.get()), "close");
}

void write_zip(const std::filesystem::path& file, const std::vector<std::pair<std::string, std::string>>& files) {
  TestArchive spec;
  for (const auto& [path, data] : files) spec.entries.push_back({.path = path, .data = data});
  write_test_archive(file, spec);
}

std::vector<std::pair<std::string, int64_t>> header_sizes(const std::filesystem::path& file) {
  std::unique_ptr<archive, decltype(&archive_read_free)> a(archive_read_new(), &archive_read_free);
  archive_read_support_format_zip(a.get());
  archive_read_support_format_tar(a.get());
  check(a.get(), archive_read_open_filename(a.get(), file.c_str(), 1 << 16), "open");
  std::vector<std::pair<std::string, int64_t>> sizes;
  archive_entry* entry = nullptr;
  while (archive_read_next_header(a.get(), &entry) == ARCHIVE_OK) {
    sizes.emplace_back(archive_entry_pathname(entry), archive_entry_size(entry));
  }
  return sizes;
}

void write_text(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

void patch_zip_sizes(const std::filesystem::path& file, const std::string& entry, uint32_t size) {
  std::string bytes = read_file(file);
  auto put32 = [&](size_t at) {
    for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((size >> (8 * i)) & 0xff);
  };
  // Local header: signature PK\3\4, name at 30, uncompressed size at 22. Central directory: PK\1\2, name at
  // 46, uncompressed size at 24.
  for (auto [signature, name_at, size_at] : {std::tuple{std::string("PK\3\4"), 30, 22}, {std::string("PK\1\2"), 46, 24}}) {
    for (size_t at = bytes.find(signature); at != std::string::npos; at = bytes.find(signature, at + 1)) {
      if (bytes.compare(at + name_at, entry.size(), entry) == 0) put32(at + size_at);
    }
  }
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace cudagrade::testing
