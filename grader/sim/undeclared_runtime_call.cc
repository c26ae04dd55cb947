#include "sim/undeclared_runtime_call.h"

#include <algorithm>
#include <regex>
#include <sstream>

#include "compile/symbol_policy.h"
#include "sim/cuda_runtime_api_names.h"

namespace cudagrade {
namespace {

bool is_runtime_api(const std::string& name) {
  return std::find(std::begin(kCudaRuntimeApi13), std::end(kCudaRuntimeApi13), name) != std::end(kCudaRuntimeApi13);
}

}  // namespace

std::optional<RefusedRuntimeCall> refused_runtime_call_in_log(const std::string& log) {
  // g++ quotes with ‘’ in a UTF-8 locale and with '' in the C locale.
  static const std::regex undeclared(R"(error: (?:‘|')([A-Za-z_][A-Za-z0-9_]*)(?:’|') was not declared in this scope)");
  std::optional<RefusedRuntimeCall> first;
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);) {
    // A diagnostic starts with its file's name; the quoted source lines below it start with a space.
    if (line.empty() || line.front() == ' ' || line.find("error: ") == std::string::npos) continue;
    std::smatch found;
    if (!std::regex_search(line, found, undeclared) || !is_runtime_api(found[1].str())) return std::nullopt;
    ObjectSymbols called;
    called.undefined = {found[1].str()};
    const SymbolVerdict verdict = judge_symbols(called);
    if (verdict.outcome != SymbolVerdict::Outcome::kRejected) return std::nullopt;
    if (!first) first = RefusedRuntimeCall{verdict.symbol, verdict.reason};
  }
  return first;
}

}  // namespace cudagrade
