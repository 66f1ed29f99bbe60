#include "render/template_contexts.h"

#include <algorithm>

#include "core/text.h"
#include "render/html_contexts.h"
#include "render/template_attribute.h"
#include "render/template_pieces.h"

namespace pp {

namespace {

bool is_html_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

bool is_ascii_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
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

  // Where the scanner is, as far as a section must leave it as it found it:
  // text, a start tag, one attribute's value, a comment, an element's
  // content (and whether a script is in a string).
  std::string where_now() const {
    switch (state_) {
      case State::tag_name:
      case State::before_attribute:
      case State::attribute_name:
      case State::after_attribute:
        return "in a start tag";
      case State::before_value:
      case State::value_dq:
      case State::value_sq:
      case State::value_unquoted:
        return "in the value of " + attributes_.back().name + " (attribute " +
               std::to_string(attributes_.size()) + ")";
      case State::script:
        return std::string("in a script") + (script_.in_string() ? ", in a string" : "");
      case State::style:
      case State::rcdata:
        return "in <" + element_ + ">";
      case State::comment:
        return "in a comment";
      default:
        return "in text";
    }
  }

  // {{{body_html}}} is markup for text; {{{json_ld}}} is JSON for a script.
  void raw(const Piece& p) {
    if (p.name != "json_ld" && p.name != "body_html") return;  // template/raw already
    const bool ok = p.name == "json_ld" ? state_ == State::script
                                        : state_ == State::data && p.position != after_lt_;
    if (!ok)
      out_.problems.push_back(
          {p.position, "template/raw",
           "{{{" + p.name + "}}} may stand only " +
               (p.name == "json_ld" ? "inside a <script> element" : "in text, between elements")});
  }

  void piece(const Piece& p) {
    if (p.kind == Piece::raw) return raw(p);
    if (p.kind == Piece::open) {
      sections_.push_back(p.name);
      opened_at_.push_back({p.position, where_now()});
      if (sections_.size() == kMaxSectionDepth + 1)
        out_.problems.push_back(
            {p.position, "template/syntax",
             "sections nest more than " + std::to_string(kMaxSectionDepth) + " deep"});
    }
    if (p.kind == Piece::close && !sections_.empty()) {
      // Go's html/template rule: a section shown, left out or repeated must
      // leave the markup where it found it, or the values after it would be
      // escaped for a place they are not in.
      if (const std::string now = where_now(); now != opened_at_.back().second)
        out_.problems.push_back({opened_at_.back().first, "template/context",
                                 "this section starts " + opened_at_.back().second + " and ends " +
                                     now +
                                     ": shown, left out or repeated, it would leave what "
                                     "follows in another place; close it where it opened"});
      sections_.pop_back();
      opened_at_.pop_back();
    }
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
      element_name(p, h);
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
        TagAttribute& a = attributes_.back();
        h.element = element_;
        h.attribute = a.name;
        a.holes.push_back({out_.holes.size(), a.fixed_text, a.any_text, a.in_query,
                           a.last_text == ',', a.js.in_string(), a.holes.empty()});
        break;
      }
      case State::script:
        h.context =
            script_.in_string() ? ValueContext::js_element_string : ValueContext::js_element;
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

  // <{{heading}}> and </{{heading}}>: a whole name, which only a few harmless
  // elements may be (context_escape.cpp); part of one is refused.
  void element_name(const Piece& p, ValueHole& h) {
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
  }

  void problem(const Piece& p, const std::string& what) {
    out_.problems.push_back(
        {p.position, "template/context",
         std::string(p.kind == Piece::translation ? "a translation" : "a value") +
             " cannot stand for " + what + " (docs/templates.md)"});
  }

