#include "intake/lab_file_search.h"

#include <catch2/catch.hpp>

#include "core/temp_dir.h"
#include "intake/test_archives.h"

namespace cudagrade {
namespace {

using Outcome = LabFileSearch::Outcome;
using Strings = std::vector<std::string>;

TEST_CASE("the lab file is found at any depth, by its exact name", "[intake]") {
  const LabFileSearch top = find_lab_file({"notes.txt", "matmul.cu"}, "matmul.cu");
  CHECK(top.outcome == Outcome::kFound);
  CHECK(top.path == "matmul.cu");
  CHECK(top.message == "found matmul.cu");

  const LabFileSearch deep = find_lab_file({"Lab4/src/matmul.cu", "Lab4/src/matmul.cuh", "Lab4/old_matmul.cu"}, "matmul.cu");
  CHECK(deep.outcome == Outcome::kFound);
  CHECK(deep.path == "Lab4/src/matmul.cu");
  CHECK(deep.message == "found matmul.cu at Lab4/src/matmul.cu");
}

TEST_CASE("a missing lab file lists what the upload holds, with hints", "[intake]") {
  CHECK(find_lab_file({"notes.txt", "main.cu"}, "matmul.cu").message == "no matmul.cu in the upload; found: main.cu, notes.txt");
  CHECK(find_lab_file({}, "matmul.cu").message == "no matmul.cu in the upload; it holds no files");

  const LabFileSearch cased = find_lab_file({"src/Matmul.cu"}, "matmul.cu");
  CHECK(cased.outcome == Outcome::kMissing);
  CHECK(cased.message == "no matmul.cu in the upload; found: src/Matmul.cu (src/Matmul.cu differs only in case; "
                         "the name must be exactly matmul.cu)");

  CHECK(find_lab_file({"lab4.zip"}, "matmul.cu").message ==
        "no matmul.cu in the upload; found: lab4.zip (archives inside the upload are not opened)");

  Strings many;
  for (int i = 0; i < 11; ++i) many.push_back("file" + std::to_string(i) + ".txt");
  CHECK(find_lab_file(many, "matmul.cu").message ==
        "no matmul.cu in the upload; found: file0.txt, file1.txt, file10.txt, file2.txt, file3.txt, file4.txt, "
        "file5.txt, file6.txt and 3 more");
}

TEST_CASE("two files of the lab's name are not guessed between", "[intake]") {
  const LabFileSearch search = find_lab_file({"v2/matmul.cu", "notes.txt", "v1/matmul.cu"}, "matmul.cu");
  CHECK(search.outcome == Outcome::kAmbiguous);
  CHECK(search.path.empty());
  CHECK(search.candidates == Strings{"v1/matmul.cu", "v2/matmul.cu"});
  CHECK(search.message == "2 files named matmul.cu in the upload: v1/matmul.cu, v2/matmul.cu; keep only the one to grade");
}

TEST_CASE("files_under lists regular files only, without links or clutter", "[intake]") {
  TempDir dir(TempDir::Medium::kDisk);
  testing::write_text(dir.path() / "src/matmul.cu", "k");
  testing::write_text(dir.path() / "notes.txt", "n");
  testing::write_text(dir.path() / "__MACOSX/src/._matmul.cu", "apple");
  testing::write_text(dir.path() / ".DS_Store", "ds");
  std::filesystem::create_directory_symlink("/etc", dir.path() / "etc-link");
  std::filesystem::create_symlink("/etc/passwd", dir.path() / "src/passwd");
  CHECK(files_under(dir.path()) == Strings{"notes.txt", "src/matmul.cu"});
}

}  // namespace
}  // namespace cudagrade
