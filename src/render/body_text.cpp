// Markdown → plain text for the email text part, walking the same cmark tree.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include "content/html_sanitizer.h"
#include "core/markup_text.h"
#include "core/text_wrap.h"
#include "render/alerts.h"
#include "render/cjk_breaks.h"
#include "render/inline_walk.h"

namespace pp {

std::size_t LinkRefs::number(const std::string& url) {
  for (std::size_t i = 0; i < urls.size(); ++i)
    if (urls[i] == url) return i + 1;
  urls.push_back(url);
  return urls.size();
}

namespace {

// Stands for a soft line break until what is on both sides is known (a
// control character no body text holds).
constexpr char kSoftBreak = '\x1f';

// A footnote's number in superscript digits ("12" → "¹²"), as pages show it;
// "[12]" would read as a link's number.
std::string superscript(const std::string& number) {
  static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out;
  for (const char c : number) out += c >= '0' && c <= '9' ? digits[c - '0'] : std::string(1, c);
  return out;
}

struct TextWriter {
  const Article& a;
  const Corpus& corpus;
  const SiteConfig& config;
  const Locale& locale;
  const std::string& page_url;
  LinkRefs& refs;
  std::size_t width;
  std::vector<std::string> lines;
  int notes = 0;  // footnote definitions written so far

  // The inline content of a block as one string ('\n' for hard breaks).
  std::string inlines(cmark_node* block) {
    // One string per open link or image: its label so far.
    std::vector<std::string> open(1);
    walk_inlines(block, {a, corpus, config, locale, page_url}, [&](const InlineEvent& e) {
      switch (e.kind) {
        case InlineKind::text:
        case InlineKind::figure:
        case InlineKind::code:
          open.back() += e.text;
          break;
        case InlineKind::soft_break:  // a space, or nothing inside CJK text
          open.back() += kSoftBreak;
          break;
        case InlineKind::line_break:
          open.back() += '\n';
          break;
        case InlineKind::link_start:
        case InlineKind::image_start:
          open.emplace_back();
          break;
        case InlineKind::link_end:
        case InlineKind::image_end: {
          const std::string label = std::move(open.back());
          open.pop_back();
          open.back() += target_text(e, label);
          break;
        }
        case InlineKind::footnote_ref:  // a superscript number, as the page shows it
          open.back() += superscript(e.text);
          break;
        case InlineKind::span_start:
        case InlineKind::span_end:  // struck text keeps its marks: "~~$1,999~~ $1,499"
          if (std::string_view(cmark_node_get_type_string(e.node)) == "strikethrough")
            open.back() += "~~";
          break;
        case InlineKind::raw_html:  // what a reader sees of it on the page
          open.back() += raw_html_visible_text(expand_figures_in_html(e.text, a, locale), mode());
          break;
        default:  // spans are their prose
          break;
      }
    });
    return form_feeds_as_spaces(resolve_soft_breaks(open.front(), kSoftBreak));
  }

  // A link or image with its `label`: "label [n]", "[label] [n]" for an image,
  // the URL once for an autolink, the label alone when the target is never emitted.
  std::string target_text(const InlineEvent& e, const std::string& label) {
    const std::string to = e.destination.value_or("");
    if (to.empty()) return label;
    if (label == e.url || label == to) return to;
    return (e.kind == InlineKind::image_end ? "[" + label + "]" : label) + " [" +
           std::to_string(refs.number(to)) + "]";
  }

  RawHtmlMode mode() const {
    return config.raw_html == RawHtmlMode::sanitize ? RawHtmlMode::sanitize : RawHtmlMode::drop;
  }

  void add(const std::vector<std::string>& more) {
    lines.insert(lines.end(), more.begin(), more.end());
  }
  void blank() {
    if (!lines.empty() && !lines.back().empty()) lines.push_back("");
  }

  void block(cmark_node* n, const std::string& first, const std::string& rest) {
    const auto type = cmark_node_get_type(n);
    const std::string type_name = cmark_node_get_type_string(n);
    if (type == CMARK_NODE_PARAGRAPH) {
      add(wrap_text(inlines(n), width, locale.code(), first, rest));
    } else if (type == CMARK_NODE_HEADING) {
      const std::string text = inlines(n);
      const auto wrapped = wrap_text(text, width, locale.code(), first, rest);
      add(wrapped);
      std::size_t w = 0;
      for (const auto& l : wrapped) w = std::max(w, display_width(l));
      lines.push_back(rest + std::string(std::min(w, width) - std::min(w, rest.size()),
                                         cmark_node_get_heading_level(n) <= 1 ? '=' : '-'));
    } else if (type == CMARK_NODE_CODE_BLOCK) {
      const std::string code =
          form_feeds_as_spaces(cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "");
      std::size_t from = 0;
      bool first_line = true;
      while (from < code.size()) {
        auto nl = code.find('\n', from);
        if (nl == std::string::npos) nl = code.size();
        lines.push_back((first_line ? first : rest) + "    " + code.substr(from, nl - from));
        first_line = false;
        from = nl + 1;
      }
    } else if (type == CMARK_NODE_THEMATIC_BREAK) {
      lines.push_back(first + "* * *");
    } else if (type == CMARK_NODE_BLOCK_QUOTE) {
      if (const std::string kind = alert_kind(n); !kind.empty())
        alert(n, kind, first + "> ", rest + "> ");
      else
        children(n, first + "> ", rest + "> ", false);
    } else if (type == CMARK_NODE_LIST) {
      list(n, first, rest);
    } else if (type_name == "table") {
      table(n, first, rest);
    } else if (type == CMARK_NODE_FOOTNOTE_DEFINITION) {
      // Notes stand in their numbers' order: the text calls them ¹, ²…
      children(n, first + superscript(std::to_string(++notes)) + " ", rest + "   ", false);
    } else if (type == CMARK_NODE_HTML_BLOCK) {
      html_block(n, first, rest);
    } else {
      children(n, first, rest, false);
    }
  }

