#include "intake/safe_extract.h"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <set>
#include <stdexcept>

#include "intake/safe_name.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;
using Outcome = ExtractResult::Outcome;

constexpr size_t kChunkBytes = 64 * 1024;
// A hostile archive can hold 2,000 links; the report needs a few examples, not 2,000 lines.
constexpr size_t kMaxNotes = 20;

// libarchive converts entry names into the current locale's character set, and in the C locale (the
// grader never calls setlocale) "café.cu" from a UTF-8 zip would arrive as "caf?.cu". Switching this thread
// alone to C.UTF-8 while extracting leaves the rest of the program's locale untouched. Names stored
// without a character set come through as their raw bytes either way, and entry_path() repairs them.
class Utf8Names {
 public:
  Utf8Names() : locale_(newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0))) {
    if (locale_ != static_cast<locale_t>(0)) previous_ = uselocale(locale_);
  }
  ~Utf8Names() {
    if (locale_ == static_cast<locale_t>(0)) return;
    uselocale(previous_);
    freelocale(locale_);
  }
  Utf8Names(const Utf8Names&) = delete;
  Utf8Names& operator=(const Utf8Names&) = delete;

 private:
  locale_t locale_;
  locale_t previous_ = static_cast<locale_t>(0);
};

using Reader = std::unique_ptr<archive, decltype(&archive_read_free)>;

Reader open_reader() {
  Reader reader(archive_read_new(), &archive_read_free);
  if (!reader) throw std::bad_alloc();
  archive* a = reader.get();
  // safe_extract.h says why these and not libarchive's "all".
  for (auto support : {archive_read_support_format_zip, archive_read_support_format_tar,
                       archive_read_support_format_7zip, archive_read_support_format_rar,
                       archive_read_support_format_rar5, archive_read_support_filter_gzip,
                       archive_read_support_filter_bzip2, archive_read_support_filter_xz,
                       archive_read_support_filter_lzma, archive_read_support_filter_zstd}) {
    support(a);
  }
  return reader;
}

std::string error_text(archive* a) {
  const char* error = archive_error_string(a);
  return error ? valid_utf8(error) : "unknown error";
}

// A failed open is the upload's fault (not an archive, cut short) unless the file itself could not be read.
ExtractResult failed_open(archive* a, const fs::path& file) {
  const int error = archive_errno(a);
  if (error == ENOENT || error == EACCES || error == EPERM || error == EIO || error == EISDIR || error == ENOMEM ||
      error == EMFILE || error == ENFILE) {
    throw std::runtime_error(fmt::format("cannot read {}: {}", file.string(), error_text(a)));
  }
  // libarchive's "unrecognized format" is EILSEQ on Linux (its private ARCHIVE_ERRNO_FILE_FORMAT); with no
  // format chosen yet, nothing in the file looked like an archive.
  if (error == EILSEQ && archive_format(a) == 0) {
    return {Outcome::kNotAnArchive, "not an archive that can be opened (zip, tar, tar.gz, 7z or rar)", {}, {}};
  }
  return {Outcome::kDamaged, fmt::format("the archive is damaged ({}); make it again and upload it again",
                                         error_text(a)), {}, {}};
}

// Errors a name from the archive can cause (a file where a folder must go, a name the file system will
// not take); any other failure to write is the machine's.
bool archive_fault(int error) {
  return error == EISDIR || error == ENOTDIR || error == EEXIST || error == ENAMETOOLONG || error == ELOOP ||
         error == EILSEQ || error == EINVAL;
}

void write_all(int fd, const char* data, size_t size, const fs::path& target) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) throw std::runtime_error(fmt::format("cannot write {}: {}", target.string(), std::strerror(errno)));
    data += written;
    size -= static_cast<size_t>(written);
  }
}

class FileHandle {
 public:
  explicit FileHandle(int fd) : fd_(fd) {}
  ~FileHandle() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// One pass over one archive. Every entry is judged and written in turn; the first refusal stops the pass.
class Extraction {
 public:
  Extraction(archive* reader, fs::path destination, const ExtractLimits& limits)
      : reader_(reader), destination_(std::move(destination)), limits_(limits), buffer_(kChunkBytes) {}

