# make_course SOURCE DEST NAME: a course's own repository at DEST, holding one lab named NAME that the grader
# has never seen: the shipped vector_add lab copied under the new name (its declaration, CPU reference,
# header, references, cases and examples), as a course would keep it outside the grader. Sourced by the tests.
make_course() {
  local source=$1 dest=$2 name=$3
  mkdir -p "$dest/labs/$name" "$dest/skeleton/$name" "$dest/reference/$name" "$dest/testcases" "$dest/submissions/$name"
  sed -e "s/^lab: vector_add/lab: $name/" -e "s/^header: vector_add.cuh/header: $name.cuh/" \
    "$source/labs/vector_add/lab.yaml" > "$dest/labs/$name/lab.yaml"
  cp "$source/labs/vector_add/reference.cc" "$dest/labs/$name/"
  cp "$source/skeleton/vector_add/vector_add.cuh" "$dest/skeleton/$name/$name.cuh"
  sed "s/vector_add.cuh/$name.cuh/" "$source/skeleton/vector_add/vector_add.cu" > "$dest/skeleton/$name/$name.cu"
  local file
  for file in "$source"/reference/vector_add/*.cu; do
    sed "s/vector_add.cuh/$name.cuh/" "$file" > "$dest/reference/$name/$(basename "$file")"
  done
  for file in correct no_bounds_check; do
    sed "s/vector_add.cuh/$name.cuh/" "$source/submissions/vector_add/$file.cu" > "$dest/submissions/$name/$file.cu"
  done
  sed "s/^lab: vector_add/lab: $name/" "$source/testcases/quick/vector_add.yaml" > "$dest/testcases/$name.yaml"
}
