// A character scan of YAML text for constructs refused before yaml-cpp sees them.
#include <vector>

#include "core/text.h"
#include "core/yaml_escapes.h"
#include "core/yaml_util.h"

namespace pp {

namespace {

bool is_indicator_context(char prev) {
  return prev == '\0' || prev == ' ' || prev == '[' || prev == '{' || prev == ',' || prev == '-' ||
         prev == ':';
}

// What a step of the scan tells the loop.
enum class Step {
  proceed,    // this step has nothing to say: try the next one
  next_char,  // this character is handled: go on with the next
  done,       // the text ends here without a finding
  refused,    // a finding was reported
};

// The scan of one front matter: a cursor and what is open at it.
class Prescan {
 public:
  Prescan(const std::string& text, const YamlOrigin& origin, int max_depth, DiagnosticSink& sink)
      : text_(text),
        origin_(origin),
        max_depth_(max_depth),
        sink_(sink),
        line_(origin.first_line) {}

  bool run() {
    for (i_ = 0; i_ < text_.size(); ++i_) {
      const Step step = at_char();
      if (step == Step::done) break;
      if (step == Step::refused) return false;
    }
    // Block nesting: indentation deeper than max_depth levels of two spaces.
    return true;
  }

 private:
  const std::string& text_;
  const YamlOrigin& origin_;
  const int max_depth_;
  DiagnosticSink& sink_;
  std::size_t i_ = 0;  // the character being read
  int line_;
  std::size_t line_start_ = 0;
  int depth_ = 0;  // open flow collections
  char quote_ = 0;
  bool in_indent_ = true;
  std::vector<int> indents_;   // indentation of the open block levels
  bool block_scalar_ = false;  // inside a | or > block: skip its lines
  int block_indent_ = -1;

  SourceLocation where() const {
    return SourceLocation{
        origin_.path, line_,
        count_code_points(std::string_view(text_).substr(line_start_, i_ - line_start_)) + 1};
  }

  Step refuse(const std::string& rule, const std::string& message) {
    sink_.error(where(), rule, message);
    return Step::refused;
  }

  // Moves to the line end, so that the loop reads the '\n' next.
  Step skip_to_line_end() {
    const auto nl = text_.find('\n', i_);
    if (nl == std::string::npos) return Step::done;
    i_ = nl - 1;
    return Step::next_char;
  }

  std::size_t indent_of_line() const {
    std::size_t j = line_start_;
    while (j < text_.size() && text_[j] == ' ') ++j;
    return j;
  }

  Step at_char() {
    const char c = text_[i_];
    if (c == '\n') {
      ++line_;
      line_start_ = i_ + 1;
      in_indent_ = true;
      return Step::next_char;  // a multi-line quoted scalar goes on as well
    }
    // The checks in order; the first with something to say decides.
    Step step = in_block_scalar();
    if (step == Step::proceed) step = block_depth(c);
    if (step == Step::proceed) step = indentation(c);
    if (step == Step::proceed) step = in_quotes(c);
    if (step == Step::proceed) step = outside_quotes(c);
    return step;
  }

  // Lines indented deeper than the block's parent belong to the block.
  Step in_block_scalar() {
    if (!block_scalar_) return Step::proceed;
    const std::size_t j = indent_of_line();
    const int indent = static_cast<int>(j - line_start_);
    if (j < text_.size() && text_[j] != '\n' && indent <= block_indent_) {
      block_scalar_ = false;
      return Step::proceed;
    }
    return skip_to_line_end();
  }

  // First character of a block line: the indentation levels open above it
  // plus compact sequence entries ("- - - x") give its nesting depth.
  Step block_depth(char c) {
    if (!in_indent_ || c == ' ' || c == '\t' || quote_ || depth_ != 0 || c == '#')
      return Step::proceed;
    const int indent = static_cast<int>(i_ - line_start_);
    while (!indents_.empty() && indents_.back() > indent) indents_.pop_back();
    if (indents_.empty() || indents_.back() < indent) indents_.push_back(indent);
    int dashes = 0;
    for (std::size_t k = i_; k + 1 < text_.size() && text_[k] == '-' && text_[k + 1] == ' ';) {
      ++dashes;
      k += 2;
      while (k < text_.size() && text_[k] == ' ') ++k;
    }
    if (static_cast<int>(indents_.size()) + dashes > max_depth_)
      return refuse("front-matter/too-deep",
                    "nesting deeper than " + std::to_string(max_depth_) + " levels");
    return Step::proceed;
  }

  Step indentation(char c) {
    if (!in_indent_) return Step::proceed;
    if (c == '\t' && !quote_)
      return refuse("front-matter/tab", "tab character in indentation; use spaces");
    if (c != ' ') in_indent_ = false;
    return Step::proceed;
  }

  // Inside a quoted scalar: escapes are checked, the closing quote looked for.
  Step in_quotes(char c) {
    if (!quote_) return Step::proceed;
    if (quote_ == '"' && c == '\\') {
      if (!check_yaml_escape(text_, i_, where(), sink_)) return Step::refused;
      ++i_;
    } else if (c == quote_) {
      if (quote_ == '\'' && i_ + 1 < text_.size() && text_[i_ + 1] == '\'')
        ++i_;
      else
        quote_ = 0;
    }
    return Step::next_char;
  }

  Step outside_quotes(char c) {
    const char prev = i_ > line_start_ ? text_[i_ - 1] : '\0';
    if (c == '#' && (prev == '\0' || prev == ' ')) return skip_to_line_end();
    if ((c == '"' || c == '\'') && is_indicator_context(prev)) {
      quote_ = c;
      return Step::next_char;
    }
    if ((c == '&' || c == '*') && is_indicator_context(prev) && i_ + 1 < text_.size() &&
        text_[i_ + 1] != ' ' && text_[i_ + 1] != '\n')
      return refuse("front-matter/anchor", std::string(c == '&' ? "YAML anchors" : "YAML aliases") +
                                               " are not allowed in front matter");
    if (c == '!' && is_indicator_context(prev))
      return refuse("front-matter/yaml-tag", "YAML tags are not allowed in front matter");
    if ((c == '|' || c == '>') && (prev == ' ' || prev == '\0')) {
      const Step step = block_scalar_header();
      if (step != Step::proceed) return step;
    }
    return flow_depth(c);
  }

  // Block scalar header after "key:" or "-": the following more-indented lines are text.
  Step block_scalar_header() {
    std::size_t k = i_ + 1;
    while (k < text_.size() && text_[k] != '\n' && text_[k] != '#' &&
           (text_[k] == '-' || text_[k] == '+' || (text_[k] >= '0' && text_[k] <= '9') ||
            text_[k] == ' '))
      ++k;
    if (k < text_.size() && text_[k] != '\n' && text_[k] != '#') return Step::proceed;
    block_indent_ = static_cast<int>(indent_of_line() - line_start_);
    block_scalar_ = true;
    return skip_to_line_end();
  }

  Step flow_depth(char c) {
    if (c == '[' || c == '{') {
      if (++depth_ > max_depth_)
        return refuse("front-matter/too-deep",
                      "nesting deeper than " + std::to_string(max_depth_) + " levels");
    } else if ((c == ']' || c == '}') && depth_ > 0) {
      --depth_;
    }
    return Step::next_char;
  }
};

}  // namespace

bool prescan_yaml(const std::string& text, const YamlOrigin& origin, int max_depth,
                  DiagnosticSink& sink) {
  return Prescan(text, origin, max_depth, sink).run();
}

}  // namespace pp
