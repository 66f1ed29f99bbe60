// The serializer of a sanitized fragment (gumbo), by the allow-list of
// content/html_allow_list.h.
#include "content/html_sanitizer.h"

#include <gumbo.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "content/html_allow_list.h"
#include "core/text.h"

namespace pp {

namespace {

std::string tag_name(const GumboElement& e) {
  if (e.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(e.tag);
  GumboStringPiece piece = e.original_tag;
  gumbo_tag_from_original_text(&piece);
  std::string name(piece.data ? piece.data : "", piece.data ? piece.length : 0);
  for (char& c : name)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return name;
}

// ASCII whitespace runs as one space, trimmed.
std::string collapse_whitespace(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

const GumboVector& children_of(const GumboNode* n) {
  return n->type == GUMBO_NODE_DOCUMENT ? n->v.document.children : n->v.element.children;
}

// Visible text under `n`, whitespace collapsed (explicit stack: raw HTML may
// nest deeper than a thread's stack would allow).
std::string subtree_text(const GumboNode* root) {
  std::string out;
  std::vector<const GumboNode*> stack{root};
  while (!stack.empty()) {
    const GumboNode* n = stack.back();
    stack.pop_back();
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_CDATA ||
        n->type == GUMBO_NODE_WHITESPACE) {
      out += n->v.text.text;
      out += ' ';
    } else if (n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_TEMPLATE) {
      if (n != root && invisible_content(tag_name(n->v.element))) continue;
      const GumboVector& c = n->v.element.children;
      for (unsigned i = c.length; i > 0; --i)
        stack.push_back(static_cast<GumboNode*>(c.data[i - 1]));
    }
  }
  return collapse_whitespace(out);
}

// A raw heading's tag (h1 to h6).
bool heading_tag(const std::string& tag) {
  return tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6';
}

// The id an <a> or a raw heading gives the page, as GitHub READMEs and
// changelogs write anchors (`<a name="1.2.0"></a>`, `<a id="install">`,
// `<h2 id="usage">`): its id, else an <a>'s name, when that is 1 to 100
// bytes without whitespace or controls; "" else.
std::string anchor_of(const GumboElement& e, const std::string& tag) {
  for (const char* attribute : {"id", "name"}) {
    if (tag != "a" && std::string_view(attribute) == "name") break;
    const GumboAttribute* a = gumbo_get_attribute(&e.attributes, attribute);
    if (!a) continue;
    const std::string v = a->value;
    if (!v.empty() && v.size() <= 100 && std::none_of(v.begin(), v.end(), [](char c) {
          return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f;
        }))
      return v;
  }
  return "";
}

using Attributes = std::vector<std::pair<std::string, std::string>>;

// Whether an <img> src names a file of the bundle: a relative path without
// scheme, query, fragment, "." or ".." segments, backslashes or controls
// ("chart.png", "img/before%20after.png").
bool bundle_file(std::string_view v) {
  while (v.starts_with("./")) v.remove_prefix(2);
  if (v.empty() || v.size() > 500 || v.front() == '/') return false;
  if (std::any_of(v.begin(), v.end(), [](char c) {
        return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f || c == ':' || c == '?' ||
               c == '#' || c == '\\' || c == '"' || c == '<' || c == '>';
      }))
    return false;
  for (std::size_t start = 0; start <= v.size();) {
    const std::size_t end = std::min(v.find('/', start), v.size());
    const std::string_view segment = v.substr(start, end - start);
    if (segment.empty() || segment == "." || segment == "..") return false;
    start = end + 1;
  }
  return true;
}

// The attributes of allowed element `e` that pass (its anchor first), the
// others noted in `r`; false when what is left is no use (an <img> without a
// src, a <bdo> without a direction, an <a> without href or anchor).
bool keep_attributes(const GumboElement& e, const std::string& tag, const Allowed& allowed,
                     const std::string& base, RawElement& r, Attributes& attributes) {
  if (tag == "a" || heading_tag(tag)) r.anchor = anchor_of(e, tag);
  if (!r.anchor.empty()) attributes.emplace_back("id", r.anchor);
  for (unsigned i = 0; i < e.attributes.length; ++i) {
    const auto* a = static_cast<GumboAttribute*>(e.attributes.data[i]);
    const std::string name = a->name, value = a->value;
    if ((tag == "a" && (name == "id" || name == "name")) ||
        (heading_tag(tag) && name == "id")) {  // its anchor
      if (value != r.anchor) r.dropped_attributes.push_back(name);
      continue;
    }
    const bool listed =
        global_attribute(name) || std::any_of(allowed.attributes.begin(), allowed.attributes.end(),
                                              [&](const char* k) { return name == k; });
    std::string reason;
    if (tag == "img" && name == "src" && bundle_file(value)) {
      r.local_src = value;
      attributes.emplace_back(name, base + value);
      continue;
    }
    if (listed && value_allowed(name, value, reason)) {
      attributes.emplace_back(name, value);
      if (tag == "a" && name == "href") r.href = value;
    } else if ((tag == "img" && name == "src") || (tag == "a" && name == "href")) {
      r.reason = reason;
      // An anchor stays: the link it cannot be is said as a dropped attribute.
      if (!r.anchor.empty()) r.dropped_attributes.push_back(name);
    } else if (!unseen_attribute(name))
      r.dropped_attributes.push_back(name);
  }
  // An image without a usable source shows nothing but a broken icon.
  if (tag == "img" && std::none_of(attributes.begin(), attributes.end(),
                                   [](const auto& a) { return a.first == "src"; })) {
    if (r.reason.empty()) r.reason = "it has no src";
    return false;
  }
  // <bdo> overrides the direction it is given: without one it means nothing.
  if (tag == "bdo" && std::none_of(attributes.begin(), attributes.end(), [](const auto& a) {
        return a.first == "dir" && a.second != "auto";
      })) {
    r.reason = "it has no dir=\"ltr\" or dir=\"rtl\"";
    return false;
  }
  // A link that cannot be followed is its text: the tag goes, the text stays.
  if (tag == "a" && r.anchor.empty() &&
      std::none_of(attributes.begin(), attributes.end(),
                   [](const auto& a) { return a.first == "href"; })) {
    const GumboAttribute* id = gumbo_get_attribute(&e.attributes, "id");
    if (!id) id = gumbo_get_attribute(&e.attributes, "name");
    // An anchor whose id cannot be one (`<a id="Time Validity Errors">`).
    if (r.reason.empty() && id)
      r.reason = std::string("its ") + id->name + " \"" + quote_for_message(id->value, 40) +
                 "\" cannot be an id (1 to 100 bytes without spaces) and it has no href";
    if (r.reason.empty()) r.reason = "it has no href";
    return false;
  }
  return true;
}

class Serializer {
 public:
  Serializer(const std::vector<RawSpan>& raw, RawHtmlMode mode, const std::string& base)
      : raw_(raw), mode_(mode), base_(base) {}

  void node(const GumboNode* n);
  std::string out;
  std::vector<RawElement> elements;

 private:
  bool is_raw(std::size_t offset) const {
    auto it = std::upper_bound(raw_.begin(), raw_.end(), offset,
                               [](std::size_t o, const RawSpan& s) { return o < s.begin; });
    return it != raw_.begin() && offset < std::prev(it)->end;
  }
  void element(const GumboNode* n);
  void raw_element(const GumboNode* n, const std::string& tag, bool report);
  void write_start(const std::string& tag, const std::vector<std::pair<std::string, std::string>>&);
  void write_children(const GumboNode* n) {
    const GumboVector& c = children_of(n);
    for (unsigned i = 0; i < c.length; ++i) node(static_cast<GumboNode*>(c.data[i]));
  }

  const std::vector<RawSpan>& raw_;
  RawHtmlMode mode_;
  const std::string& base_;  // before a bundle file's src
  int depth_ = 0;
};

void Serializer::node(const GumboNode* n) {
  switch (n->type) {
    case GUMBO_NODE_TEXT:
    case GUMBO_NODE_CDATA:
    case GUMBO_NODE_WHITESPACE:
      out += html_escape(n->v.text.text);
      return;
    case GUMBO_NODE_COMMENT: {
      // Comments go, silently, unless one is never closed: then it took the
      // rest of the body with it.
      const GumboStringPiece& t = n->v.text.original_text;
      const std::string_view whole(t.data, t.length);
      if (whole.size() < 3 || whole.substr(whole.size() - 3) != "-->") {
        RawElement e;
        e.offset = n->v.text.start_pos.offset;
        e.tag = "!--";
        e.fate = RawFate::removed;
        e.lost_text = collapse_whitespace(n->v.text.text);
        e.has_text = !e.lost_text.empty();
        elements.push_back(std::move(e));
      }
      return;
    }
    case GUMBO_NODE_DOCUMENT:
      write_children(n);
      return;
    case GUMBO_NODE_ELEMENT:
    case GUMBO_NODE_TEMPLATE:
      // Deeper than any real document nests: the rest is written as text.
      if (depth_ >= 256) {
        out += html_escape(subtree_text(n));
        return;
      }
      ++depth_;
      element(n);
      --depth_;
      return;
  }
}

void Serializer::write_start(const std::string& tag,
                             const std::vector<std::pair<std::string, std::string>>& attributes) {
  out += '<' + tag;
  for (const auto& [name, value] : attributes) out += ' ' + name + "=\"" + html_escape(value) + '"';
  out += void_element(tag) ? " />" : ">";
}

void Serializer::element(const GumboNode* n) {
  const GumboElement& e = n->v.element;
  const std::string tag = tag_name(e);
  const bool inserted = (n->parse_flags & GUMBO_INSERTION_BY_PARSER) != 0 ||
                        (n->parse_flags & GUMBO_INSERTION_ADOPTION_AGENCY_CLONED) != 0 ||
                        (n->parse_flags & GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT) != 0;
  if (e.tag_namespace == GUMBO_NAMESPACE_HTML && !inserted && !is_raw(e.start_pos.offset)) {
    // Written by cmark-gfm: its markup and attributes as they are.
    std::vector<std::pair<std::string, std::string>> attributes;
    for (unsigned i = 0; i < e.attributes.length; ++i) {
      const auto* a = static_cast<GumboAttribute*>(e.attributes.data[i]);
      attributes.emplace_back(a->name, a->value);
    }
    write_start(tag, attributes);
    write_children(n);
    if (!void_element(tag)) out += "</" + tag + '>';
    return;
  }
  raw_element(n, tag, !inserted);
}

void Serializer::raw_element(const GumboNode* n, const std::string& tag, bool report) {
  const GumboElement& e = n->v.element;
  RawElement r;
  r.offset = e.start_pos.offset;
  r.tag = tag;
  const Allowed* allowed = nullptr;
  if (mode_ == RawHtmlMode::sanitize && e.tag_namespace == GUMBO_NAMESPACE_HTML)
    for (const auto& a : allow_list())
      if (tag == a.tag) allowed = &a;
  std::vector<std::pair<std::string, std::string>> attributes;
  if (allowed && !keep_attributes(e, tag, *allowed, base_, r, attributes)) allowed = nullptr;
  const bool is_img = tag == "img";
  std::string text;
  if (is_img) {
    if (const GumboAttribute* alt = gumbo_get_attribute(&e.attributes, "alt"))
      text = collapse_whitespace(alt->value);
  } else if (!invisible_content(tag)) {
    text = subtree_text(n);
  }
  r.has_text = !text.empty();
  if (allowed) {
    r.fate = RawFate::kept;
    // A raw heading stays a heading under the page's <h1> (the title), and
    // is marked so that the Markdown headings' ids are not given to it; the
    // id it was written with (its anchor) stays first.
    const std::string written = tag == "h1" ? "h2" : tag;
    if (heading_tag(tag))
      attributes.insert(attributes.begin() + (r.anchor.empty() ? 0 : 1), {"class", "raw-heading"});
    write_start(written, attributes);
    write_children(n);
    if (!void_element(tag)) out += "</" + written + '>';
  } else if (is_img || removed_with_content(tag) || e.tag_namespace != GUMBO_NAMESPACE_HTML) {
    r.fate = RawFate::removed;
    // <picture>'s other sources: its <img> is what every reader gets.
    if (tag == "source" && n->parent && n->parent->type == GUMBO_NODE_ELEMENT &&
        tag_name(n->parent->v.element) == "picture")
      report = false;
    r.lost_text = text;
    r.dropped_attributes.clear();
  } else {
    r.fate = RawFate::unwrapped;
    // What stays may be elements without text (an image in a <div>).
    for (unsigned i = 0; i < e.children.length && !r.has_text; ++i)
      r.has_text = static_cast<GumboNode*>(e.children.data[i])->type == GUMBO_NODE_ELEMENT;
    r.dropped_attributes.clear();
    if (report && tag != "picture") elements.push_back(std::move(r));
    report = false;
    // A block's content stays apart from what is around it: a line end
    // reads as a space.
    const bool block = breaks_line(tag) || tag == "center" || tag == "section" ||
                       tag == "article" || tag == "header" || tag == "footer" || tag == "nav" ||
                       tag == "aside" || tag == "main" || tag == "address" ||
                       (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6');
    if (block) out += '\n';
    write_children(n);
    if (block) out += '\n';
  }
  if (report) elements.push_back(std::move(r));
}

struct OutputDeleter {
  void operator()(GumboOutput* o) const { gumbo_destroy_output(&kGumboDefaultOptions, o); }
};

std::unique_ptr<GumboOutput, OutputDeleter> parse_fragment(std::string_view html) {
  GumboOptions options = kGumboDefaultOptions;
  options.fragment_context = GUMBO_TAG_DIV;
  options.fragment_namespace = GUMBO_NAMESPACE_HTML;
  options.max_errors = 0;  // the errors are not read
  return std::unique_ptr<GumboOutput, OutputDeleter>(
      gumbo_parse_with_options(&options, html.data(), html.size()));
}

}  // namespace

SanitizedHtml sanitize_html(std::string_view html, const std::vector<RawSpan>& raw,
                            RawHtmlMode mode, const std::string& base) {
  const auto parsed = parse_fragment(html);
  Serializer s(raw, mode, base);
  // The fragment is the content of the <html> element gumbo puts it in.
  if (parsed) {
    const GumboVector& c = children_of(parsed->root);
    for (unsigned i = 0; i < c.length; ++i) s.node(static_cast<GumboNode*>(c.data[i]));
  }
  std::stable_sort(s.elements.begin(), s.elements.end(),
                   [](const RawElement& a, const RawElement& b) { return a.offset < b.offset; });
  return {std::move(s.out), std::move(s.elements)};
}

namespace {

// Text with '\n' where lines break: spaces collapsed on each line, lines
// trimmed, empty lines left out.
std::string tidy_lines(const std::string& s) {
  std::string out;
  std::size_t from = 0;
  while (from <= s.size()) {
    auto nl = s.find('\n', from);
    if (nl == std::string::npos) nl = s.size();
    const std::string line = collapse_whitespace(std::string_view(s).substr(from, nl - from));
    if (!line.empty()) out += (out.empty() ? "" : "\n") + line;
    from = nl + 1;
  }
  return out;
}

}  // namespace

std::string raw_html_visible_text(std::string_view literal, RawHtmlMode mode) {
  const std::string html = sanitize_html(literal, {RawSpan{0, literal.size(), 0}}, mode).html;
  const auto parsed = parse_fragment(html);
  if (!parsed) return "";
  // The sanitized fragment holds only allowed elements: walk it in order.
  std::string out;
  std::vector<std::pair<const GumboNode*, bool>> stack;  // node, after its children
  const GumboVector& top = children_of(parsed->root);
  for (unsigned i = top.length; i > 0; --i)
    stack.emplace_back(static_cast<GumboNode*>(top.data[i - 1]), false);
  while (!stack.empty()) {
    const auto [n, after] = stack.back();
    stack.pop_back();
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE ||
        n->type == GUMBO_NODE_CDATA) {
      out += n->v.text.text;
      continue;
    }
    if (n->type != GUMBO_NODE_ELEMENT) continue;
    const std::string tag = tag_name(n->v.element);
    if (after) {
      out += breaks_line(tag) ? "\n" : (tag == "td" || tag == "th") ? " " : "";
      continue;
    }
    if (breaks_line(tag)) out += '\n';
    if (tag == "img")
      if (const GumboAttribute* alt = gumbo_get_attribute(&n->v.element.attributes, "alt"))
        if (!collapse_whitespace(alt->value).empty())
          out += "[" + collapse_whitespace(alt->value) + "]";
    stack.emplace_back(n, true);
    const GumboVector& c = n->v.element.children;
    for (unsigned i = c.length; i > 0; --i)
      stack.emplace_back(static_cast<GumboNode*>(c.data[i - 1]), false);
  }
  // A lone <br> is a line break of its paragraph, not an empty line.
  if (collapse_whitespace(out).empty()) return html.find("<br") != std::string::npos ? "\n" : "";
  return tidy_lines(out);
}

std::string raw_html_message(const RawElement& e, RawHtmlMode mode) {
  const std::string name = "<" + quote_for_message(e.tag, 40) + ">";
  if (mode == RawHtmlMode::error)
    return "raw HTML " + (e.tag == "!--" ? std::string("comment") : name) +
           " is not allowed (markdown.raw_html: error)";
  const std::string lost =
      e.lost_text.empty() ? ""
                          : "; its text \"" + quote_for_message(e.lost_text, 40) + "\" is lost";
  if (e.tag == "!--")
    return "raw HTML comment is not closed, so it hides the rest of the body" + lost;
  switch (e.fate) {
    case RawFate::kept: {
      if (e.dropped_attributes.empty()) return "";
      std::string names;
      for (const auto& a : e.dropped_attributes)
        names += (names.empty() ? "" : ", ") + quote_for_message(a, 40);
      return "raw HTML " + name + ": attribute" + (e.dropped_attributes.size() > 1 ? "s " : " ") +
             names + " dropped";
    }
    case RawFate::unwrapped:
      return "raw HTML " + name + " dropped" + (e.reason.empty() ? "" : ": " + e.reason) +
             (e.has_text ? "; its content is kept" : "");
    case RawFate::removed:
      return "raw HTML " + name + " dropped" + (e.reason.empty() ? "" : ": " + e.reason) + lost;
  }
  return "";
}

}  // namespace pp
