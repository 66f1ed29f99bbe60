#include "render/template_contexts.h"

#include <algorithm>

#include "core/text.h"
#include "render/template_tags.h"

namespace pp {

bool is_url_start(ValueContext c) {
  return c == ValueContext::url_start || c == ValueContext::srcset_start;
}

namespace {

bool is_html_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

bool is_ascii_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// A tag of the template as the scanner meets it.
struct Piece {
  enum Kind { value, translation, open, close, other } kind = other;
  std::size_t position = 0, length = 0;
  std::string name;
};

// Every tag of `text` in order, each translation ({{#t}}…{{/t}}) as one.
std::vector<Piece> pieces_of(std::string_view text, bool& changes_delimiters) {
  const auto translations = find_translations(text);
  const TemplateTags tags = find_tags(text);
  changes_delimiters = tags.changes_delimiters;
  std::vector<Piece> out;
  std::size_t t = 0;
  for (const auto& tag : tags.tags) {
    while (t < translations.size() &&
           translations[t].position + translations[t].length <= tag.position) {
      out.push_back({Piece::translation, translations[t].position, translations[t].length,
                     translations[t].text});
      ++t;
    }
    if (t < translations.size() && tag.position >= translations[t].position) continue;
    Piece p{Piece::other, tag.position, tag.length, ""};
    const std::string& s = tag.text;
    auto name_after = [&](std::size_t n) {
      std::string v = s.substr(n);
      v.erase(0, v.find_first_not_of(" \t"));
      return v;
    };
    if (s.empty() || s[0] == '!' || s[0] == '>' || s[0] == '&') {
      // A comment, a partial, a raw value: nothing the scanner judges.
    } else if (s[0] == '#' || s[0] == '^') {
      p.kind = Piece::open;
      p.name = name_after(1);
    } else if (s[0] == '/') {
      p.kind = Piece::close;
    } else {
      p.kind = Piece::value;
      p.name = s;
    }
    out.push_back(std::move(p));
  }
  for (; t < translations.size(); ++t)
    out.push_back({Piece::translation, translations[t].position, translations[t].length,
                   translations[t].text});
  return out;
}

// Where a script's text stands at its end, for a value put after it: in a
// string literal or not. Regular expressions are not told apart from
// division; a template has no reason to put a value in one.
bool ends_in_js_string(std::string_view js) {
  enum { code, dq, sq, tpl, line_comment, block_comment } s = code;
  for (std::size_t i = 0; i < js.size(); ++i) {
    const char c = js[i];
    switch (s) {
      case code:
        if (c == '"')
          s = dq;
        else if (c == '\'')
          s = sq;
        else if (c == '`')
          s = tpl;
        else if (c == '/' && i + 1 < js.size() && js[i + 1] == '/')
          s = line_comment, ++i;
        else if (c == '/' && i + 1 < js.size() && js[i + 1] == '*')
          s = block_comment, ++i;
        break;
      case dq:
      case sq:
      case tpl:
        if (c == '\\')
          ++i;
        else if ((s == dq && c == '"') || (s == sq && c == '\'') || (s == tpl && c == '`'))
          s = code;
        break;
      case line_comment:
        if (c == '\n' || c == '\r') s = code;
        break;
      case block_comment:
        if (c == '*' && i + 1 < js.size() && js[i + 1] == '/') s = code, ++i;
        break;
    }
  }
  return s == dq || s == sq || s == tpl;
}

bool is_url_attribute(const std::string& a) {
  static const char* const names[] = {
      "href",    "src",        "action",     "formaction", "poster",   "cite",
      "data",    "background", "longdesc",   "manifest",   "icon",     "codebase",
      "classid", "archive",    "profile",    "usemap",     "xmlns",    "lowsrc",
      "dynsrc",  "ping",       "xlink:href", "xml:base",   "itemtype", "itemid"};
  for (const char* n : names)
    if (a == n) return true;
  // As Go's html/template: a name that says it holds one (data-src, data-url).
  return a.find("src") != std::string::npos || a.find("uri") != std::string::npos ||
         a.find("url") != std::string::npos;
}

// A <meta>'s property (og:image, twitter:image:src, itemprop="url") whose
// content is a URL.
bool is_url_property(std::string p) {
  p = ascii_lower(p);
  for (const char* end : {"url", "image", "image:src", "video", "audio", "player", "tileimage"})
    if (p.ends_with(end)) return true;
  return false;
}

// One attribute of the start tag being read.
struct Attribute {
  std::string name, literal;  // the literal: the value's text so far, holes left out
  char quote = 0;
  std::vector<std::size_t> holes;                // indexes into the result
  std::vector<std::string> literal_before_hole;  // per hole
};

ValueContext context_of(const std::string& element, const Attribute& a,
                        const std::vector<Attribute>& all, const std::string& before) {
  std::string_view head = before;
  while (!head.empty() && is_html_space(head.front())) head.remove_prefix(1);
  while (!head.empty() && is_html_space(head.back())) head.remove_suffix(1);
  auto url = [&] {
    if (head.empty()) return ValueContext::url_start;
    return head.find_first_of("?#") != std::string_view::npos ? ValueContext::url_query
                                                              : ValueContext::url_path;
  };
  const std::string& n = a.name;
  if (n.starts_with("on"))
    return ends_in_js_string(before) ? ValueContext::js_attribute_string
                                     : ValueContext::js_attribute;
  if (n == "style") return ValueContext::css_attribute;
  if (n == "srcset" || n == "imagesrcset")
    return head.empty() || head.back() == ',' ? ValueContext::srcset_start
                                              : ValueContext::srcset_rest;
  if (element == "meta" && n == "content") {
    for (const auto& other : all) {
      if (other.name == "http-equiv" && ascii_lower(other.literal) == "refresh")
        return ValueContext::url_start;  // "0; url=…": any value may be the URL
      if ((other.name == "property" || other.name == "name" || other.name == "itemprop") &&
          is_url_property(other.literal))
        return url();
    }
    return ValueContext::html;
  }
  if (is_url_attribute(n)) return url();
  return ValueContext::html;
}

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  TemplateContexts run() {
    bool delimiters = false;
    const auto pieces = pieces_of(text_, delimiters);
    std::size_t next = 0;
    for (std::size_t i = 0; i < text_.size();) {
      if (next < pieces.size() && pieces[next].position == i) {
        piece(pieces[next]);
        i += pieces[next].length;
        ++next;
        continue;
      }
      i = step(i);
    }
    if (delimiters) {
      const auto at = text_.find("{{=");
      out_.problems.push_back(
          {at == std::string_view::npos ? text_.size() : at, "template/context",
           "a delimiter change is not allowed in an HTML template: where each value lands "
           "could no longer be told"});
    }
    return std::move(out_);
  }

