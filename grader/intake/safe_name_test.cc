#include "intake/safe_name.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("entry paths inside the archive are kept, tidied and '/'-separated", "[intake]") {
  struct Example {
    std::string raw;
    std::string path;
    EntryPath::Spelling spelling;
  };
  const std::vector<Example> examples = {
      {"matmul.cu", "matmul.cu", EntryPath::Spelling::kAsWritten},
      {"project/src/matmul.cu", "project/src/matmul.cu", EntryPath::Spelling::kAsWritten},
      {"./project//src/./matmul.cu", "project/src/matmul.cu", EntryPath::Spelling::kAsWritten},
      {"project\\src\\matmul.cu", "project/src/matmul.cu", EntryPath::Spelling::kAsWritten},  // Windows zips
      {"caf\xc3\xa9/matmul.cu", "caf\xc3\xa9/matmul.cu", EntryPath::Spelling::kAsWritten},    // UTF-8 stays
      {"r\xe9sum\xe9.cu", "r_sum_.cu", EntryPath::Spelling::kRepaired},                       // Latin-1 bytes
      {"mat\x01mul\x1b[31m.cu", "matmul[31m.cu", EntryPath::Spelling::kRepaired},
      {"matmul\xe2\x80\xae" "uc.exe", "matmuluc.exe", EntryPath::Spelling::kRepaired},  // a right-to-left override
      {"folder/", "folder", EntryPath::Spelling::kAsWritten},
  };
  for (const Example& example : examples) {
    INFO(example.raw);
    const EntryPath path = entry_path(example.raw);
    CHECK(path.outcome == EntryPath::Outcome::kSafe);
    CHECK(path.path == example.path);
    CHECK(path.spelling == example.spelling);
  }
  CHECK(entry_path(std::string(300, 'a') + ".cu").path == std::string(255, 'a'));  // the file system's limit
}

TEST_CASE("entry paths that would land outside the destination escape", "[intake]") {
  struct Example {
    std::string raw;
    std::string reason;
  };
  const std::vector<Example> examples = {
      {"../evil.cu", "climbs"},           {"src/../../evil.cu", "climbs"},  {"..\\..\\evil.cu", "climbs"},
      {".\x01./evil.cu", "climbs"},       {"/abs.cu", "absolute path"},     {"/etc/cron.d/x", "absolute path"},
      {"\\server\\share", "absolute path"}, {"C:/Windows/evil.cu", "absolute Windows path"},
      // Found by fuzz_archive (2026-11-24): a control character repaired away left a drive letter first.
      {"C:\x01/evil.cu", "absolute Windows path"}, {"./C:\x01", "absolute Windows path"},
  };
  for (const Example& example : examples) {
    INFO(example.raw);
    const EntryPath path = entry_path(example.raw);
    CHECK(path.outcome == EntryPath::Outcome::kEscapes);
    CHECK(path.path.empty());
    CHECK_THAT(path.reason, Catch::Contains(example.reason));
  }
  CHECK(entry_path("").outcome == EntryPath::Outcome::kEmpty);
  CHECK(entry_path("./").outcome == EntryPath::Outcome::kEmpty);
  CHECK(entry_path("a..b/c..").path == "a..b/c..");  // dots inside a name climb nowhere
}

TEST_CASE("valid_utf8 replaces malformed bytes and drops invisible characters", "[intake]") {
  CHECK(valid_utf8("caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80") == "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80");
  CHECK(valid_utf8("\xc0\xaf") == "__");            // an overlong '/'
  CHECK(valid_utf8("\xed\xa0\x80") == "___");       // a UTF-16 surrogate
  CHECK(valid_utf8("\xf4\x90\x80\x80") == "____");  // beyond U+10FFFF
  CHECK(valid_utf8("abc\xe6\x97") == "abc__");      // cut short
  CHECK(valid_utf8("a\tb\x7f" "c\xc2\x85" "d") == "abcd");  // tab, DEL, a C1 control
  CHECK(escaped("a\xff" "b\n\xc3\xa9") == "a\\xffb\\x0a\xc3\xa9");
}

TEST_CASE("folder names are plain ASCII, and different ids never share one", "[intake]") {
  CHECK(folder_name("jdoe42") == "jdoe42");
  CHECK(folder_name("s.lee-2@uni") == "s.lee-2@uni");
  CHECK(folder_name("a b") != folder_name("a_b"));
  CHECK_THAT(folder_name("a b"), Catch::StartsWith("a_b-"));
  for (const char* hostile : {"..", ".", "", "../../etc", "a/b", ".hidden"}) {
    INFO(hostile);
    const std::string name = folder_name(hostile);
    CHECK(name != "..");
    CHECK(name != ".");
    CHECK(!name.empty());
    CHECK(name.find('/') == std::string::npos);
  }
}

TEST_CASE("files the operating system adds are recognised as clutter", "[intake]") {
  for (const char* path : {"__MACOSX/._matmul.cu", "__MACOSX/project/src/._matmul.cu", "project/.DS_Store",
                           "._matmul.cu", "project/Thumbs.db"}) {
    INFO(path);
    CHECK(is_os_metadata(path));
  }
  for (const char* path : {"matmul.cu", "project/_matmul.cu", "my__MACOSX/matmul.cu", "DS_Store.cu"}) {
    INFO(path);
    CHECK_FALSE(is_os_metadata(path));
  }
}

}  // namespace
}  // namespace cudagrade
