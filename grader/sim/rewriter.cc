#include "sim/rewriter.h"

#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <regex>
#include <vector>

namespace cudagrade {
namespace {

// Which characters are code, as opposed to comments and string or character literals.
std::vector<bool> code_mask(const std::string& text) {
  std::vector<bool> code(text.size(), true);
  enum class State { kCode, kLineComment, kBlockComment, kString, kChar } state = State::kCode;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (state) {
      case State::kCode:
        if (c == '/' && next == '/') state = State::kLineComment;
        else if (c == '/' && next == '*') state = State::kBlockComment;
        else if (c == '"') state = State::kString;
        else if (c == '\'') state = State::kChar;
        break;
      case State::kLineComment:
        if (c == '\n') state = State::kCode;
        break;
      case State::kBlockComment:
        if (c == '*' && next == '/') {
          code[i] = code[i + 1] = false;
          ++i;
          state = State::kCode;
          continue;
        }
        break;
      case State::kString:
      case State::kChar:
        if (c == '\\') {
          code[i] = false;
          if (i + 1 < text.size()) code[++i] = false;
          continue;
        }
        if ((state == State::kString && c == '"') || (state == State::kChar && c == '\'')) {
          code[i] = false;
          state = State::kCode;
          continue;
        }
        break;
    }
    if (state != State::kCode || (c == '/' && (next == '/' || next == '*')) || c == '"' || c == '\'') code[i] = false;
  }
  return code;
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

int line_at(const std::string& text, size_t position) {
  int line = 1;
  for (size_t i = 0; i < position && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// Code positions where `word` occurs as a whole token.
std::vector<size_t> find_tokens(const std::string& text, const std::vector<bool>& code, const std::string& word) {
  std::vector<size_t> found;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    if (!code[at]) continue;
    const bool starts = at == 0 || !identifier_char(text[at - 1]);
    const bool ends = at + word.size() >= text.size() || !identifier_char(text[at + word.size()]);
    if (starts && ends) found.push_back(at);
  }
  return found;
}

struct Unsupported {
  const char* token;
  const char* construct;
};

constexpr Unsupported kUnsupported[] = {
    {"asm", "inline PTX (asm)"},
    {"__asm__", "inline PTX (asm)"},
    {"__asm", "inline PTX (asm)"},
    {"texture", "textures"},
    {"cudaTextureObject_t", "texture objects"},
    {"tex1Dfetch", "textures"},
    {"tex2D", "textures"},
    {"surf2Dwrite", "surfaces"},
    {"cooperative_groups", "cooperative groups"},
    {"wmma", "tensor cores (wmma)"},
    {"mma_sync", "tensor cores (mma)"},
    {"cudaLaunchCooperativeKernel", "cooperative launches"},
    {"cudaMallocManaged", "managed memory"},
    {"__managed__", "managed memory"},
};

std::optional<RewriteResult> find_unsupported(const std::string& text, const std::vector<bool>& code) {
  for (const Unsupported& entry : kUnsupported) {
    std::vector<size_t> found = find_tokens(text, code, entry.token);
    if (!found.empty()) {
      return RewriteResult{RewriteResult::Outcome::kUnsupported, "", line_at(text, found.front()), entry.construct};
    }
  }
  return std::nullopt;
}

// The matching closer of the bracket at `open`, skipping non-code; npos when there is none.
size_t matching(const std::string& text, const std::vector<bool>& code, size_t open, char opener, char closer) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (!code[i]) continue;
    if (text[i] == opener) ++depth;
    if (text[i] == closer && --depth == 0) return i;
  }
  return std::string::npos;
}

// Where the kernel expression before `<<<` starts: an identifier, with :: qualifiers and template arguments.
size_t kernel_start(const std::string& text, size_t launch) {
  size_t i = launch;
  while (i > 0 && std::isspace(static_cast<unsigned char>(text[i - 1]))) --i;
  for (;;) {
    if (i > 0 && text[i - 1] == '>') {  // template arguments: walk back to the matching '<'
      int depth = 0;
      size_t j = i;
      while (j > 0) {
        --j;
        if (text[j] == '>') ++depth;
        if (text[j] == '<' && --depth == 0) break;
      }
      i = j;
      continue;
    }
    if (i > 0 && identifier_char(text[i - 1])) {
      while (i > 0 && identifier_char(text[i - 1])) --i;
      if (i >= 2 && text[i - 1] == ':' && text[i - 2] == ':') {
        i -= 2;
        continue;
      }
      return i;
    }
    return i;
  }
}

struct Edit {
  size_t begin, end;
  std::string replacement;
};

std::optional<RewriteResult> rewrite_launches(const std::string& text, const std::vector<bool>& code,
                                              std::vector<Edit>& edits) {
  for (size_t at = text.find("<<<"); at != std::string::npos; at = text.find("<<<", at + 3)) {
    if (!code[at]) continue;
    const int line = line_at(text, at);
    const size_t close = text.find(">>>", at + 3);
    if (close == std::string::npos) {
      return RewriteResult{RewriteResult::Outcome::kMalformed, "", line, "a kernel launch with no closing >>>"};
    }
    size_t paren = close + 3;
    while (paren < text.size() && std::isspace(static_cast<unsigned char>(text[paren]))) ++paren;
    const size_t paren_close = paren < text.size() && text[paren] == '(' ? matching(text, code, paren, '(', ')')
                                                                         : std::string::npos;
    const size_t start = kernel_start(text, at);
    if (paren_close == std::string::npos || start == at) {
      return RewriteResult{RewriteResult::Outcome::kMalformed, "", line,
                           "a kernel launch must read kernel<<<grid, block>>>(arguments)"};
    }
    std::string kernel = text.substr(start, at - start);
    while (!kernel.empty() && std::isspace(static_cast<unsigned char>(kernel.back()))) kernel.pop_back();
    const std::string config = text.substr(at + 3, close - at - 3);
    std::string arguments = text.substr(paren + 1, paren_close - paren - 1);
    arguments.erase(0, arguments.find_first_not_of(" \t"));  // newlines stay: they keep the line numbers
    const bool no_arguments = arguments.find_first_not_of(" \t\r\n") == std::string::npos;
    std::string name = kernel;
    for (char& c : name) {
      if (c == '"' || c == '\\' || c == '\n') c = ' ';
    }
    edits.push_back({start, paren_close + 1,
                     fmt::format("::cusim::launch(::cusim::LaunchConfig({}), \"{}\", [](auto... cusim_a) {{ {}(cusim_a...); }}{}{})",
                                 config, name, kernel, no_arguments ? "" : ", ", arguments)});
    at = paren_close;
  }
  return std::nullopt;
}

// The statement around position `at`: from after the previous ; { } or preprocessor line, and any comments
// before it, to the next ; (exclusive).
std::pair<size_t, size_t> statement_around(const std::string& text, const std::vector<bool>& code, size_t at) {
  size_t begin = at;
  while (begin > 0 && !(code[begin - 1] && (text[begin - 1] == ';' || text[begin - 1] == '{' || text[begin - 1] == '}')))
    --begin;
  for (;;) {
    while (begin < at && (!code[begin] || std::isspace(static_cast<unsigned char>(text[begin])))) ++begin;
    if (begin < at && text[begin] == '#') {
      begin = text.find('\n', begin);
      continue;
    }
    break;
  }
  size_t end = at;
  while (end < text.size() && !(code[end] && text[end] == ';')) ++end;
  return {begin, end};
}

std::string strip(std::string text, const std::regex& pattern) { return std::regex_replace(text, pattern, " "); }

std::string trim(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// Names declared by a declaration's text: the identifier before each top-level declarator's '[' or '='.
std::vector<std::string> declarator_names(const std::string& declaration) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (char c : declaration) {
    if (c == '(' || c == '[' || c == '<' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '>' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  std::vector<std::string> names;
  static const std::regex name_pattern(R"(([A-Za-z_]\w*)\s*(\[.*)?(=.*)?$)");
  for (const std::string& part : parts) {
    std::smatch match;
    std::string cut = trim(part);
    if (std::regex_search(cut, match, name_pattern)) names.push_back(match[1]);
  }
  return names;
}

std::optional<RewriteResult> rewrite_shared(const std::string& text, const std::vector<bool>& code,
                                            std::vector<Edit>& edits) {
  static const std::regex shared_words(R"(\b(extern|__shared__|static)\b)");
  static const std::regex align(R"(__align__\s*\([^)]*\))");
  static const std::regex dynamic_pattern(R"(^([\s\S]*?)([A-Za-z_]\w*)\s*\[\s*\]\s*$)");
  for (size_t at : find_tokens(text, code, "__shared__")) {
    const auto [begin, end] = statement_around(text, code, at);
    const int line = line_at(text, at);
    if (end >= text.size()) {
      return RewriteResult{RewriteResult::Outcome::kMalformed, "", line, "a __shared__ declaration with no ';'"};
    }
    const std::string statement = text.substr(begin, end - begin);
    const bool is_extern = !find_tokens(statement, code_mask(statement), "extern").empty();
    if (is_extern) {
      std::smatch match;
      std::string declaration = strip(strip(statement, align), shared_words);
      if (!std::regex_match(declaration, match, dynamic_pattern)) {
        return RewriteResult{RewriteResult::Outcome::kMalformed, "", line,
                             "extern __shared__ must declare an array of unknown size, e.g. extern __shared__ float s[];"};
      }
      const std::string type = trim(match[1]);
      const std::string name = match[2];
      const std::string newlines(static_cast<size_t>(std::count(statement.begin(), statement.end(), '\n')), '\n');
      edits.push_back({begin, end,
                       fmt::format("{}{}* const {} = reinterpret_cast<{}*>(::cusim::g_dynamic_shared)", newlines, type,
                                   name, type)});
      continue;
    }
    std::string registrations;
    const std::string declaration = strip(strip(statement, align), shared_words);
    for (const std::string& name : declarator_names(declaration)) {
      registrations += fmt::format(" static ::cusim::SharedArray cusim_shared_{}_{}(&{}, sizeof({}), \"{}\", {});",
                                   name, line, name, name, name, line);
    }
    edits.push_back({end + 1, end + 1, registrations});
  }
  return std::nullopt;
}

}  // namespace

RewriteResult rewrite_for_simulator(const std::string& source, const std::string& file_name) {
  const std::vector<bool> code = code_mask(source);
  if (auto unsupported = find_unsupported(source, code)) return *unsupported;
  std::vector<Edit> edits;
  if (auto problem = rewrite_launches(source, code, edits)) return *problem;
  if (auto problem = rewrite_shared(source, code, edits)) return *problem;
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });

  RewriteResult result;
  result.text = fmt::format("#line 1 \"{}\"\n", file_name);
  size_t copied = 0;
  for (const Edit& edit : edits) {
    if (edit.begin < copied) continue;  // a __shared__ inside a launch's arguments cannot happen; never overlap
    result.text += source.substr(copied, edit.begin - copied);
    result.text += edit.replacement;
    copied = edit.end;
  }
  result.text += source.substr(copied);
  return result;
}

}  // namespace cudagrade
