/* The interface of a lab's CPU reference (labs/<lab>/reference.cc, named by `reference:` in lab.yaml).
 *
 * The grader compiles the file once with the host C++ compiler (-O2, C++17), keeps the library in its cache,
 * and calls cudagrade_reference() for blocks of rows and columns of each output it checks, from several threads at
 * once: the function must be thread-safe (no globals it writes) and compute each asked row from the inputs alone.
 * Values are given in double; compute in double (or wider) so the tolerance measures the student's error,
 * not the reference's. An exact int64_t output is exact up to 2^53, where doubles stop holding every integer.
 * docs/LABS.md, "The CPU reference", has a worked example.
 */
#ifndef CUDAGRADE_REFERENCE_H
#define CUDAGRADE_REFERENCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One parameter of the call, in the prototype's order. */
struct cudagrade_array {
  const void* data; /* an input's or in-out's elements as the student's function received them; else NULL */
  int64_t length;   /* elements */
  int64_t rows;     /* its declared shape (1 x length unless lab.yaml gives one) */
  int64_t cols;
};

struct cudagrade_reference_call {
  const int64_t* sizes; /* the size fields, in the order lab.yaml's `sizes` lists them */
  int32_t size_count;
  const struct cudagrade_array* parameters;
  int32_t parameter_count;
  int32_t output;        /* the index of the parameter whose rows are asked for */
  const int64_t* rows;   /* which rows of it, ascending */
  int64_t row_count;
  int64_t col_begin;     /* and which of their columns: [col_begin, col_end). A wide output is split into */
  int64_t col_end;       /* column chunks too, so that every core has work (matmul's 96 checked rows) */
  double* value;         /* row_count * cols: the expected values, row rows[i] at value + i * cols */
  double* scale;         /* the same layout: each element's error scale, read by `scale: reference`; else NULL */
};

/* Returns 0; anything else means the reference could not compute (the grader stops with the lab's error). */
int cudagrade_reference(const struct cudagrade_reference_call* call);

/* One wrong element of an output, as the grader is about to describe it: "out[row 3, col 5]: expected
 * WANT_TEXT, got GOT_TEXT GOT_NOTE". */
struct cudagrade_mismatch {
  int64_t row, col;
  double want, got;
  int32_t unwritten;    /* the element still holds its poison: "never written" */
  char want_text[96];   /* filled: how the expected value is written ("2.5"); the hook may replace it ("in[5, 3] = 2.5") */
  char got_note[160];   /* empty: the hook may add a note after the value ("(that is in[3, 5])") */
};

/* Optional: the lab's own words on a wrong element, where the values alone do not say what went wrong (a
 * transpose that copied, a sum one element short). Called for the first few mismatches of an output, with
 * the call's sizes, parameters and output set (no rows). Define it only when the lab has something to say. */
void cudagrade_explain(const struct cudagrade_reference_call* call, struct cudagrade_mismatch* mismatch);

/* The lab's own judgement of an output whose right answer is not unique (a BFS's parents, the index of a
 * maximum among ties), declared `check: own` in lab.yaml: the only code besides the reference a lab may need.
 * The grader has already refused an output with elements never written; it then calls cudagrade_check once
 * for the whole output, which it gives as the student's function left it. */
struct cudagrade_own_check {
  const void* got;     /* the output's elements, parameters[output].length of them, of its declared type */
  int64_t wrong;       /* out: how many elements are wrong; 0 accepts the output */
  int64_t first_wrong; /* out: the index of the first wrong one */
  char message[256];   /* out: what is wrong with it, in the lab's words ("parent[7] = 3, but 3 is not a
                          neighbour of 7") */
};
/* Called with the call's sizes, parameters (the inputs' data) and output set (no rows, no values). Returns 0
 * when it could judge; anything else means the check itself failed (the grader stops with the lab's error).
 * Must be thread-safe. Say in a comment why the declaration's checks could not express it. */
int cudagrade_check(const struct cudagrade_reference_call* call, struct cudagrade_own_check* check);

#ifdef __cplusplus
}

namespace cudagrade_lab {
/* Typed access for C++: input<float>(call, 0) is the first parameter's elements. */
template <typename T>
inline const T* input(const cudagrade_reference_call* call, int index) {
  return static_cast<const T*>(call->parameters[index].data);
}
inline int64_t size(const cudagrade_reference_call* call, int index) { return call->sizes[index]; }
}  // namespace cudagrade_lab
#endif

#endif