 private:
  enum class State {
    data,
    tag_name,
    before_attribute,
    attribute_name,
    after_attribute,
    before_value,
    value_dq,
    value_sq,
    value_unquoted,
    end_tag,
    comment,
    bogus,
    script,
    style,
    rcdata
  };

  void piece(const Piece& p) {
    if (p.kind == Piece::open) sections_.push_back(p.name);
    if (p.kind == Piece::close && !sections_.empty()) sections_.pop_back();
    if (p.kind != Piece::value && p.kind != Piece::translation) return;
    ValueHole h;
    h.position = p.position;
    h.length = p.length;
    h.translation = p.kind == Piece::translation;
    h.name = p.name;
    h.section = sections_.empty() ? "" : sections_.back();
    h.under_extra = std::any_of(sections_.begin(), sections_.end(), [](const std::string& n) {
      return n == "extra" || n.starts_with("extra.");
    });
    if (state_ == State::data && p.position == after_lt_) {
      // <{{heading}}> and </{{heading}}>: a whole name, which only a few
      // harmless elements may be; part of one is refused.
      const std::size_t after = p.position + p.length;
      if (p.kind == Piece::translation || (after < text_.size() && !is_html_space(text_[after]) &&
                                           text_[after] != '>' && text_[after] != '/')) {
        problem(p, "part of an element's name");
        return;
      }
      h.context = ValueContext::element_name;
      state_ = text_[p.position - 1] == '/' ? State::end_tag : State::tag_name;
      element_.assign(1, '*');  // not known: read as an element with ordinary content
      out_.holes.push_back(std::move(h));
      return;
    }
    switch (state_) {
      case State::tag_name:
      case State::end_tag:
        problem(p, "part of an element's name");
        return;
      case State::before_attribute:
      case State::attribute_name:
      case State::after_attribute:
        problem(p, "an attribute or its name");
        return;
      case State::before_value:
      case State::value_unquoted:
        // name={{x}}: a space in the value would start another attribute.
        out_.problems.push_back({p.position, "template/unquoted-attribute",
                                 "attribute value from a tag must be in quotes"});
        state_ = State::value_unquoted;
        [[fallthrough]];
      case State::value_dq:
      case State::value_sq: {
        h.element = element_;
        h.attribute = attributes_.back().name;
        attributes_.back().holes.push_back(out_.holes.size());
        attributes_.back().literal_before_hole.push_back(attributes_.back().literal);
        break;
      }
      case State::script:
        h.context =
            ends_in_js_string(raw_) ? ValueContext::js_element_string : ValueContext::js_element;
        h.element = element_;
        break;
      case State::style:
        h.context = ValueContext::css_element;
        h.element = element_;
        break;
      default:
        break;
    }
    out_.holes.push_back(std::move(h));
  }

  void problem(const Piece& p, const std::string& what) {
    out_.problems.push_back(
        {p.position, "template/context",
         std::string(p.kind == Piece::translation ? "a translation" : "a value") +
             " cannot stand for " + what + " (docs/templates.md)"});
  }

