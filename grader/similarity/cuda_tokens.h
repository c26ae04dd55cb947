// The token stream a similarity check compares (similarity/class_similarity.h): a student's CUDA file as its
// shape, with the names and numbers a copier changes first taken out. C, C++ and CUDA keywords, CUDA's
// built-in variables and intrinsics (threadIdx, blockIdx, __syncthreads, __shared__, atomicAdd, ...) and the
// punctuation are kept as themselves; every other identifier becomes "ID", every number "NUM", every string
// "STR" and every character literal "CHR". Comments, whitespace and preprocessor lines (#include, #define,
// #pragma, with their continuations) are dropped: renaming, reformatting and recommenting change nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cudagrade {

struct CudaToken {
  std::string text;  // normalised: "ID", "NUM", "STR", "CHR", a keyword, a built-in or an operator
  int line = 0;      // 1-based line of its first character, for marking matches in the file
};

// Never fails: any bytes give some token stream (an unterminated comment or string runs to the end of the
// file, a stray byte is a token of its own).
std::vector<CudaToken> cuda_tokens(std::string_view source);

}  // namespace cudagrade
