// The rules, after actionlint's basic ones (https://github.com/rhysd/actionlint/blob/main/docs/checks.md):
// - the top level has `name`, `on` and `jobs` and no unknown keys; `on` names real events;
// - `permissions` (top level or job) is read-all/write-all or scopes set to read, write or none;
// - every job has `runs-on` and a non-empty `steps` list (unless it calls a reusable workflow), its
//   `needs` name other jobs of the workflow, and it has no unknown keys;
// - every step has exactly one of `run` and `uses`, `uses` is owner/repo[/path]@ref, ./path or
//   docker://image, step ids are unique, and `with` goes with `uses` only;
// - every ${{ }} is closed and reads only known contexts and functions; `steps.<id>` names a step that
//   runs earlier in the same job, and `needs.<job>` a job this one needs. `if:` is an expression even
//   without ${{ }}.
#include "workflow_lint/workflow_check.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <regex>
#include <set>

#include "workflow_lint/workflow_expressions.h"

namespace cudagrade {
namespace {

using Names = std::set<std::string>;

// https://docs.github.com/en/actions/writing-workflows/choosing-when-your-workflow-runs/events-that-trigger-workflows
const Names kEvents = {"branch_protection_rule",
                       "check_run",
                       "check_suite",
                       "create",
                       "delete",
                       "deployment",
                       "deployment_status",
                       "discussion",
                       "discussion_comment",
                       "fork",
                       "gollum",
                       "issue_comment",
                       "issues",
                       "label",
                       "merge_group",
                       "milestone",
                       "page_build",
                       "public",
                       "pull_request",
                       "pull_request_review",
                       "pull_request_review_comment",
                       "pull_request_target",
                       "push",
                       "registry_package",
                       "release",
                       "repository_dispatch",
                       "schedule",
                       "status",
                       "watch",
                       "workflow_call",
                       "workflow_dispatch",
                       "workflow_run"};
// https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#permissions
const Names kPermissionScopes = {
    "actions", "attestations", "checks",   "contents", "deployments",   "discussions",         "id-token",
    "issues",  "models",       "packages", "pages",    "pull-requests", "repository-projects", "security-events",
    "statuses"};
const Names kTopKeys = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"};
const Names kJobKeys = {"name",        "permissions",       "needs",     "if",       "runs-on", "environment",
                        "concurrency", "outputs",           "env",       "defaults", "steps",   "timeout-minutes",
                        "strategy",    "continue-on-error", "container", "services", "uses",    "with",
                        "secrets"};
const Names kStepKeys = {"id",
                         "if",
                         "name",
                         "uses",
                         "run",
                         "working-directory",
                         "shell",
                         "with",
                         "env",
                         "continue-on-error",
                         "timeout-minutes"};

const std::regex kIdPattern("[A-Za-z_][A-Za-z0-9_-]*");
const std::regex kUsesPattern("([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[^@\\s]+)?@[^@\\s]+)|(\\./\\S*)|(docker://\\S+)");

int line_of(const YAML::Node& node) {
  return node.Mark().is_null() ? 0 : node.Mark().line + 1;
}

// What an expression may read where it stands.
struct Scope {
  std::string where;
  Names steps;  // ids of the steps that ran before
  Names needs;  // jobs this one needs
};

class Checker {
 public:
  std::vector<WorkflowProblem> check(const YAML::Node& root) {
    if (!root.IsMap()) {
      add(root, "a workflow must be a mapping with name, on and jobs");
      return problems_;
    }
    for (const char* key : {"name", "on", "jobs"}) {
      if (!root[key]) add(root, fmt::format("the workflow has no top-level '{}'", key));
    }
    unknown_keys(root, kTopKeys, "the workflow");
    if (root["on"]) events(root["on"]);
    if (root["permissions"]) permissions(root["permissions"]);
    const Scope top{"the workflow", {}, {}};
    for (const char* key : {"name", "run-name", "env", "defaults", "concurrency", "on"}) {
      if (root[key]) expressions(root[key], top);
    }
    if (root["jobs"]) jobs(root["jobs"]);
    return problems_;
  }

 private:
  void add(const YAML::Node& at, std::string message) { problems_.push_back({line_of(at), std::move(message)}); }

  void unknown_keys(const YAML::Node& map, const Names& known, const std::string& what) {
    for (const auto& entry : map) {
      const std::string key = entry.first.as<std::string>();
      if (!known.count(key)) add(entry.first, fmt::format("{} has an unknown key '{}'", what, key));
    }
  }

  void event_name(const YAML::Node& node) {
    const std::string name = node.as<std::string>();
    if (!kEvents.count(name)) add(node, fmt::format("'{}' is not an event that can trigger a workflow", name));
  }

