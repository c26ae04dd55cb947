#include "workflow_lint/workflow_expressions.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string_view>

namespace cudagrade {
namespace {

// https://docs.github.com/en/actions/learn-github-actions/contexts
constexpr std::array<std::string_view, 11> kContexts = {"github", "env",  "steps",  "needs", "matrix",  "secrets",
                                                        "inputs", "vars", "runner", "job",   "strategy"};
// https://docs.github.com/en/actions/learn-github-actions/expressions#functions
constexpr std::array<std::string_view, 12> kFunctions = {"contains", "startswith", "endswith",  "format",
                                                         "join",     "tojson",     "fromjson",  "hashfiles",
                                                         "success",  "always",     "cancelled", "failure"};
constexpr std::array<std::string_view, 5> kLiterals = {"true", "false", "null", "nan", "infinity"};

struct Token {
  enum class Kind { kName, kString, kNumber, kPunct } kind;
  std::string text;
};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

template <size_t N>
bool one_of(const std::array<std::string_view, N>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), lower(name)) != names.end();
}

bool name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

// Where the single-quoted string starting at `at` ends (one past its closing quote); '' is an escaped quote.
std::optional<size_t> string_end(std::string_view text, size_t at) {
  for (size_t i = at + 1; i < text.size(); ++i) {
    if (text[i] != '\'') continue;
    if (i + 1 < text.size() && text[i + 1] == '\'') {
      ++i;
      continue;
    }
    return i + 1;
  }
  return std::nullopt;
}

// Where the `}}` closing an expression whose body starts at `at` is, skipping string literals.
std::optional<size_t> closing(std::string_view text, size_t at) {
  for (size_t i = at; i + 1 < text.size(); ++i) {
    if (text[i] == '\'') {
      auto end = string_end(text, i);
      if (!end) return std::nullopt;
      i = *end - 1;
    } else if (text[i] == '}' && text[i + 1] == '}') {
      return i;
    }
  }
  return std::nullopt;
}

std::vector<Token> tokenize(const std::string& body, std::vector<std::string>& problems) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < body.size()) {
    const char c = body[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '\'') {
      auto end = string_end(body, i);
      if (!end) {
        problems.push_back(fmt::format("unterminated string in '{}'", body));
        return tokens;
      }
      tokens.push_back({Token::Kind::kString, body.substr(i + 1, *end - i - 2)});
      i = *end;
    } else if (name_start(c)) {
      size_t end = i;
      while (end < body.size() && name_char(body[end])) ++end;
      tokens.push_back({Token::Kind::kName, body.substr(i, end - i)});
      i = end;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t end = i;
      while (end < body.size() && (std::isalnum(static_cast<unsigned char>(body[end])) || body[end] == '.')) ++end;
      tokens.push_back({Token::Kind::kNumber, body.substr(i, end - i)});
      i = end;
    } else if (std::string_view(".[](),!<>=&|*-").find(c) != std::string_view::npos) {
      tokens.push_back({Token::Kind::kPunct, std::string(1, c)});
      ++i;
    } else {
      problems.push_back(fmt::format("unexpected character '{}' in '{}'", c, body));
      ++i;
    }
  }
  return tokens;
}

bool is_punct(const std::vector<Token>& tokens, size_t i, const char* text) {
  return i < tokens.size() && tokens[i].kind == Token::Kind::kPunct && tokens[i].text == text;
}

// The property path after a context name at `at`: `.name`, `.*` and `['name']`. Returns where it ends.
size_t read_path(const std::vector<Token>& tokens, size_t at, std::vector<std::string>& path) {
  while (true) {
    if (is_punct(tokens, at, ".") && at + 1 < tokens.size() &&
        (tokens[at + 1].kind == Token::Kind::kName || is_punct(tokens, at + 1, "*"))) {
      path.push_back(tokens[at + 1].text);
      at += 2;
    } else if (is_punct(tokens, at, "[") && at + 2 < tokens.size() && tokens[at + 1].kind == Token::Kind::kString &&
               is_punct(tokens, at + 2, "]")) {
      path.push_back(tokens[at + 1].text);
      at += 3;
    } else {
      return at;
    }
  }
}

}  // namespace

ExpressionScan find_expressions(const std::string& value) {
  ExpressionScan scan;
  size_t at = 0;
  while ((at = value.find("${{", at)) != std::string::npos) {
    auto end = closing(value, at + 3);
    if (!end) {
      scan.problems.push_back(fmt::format("'${{{{' at offset {} is never closed with '}}}}'", at));
      return scan;
    }
    scan.bodies.push_back(value.substr(at + 3, *end - at - 3));
    at = *end + 2;
  }
  return scan;
}

ParsedExpression parse_expression(const std::string& body) {
  ParsedExpression parsed;
  const std::vector<Token> tokens = tokenize(body, parsed.problems);
  for (size_t i = 0; i < tokens.size(); ++i) {
    // A name after '.' is a property (`fromJSON(x).score`), not a context.
    if (tokens[i].kind != Token::Kind::kName || (i > 0 && is_punct(tokens, i - 1, "."))) continue;
    const std::string& name = tokens[i].text;
    if (is_punct(tokens, i + 1, "(")) {
      if (!one_of(kFunctions, name)) parsed.problems.push_back(fmt::format("unknown function '{}'", name));
    } else if (!one_of(kLiterals, name)) {
      ContextAccess access{lower(name), {}};
      if (!one_of(kContexts, name)) parsed.problems.push_back(fmt::format("unknown context '{}'", name));
      i = read_path(tokens, i + 1, access.path) - 1;
      parsed.accesses.push_back(std::move(access));
    }
  }
  return parsed;
}

std::string blank_expressions(const std::string& value) {
  std::string blanked = value;
  size_t at = 0;
  while ((at = blanked.find("${{", at)) != std::string::npos) {
    auto end = closing(blanked, at + 3);
    if (!end) break;
    for (size_t i = at; i < *end + 2; ++i) {
      if (blanked[i] != '\n') blanked[i] = '_';  // keeps the script's line numbers
    }
    at = *end + 2;
  }
  return blanked;
}

}  // namespace cudagrade