  // The start tag just read ends: its holes get their contexts, its URL
  // attributes are marked, and what follows is read as the element says.
  void end_start_tag() {
    for (auto& a : attributes_) a.name = ascii_lower(a.name);
    for (const auto& a : attributes_) {
      if (a.holes.empty()) continue;
      if (a.name == "srcdoc") {
        // A whole HTML document in an attribute: its values would land in
        // places this reading does not see.
        out_.problems.push_back({out_.holes[a.holes.front().index].position, "template/context",
                                 "a value cannot stand in srcdoc, a whole HTML document; "
                                 "give the frame a src instead"});
        continue;
      }
      const char kind = url_kind(element_, a, attributes_);
      if (kind && a.quote) out_.url_attributes.push_back({a.value_start, a.quote, kind});
      for (const auto& hole : a.holes) {
        ValueHole& h = out_.holes[hole.index];
        h.context = context_of(kind, a, hole);
        h.may_start_url = kind == 'r' || (kind == 's' && (!hole.any_text || hole.after_comma)) ||
                          (kind == 'u' && !hole.fixed_text && hole.first);
      }
    }
    attributes_.clear();
    script_ = JsReader();
    script_comment_ = false;
    if (element_ == "svg" || element_ == "math") ++foreign_;
    // In SVG and MathML only <script> holds raw text; <title>, <style> and
    // the others hold markup.
    if (element_ == "script")
      state_ = State::script;
    else if (foreign_ > 0)
      state_ = State::data;
    else if (element_ == "style")
      state_ = State::style;
    else if (element_ == "textarea" || element_ == "title" || element_ == "xmp" ||
             element_ == "iframe" || element_ == "noembed" || element_ == "noframes")
      state_ = State::rcdata;
    else
      state_ = State::data;
  }

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
        step_in_tag(text_[i], i);
        return i + 1;
      default:
        return step_in_text(i);
    }
  }

  void add_to_value(char c) {
    TagAttribute& a = attributes_.back();
    a.literal += c;
    a.js.feed(c);
    if (is_html_space(c)) return;
    a.any_text = true;
    a.last_text = c;
    a.in_query = a.in_query || c == '?' || c == '#';
    if (sections_.size() <= a.sections_at_start) a.fixed_text = true;
  }

  void start_value(char quote, std::size_t i) {
    TagAttribute& a = attributes_.back();
    a.quote = quote;
    a.value_start = i + 1;
    a.sections_at_start = sections_.size();
  }

  // One character (at `i`) of a start tag.
  void step_in_tag(char c, std::size_t i) {
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
          attributes_.emplace_back();
          attributes_.back().name.assign(1, c);
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
        if (c == '"' || c == '\'') {
          state_ = c == '"' ? State::value_dq : State::value_sq;
          start_value(c, i);
        } else if (c == '>') {
          end_start_tag();
        } else if (!is_html_space(c)) {
          state_ = State::value_unquoted;
          start_value(0, i);
          add_to_value(c);
        }
        break;
      case State::value_dq:
      case State::value_sq:
        if (c == (state_ == State::value_dq ? '"' : '\''))
          state_ = State::before_attribute;
        else
          add_to_value(c);
        break;
      case State::value_unquoted:
        if (is_html_space(c))
          state_ = State::before_attribute;
        else if (c == '>')
          end_start_tag();
        else
          add_to_value(c);
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
        return step_in_data(i);
      case State::end_tag:
      case State::bogus:
        if (c == '>') state_ = State::data;
        return i + 1;
      case State::comment:
        // A comment ends at "-->", and also at "--!>" (HTML's tokenizer).
        for (const std::string_view end : {"-->", "--!>"})
          if (rest.starts_with(end)) {
            state_ = State::data;
            return i + end.size();
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
        if (state_ == State::script) {
          script_.feed(c);
          // "<!--" then "<script" in a script: HTML's double-escaped state,
          // in which "</script>" does not end it. Read no further.
          if (rest.starts_with("<!--")) script_comment_ = true;
          if (script_comment_ && rest.size() > 7 &&
              ascii_lower(std::string(rest.substr(0, 7))) == "<script")
            out_.problems.push_back({i, "template/context",
                                     "\"<!--\" then \"<script\" inside a script: browsers read "
                                     "what follows differently; write the inner tag as "
                                     "\"<\\/script>\" and drop the comment"});
        }
        return i + 1;
      default:
        return i + 1;
    }
  }

  std::size_t step_in_data(std::size_t i) {
    const char c = text_[i];
    const std::string_view rest = text_.substr(i);
    if (c != '<') return i + 1;
    // An Outlook conditional comment's content is markup Outlook reads:
    // read on as markup past "<!--[if …]>", and "<![endif]-->" as nothing.
    if (rest.starts_with("<!--[if")) {
      const auto close = rest.find("]>");
      return close == std::string_view::npos ? text_.size() : i + close + 2;
    }
    if (rest.starts_with("<!-->")) return i + 5;   // an empty comment, closed at once
    if (rest.starts_with("<!--->")) return i + 6;  // (HTML's abrupt closing)
    if (rest.starts_with("<!--")) {
      state_ = State::comment;
      return i + 4;
    }
    if (rest.size() > 2 && rest[1] == '/' && is_ascii_alpha(rest[2])) {
      const std::string name = ascii_lower(std::string(rest.substr(2, 4)));
      if (foreign_ > 0 && (name.starts_with("svg") || name == "math")) --foreign_;
      state_ = State::end_tag;
      return i + 2;
    }
    if (rest.size() > 1 && is_ascii_alpha(rest[1])) {
      state_ = State::tag_name;
      element_.clear();
      return i + 1;
    }
    if (rest.size() > 1 && (rest[1] == '!' || rest[1] == '?')) {
      state_ = State::bogus;
      return i + 2;
    }
    after_lt_ = rest.starts_with("</") ? i + 2 : i + 1;
    return i + 1;
  }

  std::string_view text_;
  TemplateContexts out_;
  State state_ = State::data;
  std::string element_;
  JsReader script_;                                // the current <script>'s text
  std::size_t after_lt_ = std::string_view::npos;  // just after a '<' (or "</") of text
  std::vector<TagAttribute> attributes_;
  std::vector<std::string> sections_;
  std::vector<std::pair<std::size_t, std::string>> opened_at_;  // each section's where_now()
  int foreign_ = 0;              // inside <svg> or <math>: no raw-text elements there
  bool script_comment_ = false;  // the script has opened "<!--"
};

}  // namespace

TemplateContexts find_value_contexts(std::string_view text) {
  return Scanner(text).run();
}

}  // namespace pp