  void events(const YAML::Node& on) {
    if (on.IsScalar()) {
      event_name(on);
    } else if (on.IsSequence()) {
      for (const auto& event : on) event_name(event);
    } else if (on.IsMap()) {
      for (const auto& event : on) event_name(event.first);
    }
    if (!on.IsScalar() && on.size() == 0) add(on, "'on' names no event");
  }

  void permissions(const YAML::Node& node) {
    if (node.IsScalar()) {
      const std::string value = node.as<std::string>();
      if (value != "read-all" && value != "write-all") {
        add(node, fmt::format("permissions '{}' must be read-all, write-all or a mapping of scopes", value));
      }
      return;
    }
    if (!node.IsMap()) return add(node, "permissions must be read-all, write-all or a mapping of scopes");
    for (const auto& entry : node) {
      const std::string scope = entry.first.as<std::string>();
      const std::string value = entry.second.IsScalar() ? entry.second.as<std::string>() : "";
      if (!kPermissionScopes.count(scope)) add(entry.first, fmt::format("'{}' is not a permission scope", scope));
      const bool valid = value == "none" || value == "write" || (value == "read" && scope != "id-token");
      if (!valid) add(entry.second, fmt::format("permission '{}: {}' must be read, write or none", scope, value));
    }
  }

  void jobs(const YAML::Node& jobs) {
    if (!jobs.IsMap() || jobs.size() == 0) return add(jobs, "'jobs' must map job ids to jobs");
    Names ids;
    for (const auto& entry : jobs) ids.insert(entry.first.as<std::string>());
    for (const auto& entry : jobs) job(entry.first.as<std::string>(), entry.first, entry.second, ids);
  }

  Names needs_of(const std::string& id, const YAML::Node& job, const Names& jobs) {
    Names needs;
    const YAML::Node node = job["needs"];
    if (!node) return needs;
    std::vector<YAML::Node> names;
    if (node.IsSequence()) {
      for (const auto& name : node) names.push_back(name);
    } else {
      names.push_back(node);
    }
    for (const YAML::Node& name : names) {
      const std::string need = name.IsScalar() ? name.as<std::string>() : "";
      if (need == id)
        add(name, fmt::format("job '{}' needs itself", id));
      else if (!jobs.count(need))
        add(name, fmt::format("job '{}' needs '{}', which is not a job here", id, need));
      needs.insert(need);
    }
    return needs;
  }

  void job(const std::string& id, const YAML::Node& key, const YAML::Node& job, const Names& jobs) {
    if (!std::regex_match(id, kIdPattern)) add(key, fmt::format("'{}' is not a valid job id", id));
    if (!job.IsMap()) return add(key, fmt::format("job '{}' must be a mapping", id));
    const std::string what = fmt::format("job '{}'", id);
    unknown_keys(job, kJobKeys, what);
    const Names needs = needs_of(id, job, jobs);
    if (job["permissions"]) permissions(job["permissions"]);
    const bool reusable = static_cast<bool>(job["uses"]);
    if (!reusable && !job["runs-on"]) add(key, fmt::format("{} has no runs-on", what));
    const YAML::Node steps = job["steps"];
    if (!reusable && (!steps || !steps.IsSequence() || steps.size() == 0)) {
      add(key, fmt::format("{} has no steps", what));
    }
    for (const auto& entry : job) {
      const std::string field = entry.first.as<std::string>();
      if (field == "steps" || field == "outputs") continue;
      if (field == "if")
        condition(entry.second, {what, {}, needs});
      else
        expressions(entry.second, {what, {}, needs});
    }
    if (steps && steps.IsSequence()) this->steps(what, steps, job["outputs"], needs);
  }

  void steps(const std::string& what, const YAML::Node& steps, const YAML::Node& outputs, const Names& needs) {
    Scope scope{what, {}, needs};
    for (size_t i = 0; i < steps.size(); ++i) {
      const YAML::Node step = steps[i];
      if (!step.IsMap()) {
        add(step, fmt::format("step {} of {} must be a mapping", i + 1, what));
        continue;
      }
      this->step(fmt::format("step {} of {}", i + 1, what), step, scope);
      const YAML::Node id = step["id"];
      if (!id) continue;
      const std::string name = id.as<std::string>();
      if (!std::regex_match(name, kIdPattern)) add(id, fmt::format("'{}' is not a valid step id", name));
      if (!scope.steps.insert(name).second) add(id, fmt::format("step id '{}' is used twice in {}", name, what));
    }
    if (outputs) expressions(outputs, {what + " outputs", scope.steps, needs});
  }

