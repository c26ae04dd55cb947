// A lab as its author declares it in labs/<lab>/lab.yaml: the function students write, the size fields, every
// pointer parameter's type, length, role, generator and check, the CPU reference, the work, how the simulator
// downsizes a case, and the baselines. docs/LABS.md is the reference for the format; this is its parsed form.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "labdef/expression.h"
#include "model/protocol.h"

namespace cudagrade {

enum class ParameterRole { kInput, kOutput, kInOut, kScratch };

// Whether the student's function writes the parameter, so that it is checked.
inline bool is_written(ParameterRole role) {
  return role == ParameterRole::kOutput || role == ParameterRole::kInOut;
}

// The C types a parameter may have. The arena carries 4-byte elements; the wider and narrower types the
// format names (double, int64_t, uint8_t) are refused with that reason until it carries them.
enum class ScalarType { kFloat, kInt, kUnsigned, kDouble, kInt64, kUint8 };

inline bool is_floating(ScalarType type) {
  return type == ScalarType::kFloat || type == ScalarType::kDouble;
}

// Where an input's elements come from. kCase follows the case's distribution (small integers or uniform
// floats), as the built-in labs do.
struct Generator {
  enum class Kind {
    kCase,
    kUniform,
    kNormal,
    kIntegers,
    kSmallIntegers,
    kConstant,
    kPermutation,
    kSorted,
    kSkewed,
    kFile,
    kCsrOffsets,
    kCsrColumns
  };
  Kind kind = Kind::kCase;
  double low = -1, high = 1;  // uniform, integers (inclusive), sorted; normal: mean and standard deviation
  double value = 0;           // constant
  int64_t bins = 0;           // skewed: values in [0, bins), the lowest most frequent
  double skew = 1.5;          // skewed: the exponent of a Zipf-like law; higher is more contention
  std::string file;           // file: whitespace-separated values, relative to the lab's folder
  // Bounds written as expressions over the size fields (integers: [0, num_bins - 1]), evaluated per case.
  std::optional<Expression> low_expression, high_expression, bins_expression;
  // csr_offsets: a sparse matrix's row offsets (labdef/sparse_generator.h), its nnz, column count and long row
  // as expressions; csr_columns: the column indices of the rows that the parameter `offsets` delimits.
  std::optional<Expression> nnz_expression, cols_expression, long_row_expression;
  int64_t nnz = 0, cols = 0, long_row = 0;  // the expressions' values at a case's sizes
  double empty = 0, spread = 1;
  std::string offsets;
};

// How an output's elements are judged against the reference's.
struct OutputCheck {
  enum class Kind { kExact, kClose, kUlps, kMultiset, kSorted, kOwn };  // kOwn: the reference's cudagrade_check
  Kind kind = Kind::kExact;
  double abs = 0, rel = 0;  // close: |got - want| <= (abs + rel * scale) * grow
  bool scale_from_reference = false;  // close: scale is the reference's error scale, else |want|
  std::optional<std::pair<double, double>> small_integers;  // close: abs and rel for small-integer cases
  std::optional<Expression> grow;     // close: a factor over the size fields, e.g. sqrt(n)
  int64_t ulps = 0;
};

// Which rows of a large output are checked in full: every row while the reference's work stays under
// full_work, else the first and last edge_rows / 2 and spread_rows between (matmul's sampling).
struct RowSampling {
  std::optional<Expression> work;  // the reference's cost per case; every row is checked while it is <= full_work
  int64_t full_work = 0;
  int64_t edge_rows = 32;
  int64_t spread_rows = 64;
};

struct Parameter {
  std::string name;
  ScalarType type = ScalarType::kFloat;
  bool is_const = false;
  bool is_pointer = false;
  ParameterRole role = ParameterRole::kInput;
  std::optional<Expression> length;             // pointers
  std::optional<Expression> rows, cols;         // the shape for messages, pictures and dumps; default 1 x length
  Generator generator;                          // inputs and in-outs
  OutputCheck check;                            // outputs and in-outs
  std::optional<RowSampling> sampling;          // outputs
  int64_t picture_tile = 0;                     // outputs drawn as a tile picture; 0: none
  bool whole_rows = false;                      // the reference computes whole rows (a scan's depend on all before)
  std::string size_field;                       // scalars: the size field passed here
  int line = 0;
};

struct SizeField {
  std::string name;
  int64_t example = 1;
};

struct Constraint {
  Expression condition;
  std::string message;  // what an author of cases reads when it fails
  int line = 0;
};

// How the simulator runs a case too large for the CPU, in one of two forms. Scaled: while `work` exceeds
// `budget`, every field in `scale` shrinks by the same factor (work's root of the ratio), keeping its remainder
// modulo `keep_remainder`. Or written out: when `when` holds, each field in `sizes` becomes its expression.
struct SimulatorDownsize {
  std::optional<Expression> work;
  int64_t budget = 0;
  std::vector<std::string> scale;
  int64_t keep_remainder = 1;
  int64_t degree = 1;  // how many scaled fields multiply into work
  std::optional<Expression> when;
  std::vector<std::pair<std::string, Expression>> sizes;
};

// Where an efficiency rule's case is counted a second time (Lab::recount_size): each field in `scale` times a
// factor the grader draws for each grade, keeping its remainder modulo `keep_remainder`.
struct RecountDeclaration {
  std::vector<std::string> scale;
  int64_t keep_remainder = 1;
};

struct BaselineDeclaration {
  std::string name;
  std::string source;  // relative to the lab's folder
  std::vector<std::string> libraries;
};

struct LabDeclaration {
  std::filesystem::path folder;  // labs/<name>
  std::string file;              // the declaration's path, for messages
  std::string name;
  std::string title;
  std::string header;            // in skeleton/<name>/
  std::string submission_file;   // "<name>.cu"
  std::string function;          // the function's name
  std::string prototype;         // as written
  std::vector<SizeField> sizes;
  std::vector<Constraint> constraints;
  std::vector<Parameter> parameters;  // in the prototype's order
  std::vector<std::string> distributions;  // "uniform-float", "small-integers": those its cases may use
  std::string reference_source;       // the CPU reference, relative to the folder
  std::optional<Expression> flops, bytes;
  SimulatorDownsize simulator;
  std::optional<RecountDeclaration> recount;
  std::string speed_reference;
  std::vector<std::string> speed_of_light;
  std::vector<BaselineDeclaration> baselines;
};

struct DeclarationProblem {
  std::string file;
  int line = 0;
  std::string what;
  std::string to_string() const;
};

struct DeclarationResult {
  std::optional<LabDeclaration> declaration;  // set only when problems is empty
  std::vector<DeclarationProblem> problems;
};

DeclarationResult parse_declaration(const std::string& text, const std::string& file_name,
                                    const std::filesystem::path& folder);
DeclarationResult load_declaration(const std::filesystem::path& lab_yaml);

std::string_view to_string(ScalarType type);
std::string_view to_string(ParameterRole role);
protocol::ElementType element_type_of(ScalarType type);
// A value as an element of the type holds it (the bits an exact answer has, zero-extended to 64), and the
// value of an element's bits. An int64_t beyond 2^53 is as near as a double comes.
uint64_t bits_for_value(double value, ScalarType type);
double value_of_bits(uint64_t bits, ScalarType type);

}  // namespace cudagrade
