// GitHub Actions expressions (`${{ steps.check.outputs.result }}`), read as actionlint reads them: every
// `${{` must be closed, and every name an expression reads must be a context the runner provides, so a
// typo fails in our tests instead of on a student's first push.
#pragma once

#include <string>
#include <vector>

namespace cudagrade {

// The bodies of every ${{ ... }} in one YAML value, and a problem for each one left open.
struct ExpressionScan {
  std::vector<std::string> bodies;
  std::vector<std::string> problems;
};

// One read of a context: `steps.check.outputs.result` is {"steps", {"check", "outputs", "result"}}.
struct ContextAccess {
  std::string context;
  std::vector<std::string> path;
};

struct ParsedExpression {
  std::vector<ContextAccess> accesses;
  std::vector<std::string> problems;  // unknown contexts or functions, an unterminated string
};

ExpressionScan find_expressions(const std::string& value);
ParsedExpression parse_expression(const std::string& body);
// The value with each ${{ ... }} replaced by as many '_' (as actionlint does before it runs shellcheck on
// a `run:` script), so the script's line and column numbers stay those of the workflow.
std::string blank_expressions(const std::string& value);

}  // namespace cudagrade