  // A list: "- " or "1. " before each item, and a task's box ("[x] ", "[ ] ").
  void list(cmark_node* n, const std::string& first, const std::string& rest) {
    const bool ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
    int number = ordered ? cmark_node_get_list_start(n) : 0;
    const bool tight = cmark_node_get_list_tight(n);
    bool first_item = true;
    for (cmark_node* item = cmark_node_first_child(n); item; item = cmark_node_next(item)) {
      if (!tight && !first_item) blank();
      const std::string bullet = ordered ? std::to_string(number++) + ". " : "- ";
      const std::string box = std::string_view(cmark_node_get_type_string(item)) != "tasklist" ? ""
                              : cmark_gfm_extensions_get_tasklist_item_checked(item) ? "[x] "
                                                                                     : "[ ] ";
      children(item, (first_item ? first : rest) + bullet + box,
               rest + std::string(bullet.size() + box.size(), ' '), tight);
      first_item = false;
    }
  }

  // A table: its columns aligned under a rule when they fit the width, else
  // (and always right to left, where a mail client would mirror the rule
  // apart from the cells) each row's cells joined by " | ", a blank line
  // between rows; an empty cell keeps its column.
  void table(cmark_node* n, const std::string& first, const std::string& rest) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::size_t> widths;
    for (cmark_node* row = cmark_node_first_child(n); row; row = cmark_node_next(row)) {
      auto& cells = rows.emplace_back();
      for (cmark_node* cell = cmark_node_first_child(row); cell; cell = cmark_node_next(cell)) {
        std::string text = inlines(cell);
        for (char& c : text)
          if (c == '\n') c = ' ';
        if (widths.size() < cells.size() + 1) widths.push_back(0);
        widths[cells.size()] = std::max(widths[cells.size()], display_width(text));
        cells.push_back(std::move(text));
      }
    }
    std::size_t total = rest.size();
    for (const auto w : widths) total += w + 3;
    const bool aligned = total <= width + 3 && locale.dir() != "rtl";
    for (std::size_t r = 0; r < rows.size(); ++r) {
      std::string line = r == 0 ? first : rest;
      for (std::size_t c = 0; c < rows[r].size(); ++c) {
        const std::string& cell = rows[r][c];
        line += (c == 0 ? "" : " | ") + cell;
        if (aligned && c + 1 < rows[r].size())
          line += std::string(widths[c] - display_width(cell), ' ');
      }
      if (!aligned) {
        if (r > 0) blank();
        add(wrap_text(line.substr((r == 0 ? first : rest).size()), width, locale.code(),
                      r == 0 ? first : rest, rest));
        continue;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(line);
      if (r == 0) {  // the header's rule
        std::string rule = rest;
        for (std::size_t c = 0; c < widths.size(); ++c)
          rule += (c == 0 ? "" : "-+-") + std::string(std::max<std::size_t>(widths[c], 1), '-');
        lines.push_back(rule);
      }
    }
  }

  // A GitHub alert: its label where its marker was ("> Note: …"), then its
  // other blocks.
  void alert(cmark_node* n, const std::string& kind, const std::string& first,
             const std::string& rest) {
    cmark_node* p = cmark_node_first_child(n);
    const std::string text = inlines(p);
    const auto marker_end = text.find(']');
    add(wrap_text(alert_label(kind, locale) + ":" + text.substr(marker_end + 1), width,
                  locale.code(), first, rest));
    for (cmark_node* c = cmark_node_next(p); c; c = cmark_node_next(c)) {
      blank();
      block(c, rest, rest);
    }
  }

  // A raw HTML block: the text the sanitized block shows, line by line.
  void html_block(cmark_node* n, const std::string& first, const std::string& rest) {
    const char* literal = cmark_node_get_literal(n);
    const std::string text = form_feeds_as_spaces(
        raw_html_visible_text(expand_figures_in_html(literal ? literal : "", a, locale), mode()));
    bool at_first = true;
    std::size_t from = 0;
    while (from < text.size()) {
      auto nl = text.find('\n', from);
      if (nl == std::string::npos) nl = text.size();
      add(wrap_text(text.substr(from, nl - from), width, locale.code(), at_first ? first : rest,
                    rest));
      at_first = false;
      from = nl + 1;
    }
  }

  // Blocks in sequence, a blank line between them unless `tight`.
  void children(cmark_node* parent, const std::string& first, const std::string& rest, bool tight) {
    bool at_first = true;
    for (cmark_node* c = cmark_node_first_child(parent); c; c = cmark_node_next(c)) {
      if (!at_first && !tight) blank();
      block(c, at_first ? first : rest, rest);
      at_first = false;
    }
  }
};

}  // namespace

std::string render_body_text(const Article& a, const Corpus& corpus, const SiteConfig& config,
                             const Locale& locale, const std::string& page_url, LinkRefs& refs,
                             std::size_t width) {
  TextWriter w{a, corpus, config, locale, page_url, refs, width, {}};
  w.children(a.doc->root(), "", "", false);
  std::string out;
  for (const auto& l : w.lines) out += l + "\n";
  return out;
}

}  // namespace pp