  void step(const std::string& what, const YAML::Node& step, const Scope& scope) {
    unknown_keys(step, kStepKeys, what);
    const bool run = static_cast<bool>(step["run"]);
    const bool uses = static_cast<bool>(step["uses"]);
    if (run == uses) add(step, fmt::format("{} must have exactly one of run and uses", what));
    if (uses) {
      const std::string action = step["uses"].IsScalar() ? step["uses"].as<std::string>() : "";
      if (!std::regex_match(action, kUsesPattern)) {
        add(step["uses"], fmt::format("{}: uses '{}' is not owner/repo@ref, ./path or docker://image", what, action));
      }
    }
    if (run && step["with"]) add(step["with"], fmt::format("{}: 'with' needs 'uses'", what));
    for (const char* key : {"shell", "working-directory"}) {
      if (uses && step[key]) add(step[key], fmt::format("{}: '{}' needs 'run'", what, key));
    }
    for (const auto& entry : step) {
      if (entry.first.as<std::string>() == "if")
        condition(entry.second, {what, scope.steps, scope.needs});
      else
        expressions(entry.second, {what, scope.steps, scope.needs});
    }
  }

  // `if:` is an expression with or without ${{ }}.
  void condition(const YAML::Node& node, const Scope& scope) {
    if (!node.IsScalar()) return;
    const std::string text = node.as<std::string>();
    if (text.find("${{") != std::string::npos) return expressions(node, scope);
    expression(node, text, scope);
  }

  void expressions(const YAML::Node& node, const Scope& scope) {
    if (node.IsMap()) {
      for (const auto& entry : node) expressions(entry.second, scope);
    } else if (node.IsSequence()) {
      for (const auto& item : node) expressions(item, scope);
    } else if (node.IsScalar()) {
      ExpressionScan scan = find_expressions(node.as<std::string>());
      for (const std::string& problem : scan.problems) add(node, fmt::format("{}: {}", scope.where, problem));
      for (const std::string& body : scan.bodies) expression(node, body, scope);
    }
  }

  void expression(const YAML::Node& node, const std::string& body, const Scope& scope) {
    ParsedExpression parsed = parse_expression(body);
    for (const std::string& problem : parsed.problems) add(node, fmt::format("{}: {}", scope.where, problem));
    for (const ContextAccess& access : parsed.accesses) {
      if (access.path.empty()) continue;
      const std::string& name = access.path.front();
      if (access.context == "steps" && !scope.steps.count(name)) {
        add(node, fmt::format("{}: steps.{} names no step that runs before it in this job", scope.where, name));
      } else if (access.context == "needs" && !scope.needs.count(name)) {
        add(node, fmt::format("{}: needs.{} names no job this one needs", scope.where, name));
      }
    }
  }

  std::vector<WorkflowProblem> problems_;
};

// `defaults: run: shell:` of a job or the workflow; yaml-cpp throws when a chain of lookups passes a
// missing key, so each level is checked.
std::string default_shell(const YAML::Node& owner) {
  const YAML::Node defaults = owner["defaults"];
  if (!defaults || !defaults.IsMap() || !defaults["run"] || !defaults["run"].IsMap()) return "";
  const YAML::Node shell = defaults["run"]["shell"];
  return shell && shell.IsScalar() ? shell.as<std::string>() : "";
}

}  // namespace

std::string WorkflowProblem::to_string() const {
  return line > 0 ? fmt::format("line {}: {}", line, message) : message;
}

std::vector<WorkflowProblem> check_workflow(const std::string& text) {
  try {
    return Checker().check(YAML::Load(text));
  } catch (const YAML::Exception& error) {
    // A syntax error, or a value of the wrong shape where a name was expected (a mapping as a step id).
    return {{error.mark.is_null() ? 0 : error.mark.line + 1, "not a valid workflow: " + error.msg}};
  }
}

std::vector<RunScript> run_scripts(const std::string& text) {
  std::vector<RunScript> scripts;
  const YAML::Node root = YAML::Load(text);
  const std::string workflow_shell = default_shell(root);
  for (const auto& job : root["jobs"]) {
    const std::string job_shell = default_shell(job.second);
    const YAML::Node steps = job.second["steps"];
    for (size_t i = 0; steps && i < steps.size(); ++i) {
      const YAML::Node step = steps[i];
      if (!step["run"]) continue;
      const std::string label = step["name"] ? step["name"].as<std::string>()
                                : step["id"] ? step["id"].as<std::string>()
                                             : fmt::format("step {}", i + 1);
      std::string shell = step["shell"] ? step["shell"].as<std::string>() : job_shell;
      if (shell.empty()) shell = workflow_shell.empty() ? "bash" : workflow_shell;
      scripts.push_back({job.first.as<std::string>(), label, shell, blank_expressions(step["run"].as<std::string>())});
    }
  }
  return scripts;
}

}  // namespace cudagrade
