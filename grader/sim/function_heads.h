// Which of nvcc's execution spaces a function of a lab's file is declared in, read from its declaration's head
// in the text g++ compiled: the check that device code calls no host function (sim/host_calls.h) finds the
// declaration by the line and column DWARF gives, and reads what stands before the name. g++ never sees
// __device__ (cusim.h defines it as nothing), so the source is the only place it is written.
//
// Only what the text says for certain is judged; anything else is kUnjudged, which the check lets through, so
// that a correct file is never refused on a guess:
//   - __global__, __device__ (with __host__ or without), constexpr (nvcc runs with --expt-relaxed-constexpr,
//     compile/nvcc_toolchain.cc) decide it;
//   - a head of C++'s own words and the file's type names alone makes a host function, unless another
//     declaration of the same name says __device__ (nvcc then takes it as __host__ __device__, with a warning);
//   - a word #defined by the file (`HD`, which may spell __host__ __device__), `= default`, a head that
//     continues above a preprocessor line or starts inside a template argument, a head with no word at all
//     (but a constructor's), or a file that renumbers its own lines (#line) leaves it unjudged.
#pragma once

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "sim/source_scan.h"

namespace cudagrade {

enum class ExecutionSpace { kKernel, kDevice, kHostDevice, kHost, kUnjudged };

class FunctionHeads {
 public:
  // `compiled`: the text g++ compiled, whose line 1 is `#line 1 "file"` (sim/rewriter.h), so that its line
  // N + 1 is the file's line N.
  explicit FunctionHeads(const SourceScan& compiled);

  // The space of the function DWARF names `name` ("twice<int>", "operator()", "~Acc"), declared at the file's
  // `line` and byte `column` (1-based; 0 when DWARF gives none). `special_member`: a constructor or destructor,
  // whose head may hold no word at all.
  ExecutionSpace judge(const std::string& name, int line, int column, bool special_member) const;

 private:
  struct Head {
    size_t begin = 0;
    bool cut = false;  // it goes on above a preprocessor line, or starts inside a template argument
  };
  struct Words {
    bool device = false, host = false, global = false, constant = false, unknown = false, none = true;
  };

  size_t name_position(const std::string& base, int line, int column) const;
  Head head_before(size_t name) const;
  Words words_of(size_t begin, size_t name) const;
  bool defaulted(size_t name) const;
  bool declared_device_elsewhere(const std::string& base, size_t here) const;
  size_t past_angle_brackets(size_t from, size_t limit) const;

  const SourceScan& compiled_;
  std::vector<size_t> line_starts_;
  std::set<std::string> types_;   // the names the file declares as types
  std::set<std::string> macros_;  // the names the file #defines
  std::unordered_map<std::string, std::vector<size_t>> occurrences_;  // each name's code positions
  bool renumbered_ = false;       // a #line or line marker of the file's own: DWARF's lines are not the text's
  mutable std::map<std::tuple<std::string, int, int, bool>, ExecutionSpace> judged_;
};

}  // namespace cudagrade