  ExtractResult run() {
    for (;;) {
      archive_entry* entry = nullptr;
      const int status = archive_read_next_header(reader_, &entry);
      if (status == ARCHIVE_EOF) break;
      warning_ = status == ARCHIVE_WARN ? error_text(reader_) : "";
      if (status != ARCHIVE_OK && status != ARCHIVE_WARN) {
        stop(Outcome::kDamaged, fmt::format("the archive is damaged ({}); make it again and upload it again",
                                            error_text(reader_)));
        break;
      }
      if (take(entry) == Step::kStop) break;
    }
    if (clutter_ > 0) {
      note(fmt::format("skipped {} entr{} the operating system added (__MACOSX/, .DS_Store, ._*, Thumbs.db)",
                       clutter_, clutter_ == 1 ? "y" : "ies"));
    }
    if (unshown_notes_ > 0) result_.notes.push_back(fmt::format("... and {} more notes like these", unshown_notes_));
    return result_;
  }

 private:
  enum class Step { kNext, kStop };
  enum class Folder { kReady, kBlocked };

  Step take(archive_entry* entry) {
    if (++entries_ > limits_.max_entries) {
      return stop(Outcome::kTooLarge, fmt::format("the archive holds more than {} entries; upload only your sources",
                                                  limits_.max_entries));
    }
    const char* raw = archive_entry_pathname(entry);
    if (raw == nullptr) raw = archive_entry_pathname_utf8(entry);
    if (raw == nullptr) {
      // libarchive gives no name when it cannot convert it, e.g. bytes that are not UTF-8 in a zip entry
      // flagged as UTF-8; the raw bytes are not to be had.
      note(fmt::format("skipped entry {}: its name cannot be read ({})", entries_, warning_.empty() ? "none given" : warning_));
      return Step::kNext;
    }
    if (!warning_.empty()) note(fmt::format("{}: {}", escaped(raw), warning_));
    const EntryPath path = entry_path(raw);
    if (path.outcome == EntryPath::Outcome::kEscapes) {
      return stop(Outcome::kUnsafe, fmt::format("the archive was refused: its entry \"{}\" {}, so it would be written "
                                                "outside the upload's folder", escaped(raw), path.reason));
    }
    if (path.outcome == EntryPath::Outcome::kEmpty) return Step::kNext;
    if (is_os_metadata(path.path)) {
      ++clutter_;
      return Step::kNext;
    }
    if (path.spelling == EntryPath::Spelling::kRepaired) {
      note(fmt::format("renamed \"{}\" to \"{}\": names must be UTF-8 without control characters", escaped(raw),
                       path.path));
    }
    return take_typed(path.path, entry);
  }

  Step take_typed(const std::string& path, archive_entry* entry) {
    if (const char* target = archive_entry_hardlink(entry)) {
      note(fmt::format("skipped {}: a hard link (to {}); links are not extracted", path, escaped(target)));
      return Step::kNext;
    }
    switch (archive_entry_filetype(entry)) {
      case AE_IFREG: return take_file(path, entry);
      case AE_IFDIR:
        if (make_folder(path) == Folder::kBlocked) note(fmt::format("skipped the folder {}: a file of that name is in the way", path));
        return Step::kNext;
      case AE_IFLNK: {
        const char* target = archive_entry_symlink(entry);
        note(fmt::format("skipped {}: a symbolic link (to {}); links are not extracted", path,
                         escaped(target ? target : "")));
        return Step::kNext;
      }
      default: note(fmt::format("skipped {}: a device, FIFO or socket, not a file", path)); return Step::kNext;
    }
  }

