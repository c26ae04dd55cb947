#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image for the @LAB@ lab (written by
# `cudagrade package gradescope` from cudagrade @GRADER_VERSION@, commit @GRADER_COMMIT@). It installs
# cudagrade's runtime packages (scripts/install-deps.sh --runtime: no test tools, and no CUDA, since
# Gradescope's machines have no GPU and the CPU simulator needs none), builds cudagrade from the copy in this
# zip, and makes the user the grader runs as, so that each submission only runs the grader.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$here/cudagrade
export DEBIAN_FRONTEND=noninteractive

"$source_dir/scripts/install-deps.sh" --runtime
# The commit is written here because the zip holds no .git: every report names the grader that graded it.
cmake -S "$source_dir" -B "$source_dir/build" -DCUDAGRADE_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCUDAGRADE_COMMIT=@GRADER_COMMIT@
cmake --build "$source_dir/build" -j "$(nproc)"

# Fails the image build, where the instructor sees it, rather than every student's first submission.
"$source_dir/build/cudagrade" validate "$source_dir/testcases/@LAB@.yaml"
# The hidden cases are root's alone: run_autograder hands them to the grader on a pipe, and a student's code,
# which runs as another user, cannot read them (nor the rest of testcases/).
chmod -R go-rwx "$source_dir/testcases"
# The unprivileged user run_autograder grades as: it owns nothing, and no one else runs as it, so killing its
# processes after a grade kills only what the student's code left behind.
if ! id @GRADING_USER@ >/dev/null 2>&1; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin @GRADING_USER@
fi
