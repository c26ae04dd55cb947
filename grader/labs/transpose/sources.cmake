# The transpose lab's sources, relative to the project root: CMakeLists.txt adds them to the grader and its
# tests, and fuzz/build.sh reads the same lists (one path a line).
set(lab_sources
  grader/labs/transpose/transpose_lab.cc
)
set(lab_tests
  grader/labs/transpose/transpose_lab_test.cc
)