  // The start tag just read ends: its holes get their contexts, and what
  // follows is read as the element's content says.
  void end_start_tag() {
    for (auto& a : attributes_) a.name = ascii_lower(a.name);
    for (const auto& a : attributes_)
      for (std::size_t k = 0; k < a.holes.size(); ++k) {
        ValueHole& h = out_.holes[a.holes[k]];
        h.context = context_of(element_, a, attributes_, a.literal_before_hole[k]);
        if (k == 0 && h.context == ValueContext::url_start && a.quote)
          h.starts_url_attribute = a.quote;
      }
    attributes_.clear();
    raw_.clear();
    if (element_ == "script")
      state_ = State::script;
    else if (element_ == "style")
      state_ = State::style;
    else if (element_ == "textarea" || element_ == "title" || element_ == "xmp" ||
             element_ == "iframe" || element_ == "noembed" || element_ == "noframes")
      state_ = State::rcdata;
    else
      state_ = State::data;
  }

  // Reads the character at `i` (or the markup that starts there); returns
  // where reading goes on.
  std::size_t step(std::size_t i) {
    switch (state_) {
      case State::tag_name:
      case State::before_attribute:
      case State::after_attribute:
      case State::attribute_name:
      case State::before_value:
      case State::value_dq:
      case State::value_sq:
      case State::value_unquoted:
        step_in_tag(text_[i]);
        return i + 1;
      default:
        return step_in_text(i);
    }
  }

  // One character of a start tag.
  void step_in_tag(char c) {
    switch (state_) {
      case State::tag_name:
        if (is_html_space(c) || c == '/')
          state_ = State::before_attribute;
        else if (c == '>')
          end_start_tag();
        else
          element_ += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        break;
      case State::before_attribute:
      case State::after_attribute:
        if (c == '>') {
          end_start_tag();
        } else if (c == '=' && state_ == State::after_attribute) {
          state_ = State::before_value;
        } else if (!is_html_space(c) && c != '/') {
          attributes_.push_back({std::string(1, c), "", 0, {}, {}});
          state_ = State::attribute_name;
        } else if (c == '/') {
          state_ = State::before_attribute;
        }
        break;
      case State::attribute_name:
        if (c == '=')
          state_ = State::before_value;
        else if (c == '>')
          end_start_tag();
        else if (is_html_space(c) || c == '/')
          state_ = State::after_attribute;
        else
          attributes_.back().name += c;
        break;
      case State::before_value:
        if (c == '"')
          state_ = State::value_dq, attributes_.back().quote = c;
        else if (c == '\'')
          state_ = State::value_sq, attributes_.back().quote = c;
        else if (c == '>')
          end_start_tag();
        else if (!is_html_space(c))
          state_ = State::value_unquoted, attributes_.back().literal += c;
        break;
      case State::value_dq:
      case State::value_sq:
        if (c == (state_ == State::value_dq ? '"' : '\''))
          state_ = State::before_attribute;
        else
          attributes_.back().literal += c;
        break;
      case State::value_unquoted:
        if (is_html_space(c))
          state_ = State::before_attribute;
        else if (c == '>')
          end_start_tag();
        else
          attributes_.back().literal += c;
        break;
      default:
        break;
    }
  }

  // The character (or markup) at `i` of text, a comment or an element's
  // content; returns where reading goes on.
  std::size_t step_in_text(std::size_t i) {
    const char c = text_[i];
    const std::string_view rest = text_.substr(i);
    switch (state_) {
      case State::data:
        if (rest.starts_with("<!--")) {
          state_ = State::comment;
          return i + 4;
        }
        if (rest.size() > 2 && c == '<' && rest[1] == '/' && is_ascii_alpha(rest[2])) {
          state_ = State::end_tag;
          return i + 2;
        }
        if (rest.size() > 1 && c == '<' && is_ascii_alpha(rest[1])) {
          state_ = State::tag_name;
          element_.clear();
          return i + 1;
        }
        if (rest.size() > 1 && c == '<' && (rest[1] == '!' || rest[1] == '?')) {
          state_ = State::bogus;
          return i + 2;
        }
        if (c == '<') after_lt_ = rest.starts_with("</") ? i + 2 : i + 1;
        return i + 1;
      case State::end_tag:
      case State::bogus:
        if (c == '>') state_ = State::data;
        return i + 1;
      case State::comment:
        if (rest.starts_with("-->")) {
          state_ = State::data;
          return i + 3;
        }
        return i + 1;
      case State::script:
      case State::style:
      case State::rcdata:
        if (c == '<' && rest.size() > 2 + element_.size() && rest[1] == '/' &&
            ascii_lower(std::string(rest.substr(2, element_.size()))) == element_) {
          const char after = rest[2 + element_.size()];
          if (is_html_space(after) || after == '/' || after == '>') {
            state_ = State::end_tag;
            return i + 2;
          }
        }
        raw_ += c;
        return i + 1;
      default:
        return i + 1;
    }
  }

  std::string_view text_;
  TemplateContexts out_;
  State state_ = State::data;
  std::string element_, raw_;
  std::size_t after_lt_ = std::string_view::npos;  // just after a '<' (or "</") of text
  std::vector<Attribute> attributes_;
  std::vector<std::string> sections_;
};

}  // namespace

TemplateContexts find_value_contexts(std::string_view text) {
  return Scanner(text).run();
}

}  // namespace pp
