// GitHub alerts: found in the tree for the text part, in the rendered HTML
// for pages and emails.
#include "render/alerts.h"

#include <array>
#include <string_view>
#include <utility>

#include "core/text.h"

namespace pp {

namespace {

// The kinds, as GitHub names them, with their labels' msgids.
constexpr std::array<std::pair<const char*, const char*>, 5> kKinds = {{{"note", "Note"},
                                                                        {"tip", "Tip"},
                                                                        {"important", "Important"},
                                                                        {"warning", "Warning"},
                                                                        {"caution", "Caution"}}};

// The kind named by a marker "[!NOTE]" (any case), or "".
std::string kind_of_marker(std::string_view marker) {
  if (marker.size() < 4 || marker.substr(0, 2) != "[!" || marker.back() != ']') return "";
  std::string name(marker.substr(2, marker.size() - 3));
  for (char& c : name)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (const auto& [kind, label] : kKinds)
    if (name == kind) return kind;
  return "";
}

}  // namespace

std::string alert_kind(cmark_node* block_quote) {
  cmark_node* p = cmark_node_first_child(block_quote);
  if (!p || cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH) return "";
  // The first line: its text nodes up to a line break ("[", "!NOTE", "]").
  std::string line;
  for (cmark_node* n = cmark_node_first_child(p); n; n = cmark_node_next(n)) {
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) break;
    if (type != CMARK_NODE_TEXT) return "";
    line += cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
  }
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
  return kind_of_marker(line);
}

std::string alert_label(const std::string& kind, const Locale& loc) {
  for (const auto& [k, label] : kKinds)
    if (kind == k) return loc.tr(label);
  return "";
}

std::string with_alerts(const std::string& html, const Locale& loc) {
  static const std::string open = "<blockquote>\n<p>[!", close = "</blockquote>";
  if (html.find(open) == std::string::npos) return html;
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = html.find(open, from)) != std::string::npos;) {
    const std::size_t marker = at + open.size() - 2;  // at "[!"
    const std::size_t end = html.find(']', marker);
    const std::string kind =
        end == std::string::npos
            ? ""
            : kind_of_marker(std::string_view(html).substr(marker, end + 1 - marker));
    // The marker alone on its line: then a line break or the paragraph's end.
    const bool alone = !kind.empty() && (html.compare(end + 1, 1, "\n") == 0 ||
                                         html.compare(end + 1, 5, "</p>\n") == 0);
    if (!alone) {
      out.append(html, from, marker - from);
      from = marker;
      continue;
    }
    // Its block quote's end: quotes nest, and text has its '<' escaped.
    std::size_t depth = 1, scan = at + 1, finish = std::string::npos;
    while (depth > 0) {
      const std::size_t next_open = html.find("<blockquote", scan);
      const std::size_t next_close = html.find(close, scan);
      if (next_close == std::string::npos) break;
      if (next_open < next_close) {
        ++depth;
        scan = next_open + 1;
      } else if (--depth == 0) {
        finish = next_close;
      } else {
        scan = next_close + 1;
      }
    }
    if (finish == std::string::npos) {
      out.append(html, from, marker - from);
      from = marker;
      continue;
    }
    out.append(html, from, at - from);
    out += "<div class=\"alert alert-" + kind +
           "\" role=\"note\">\n<p class=\"alert-title\"><strong>" +
           html_escape(alert_label(kind, loc)) + "</strong></p>\n";
    // What followed the marker: the rest of its paragraph, or the next blocks.
    std::size_t rest = end + 1;
    if (html.compare(rest, 5, "</p>\n") == 0) {
      rest += 5;
    } else {
      out += "<p>";
      rest += 1;
    }
    out.append(html, rest, finish - rest);
    out += "</div>";
    from = finish + close.size();
  }
  out.append(html, from, std::string::npos);
  return out;
}

}  // namespace pp