  Step take_file(const std::string& path, archive_entry* entry) {
    if (archive_entry_is_encrypted(entry)) {
      return stop(Outcome::kDamaged,
                  fmt::format("{} is password-protected: upload the archive without a password", path));
    }
    const size_t slash = path.rfind('/');
    if (slash != std::string::npos && make_folder(path.substr(0, slash)) == Folder::kBlocked) {
      note(fmt::format("skipped {}: a file stands where its folder must go", path));
      return Step::kNext;
    }
    const fs::path target = destination_ / path;
    // O_NOFOLLOW: no link is ever created here, and none is ever followed.
    FileHandle file(::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (file.get() < 0) {
      if (!archive_fault(errno)) throw std::runtime_error(fmt::format("cannot create {}: {}", target.string(), std::strerror(errno)));
      note(fmt::format("skipped {}: it cannot be written here ({})", path, std::strerror(errno)));
      return Step::kNext;
    }
    forget(path);  // a second entry of the same name replaces the first
    uint64_t size = 0;
    for (;;) {
      const la_ssize_t read = archive_read_data(reader_, buffer_.data(), buffer_.size());
      if (read == 0) break;
      if (read < 0) {
        std::error_code ignored;
        fs::remove(target, ignored);
        return stop(Outcome::kDamaged, fmt::format("the archive is damaged: {} cannot be read ({}); make it again "
                                                   "and upload it again", path, error_text(reader_)));
      }
      size += static_cast<uint64_t>(read);
      total_ += static_cast<uint64_t>(read);
      if (size > limits_.max_file_bytes || total_ > limits_.max_total_bytes) {
        std::error_code ignored;
        fs::remove(target, ignored);
        return stop(Outcome::kTooLarge,
                    size > limits_.max_file_bytes
                        ? fmt::format("{} is larger than {}, the most one file may hold; upload only your sources",
                                      path, size_text(limits_.max_file_bytes))
                        : fmt::format("the archive holds more than {} in all; upload only your sources",
                                      size_text(limits_.max_total_bytes)));
      }
      write_all(file.get(), buffer_.data(), static_cast<size_t>(read), target);
    }
    if (archive_entry_mtime_is_set(entry)) {
      // The upload's own times survive, so that an archive holding a whole class still says which of two
      // uploads is newer.
      const timespec times[2] = {{0, UTIME_OMIT}, {archive_entry_mtime(entry), archive_entry_mtime_nsec(entry)}};
      ::futimens(file.get(), times);
    }
    result_.files.push_back(path);
    return Step::kNext;
  }

  void forget(const std::string& path) {
    if (!written_.insert(path).second) {
      note(fmt::format("the archive holds {} twice; the later copy is kept", path));
      std::erase(result_.files, path);
    }
  }

  // Creates each missing folder of `path` one level at a time, never through anything but a real folder.
  Folder make_folder(const std::string& path) {
    fs::path folder = destination_;
    for (const fs::path& part : fs::path(path)) {
      folder /= part;
      if (::mkdir(folder.c_str(), 0755) == 0) {
        created_.push_back(folder);
        continue;
      }
      const int error = errno;
      struct stat info;
      if (error == EEXIST && ::lstat(folder.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) continue;
      if (archive_fault(error)) return Folder::kBlocked;
      throw std::runtime_error(fmt::format("cannot create {}: {}", folder.string(), std::strerror(error)));
    }
    return Folder::kReady;
  }

  Step stop(Outcome outcome, std::string message) {
    result_.outcome = outcome;
    result_.message = std::move(message);
    if (outcome == Outcome::kUnsafe || outcome == Outcome::kTooLarge) remove_everything();
    return Step::kStop;
  }

  void remove_everything() {
    std::error_code ignored;
    for (const std::string& file : result_.files) fs::remove(destination_ / file, ignored);
    for (auto folder = created_.rbegin(); folder != created_.rend(); ++folder) fs::remove(*folder, ignored);
    result_.files.clear();
  }

  void note(std::string text) {
    if (result_.notes.size() < kMaxNotes) {
      result_.notes.push_back(std::move(text));
    } else {
      ++unshown_notes_;
    }
  }

  archive* reader_;
  fs::path destination_;
  ExtractLimits limits_;
  std::vector<char> buffer_;
  std::string warning_;  // libarchive's warning about the current entry's header, if any
  ExtractResult result_;
  std::set<std::string> written_;
  std::vector<fs::path> created_;  // folders this pass made, outermost first
  uint64_t entries_ = 0;
  uint64_t total_ = 0;
  size_t clutter_ = 0;
  size_t unshown_notes_ = 0;
};

}  // namespace

std::string size_text(uint64_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} bytes", bytes);
}

ExtractResult safe_extract(const fs::path& archive_file, const fs::path& destination, const ExtractLimits& limits) {
  std::error_code error;
  const uintmax_t size = fs::file_size(archive_file, error);
  if (error) throw std::runtime_error(fmt::format("cannot read {}: {}", archive_file.string(), error.message()));
  fs::create_directories(destination);
  if (size == 0) return {Outcome::kNotAnArchive, "the file is empty", {}, {}};
  Utf8Names utf8_names;
  Reader reader = open_reader();
  if (archive_read_open_filename(reader.get(), archive_file.c_str(), kChunkBytes) < ARCHIVE_WARN) {
    return failed_open(reader.get(), archive_file);
  }
  return Extraction(reader.get(), destination, limits).run();
}

}  // namespace cudagrade
