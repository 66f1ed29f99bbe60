#include "render/templates.h"

#include <atomic>
#include <map>
#include <memory>
#include <set>

#include "core/builtin_theme.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/markup_text.h"
#include "core/site_layout.h"
#include "core/text.h"
#include "incremental/incremental.h"
#include "render/context_escape.h"
#include "render/template_contexts.h"
#include "render/template_inlining.h"
#include "render/template_syntax.h"
#include "render/template_tags.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Triple mustaches bypass escaping; only these view-model fields hold markup
// that was built safely (cmark-gfm safe-mode HTML, script-safe JSON).
const std::vector<std::string>& raw_allowed() {
  static const std::vector<std::string> names = {"body_html", "json_ld"};
  return names;
}

void lint_template(const std::string& rel, const std::string& text, DiagnosticSink& sink) {
  int line = 1;
  std::size_t line_start = 0, counted = 0;
  for (const auto& tag : find_raw_tags(text)) {
    for (; counted < tag.position; ++counted)
      if (text[counted] == '\n') ++line, line_start = counted + 1;
    if (std::find(raw_allowed().begin(), raw_allowed().end(), tag.text) == raw_allowed().end())
      sink.error(
          {rel, line, code_point_column(text, line_start, tag.position)}, "template/raw",
          "unescaped '" + tag.text + "' is not allowed; only body_html and json_ld may be raw");
  }
}

// Where `text` opens a section deeper than kMaxSectionDepth: kainjow
// renders sections by recursion (20,000 deep ran out of stack).
std::optional<std::size_t> too_deep(std::string_view text) {
  std::size_t depth = 0;
  for (const auto& t : find_tags(text).tags) {
    if (t.text.starts_with('#') || t.text.starts_with('^')) {
      if (++depth > kMaxSectionDepth) return t.position;
    } else if (t.text.starts_with('/') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

// A template kainjow refuses, reported at the place of the mistake: found
// by template_mistake(), else at the offset kainjow names ("… at 29").
void report_syntax(const std::string& rel, const std::string& text, std::string message,
                   DiagnosticSink& sink) {
  std::size_t offset = 0;
  if (const auto m = template_mistake(text)) {
    offset = m->offset;
    message = m->message;
  } else if (const auto at = message.rfind(" at ");
             at != std::string::npos &&
             message.find_first_not_of("0123456789", at + 4) == std::string::npos) {
    offset = std::stoul(message.substr(at + 4));
    message.resize(at);
  }
  if (!message.empty())
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  const auto [line, column] = line_and_column(text, offset);
  sink.error({rel, line, column}, "template/syntax", message);
}

// Every {{> name}} names a template of the set: else an error at it, with
// the nearest name.
void check_partials(const TemplateSet& set, const std::map<std::string, std::string>& own,
                    DiagnosticSink& sink) {
  std::vector<std::string> names;
  for (const auto& [name, text] : set.all()) names.push_back(name);
  for (const auto& [name, text] : own)
    for (const auto& p : find_partials(text)) {
      if (set.find(p.text)) continue;
      const auto [line, column] = line_and_column(text, p.position);
      const std::string hint = nearest(p.text, names);
      sink.error({set.path(name), line, column}, "template/partial",
                 "no template '" + quote_for_message(p.text, 60) + "' for this partial" +
                     (hint.empty() ? "" : "; did you mean '" + hint + "'?"));
    }
}

// The names of the view model's keys (docs/templates.md) that template
// `name` is given, by their parts ("alternates[].href" gives "alternates" and
// "href"): those of the views that render it, and the page's for every HTML
// template. The page's partials (head, header, …) are rendered by every HTML
// view, and a template no view renders (a site's own partial) may be used
// anywhere: they are given every name of the HTML views, or of all.
const std::vector<std::string>& view_names(const std::string& name) {
  static const std::map<std::string, std::vector<std::string>> by_template = [] {
    std::map<std::string, std::set<std::string>> found;
    auto add = [&](const std::string& tmpl, const std::string& view) {
      auto& names = found[tmpl];
      names.insert("t");  // {{#t}}msgid{{/t}}: a translation
      for (const auto& v : template_variables()) {
        if (v.view != view) continue;
        std::string key = v.key;
        for (std::size_t at; (at = key.find("[]")) != std::string::npos;) key.erase(at, 2);
        for (std::size_t from = 0; from <= key.size();) {
          const std::size_t dot = std::min(key.find('.', from), key.size());
          if (dot > from) names.insert(key.substr(from, dot - from));
          from = dot + 1;
        }
      }
    };
    std::set<std::string> html;
    for (const auto& [view, templates] : template_views())
      for (const auto& t : templates) {
        add("", view);  // "": every name
        add(t, view);
        if (!t.starts_with("email/")) html.insert(t);
      }
    for (const auto& t : html) add(t, "page");
    const auto page = std::find_if(template_views().begin(), template_views().end(),
                                   [](const auto& v) { return v.first == "page"; });
    for (const auto& [view, templates] : template_views())
      if (!templates.empty() && !templates.front().starts_with("email/"))
        for (const auto& t : page->second) add(t, view);
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& [t, names] : found) out[t].assign(names.begin(), names.end());
    return out;
  }();
  const auto it = by_template.find(name);
  return it != by_template.end() ? it->second : by_template.at("");
}

// The keys of the items of list `list` ("name, href" for "tags"), when a
// view gives it as a list of objects; "" for a list of strings or another
// name.
std::string item_keys(const std::string& list) {
  std::vector<std::string> keys;  // in the documentation's order, once each
  const std::string head = list + "[].";
  for (const auto& v : template_variables()) {
    const std::string_view key = v.key;
    const auto at = key.find(head);
    if (at == std::string_view::npos || (at > 0 && key[at - 1] != '.')) continue;
    const std::size_t from = at + head.size();
    const std::string child(key.substr(from, key.find_first_of(".[", from) - from));
    if (std::find(keys.begin(), keys.end(), child) == keys.end()) keys.push_back(child);
  }
  std::string out;
  for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
  return out;
}

// Every name a tag of template `name` (`text`) uses is one its views give
// ({{extra.NAME}} may name anything under extra): else an error at it, with
// the nearest.
void check_variables(const std::string& rel, const std::string& name, const std::string& text,
                     DiagnosticSink& sink) {
  const auto& names = view_names(name);
  // Inside {{#extra.people}} a name may be a key of each item: the site's own.
  std::vector<bool> in_extra;
  std::vector<std::string> sections;
  for (const auto& t : find_tags(text).tags) {
    std::string tag = t.text;
    if (tag.starts_with('/') && !in_extra.empty()) in_extra.pop_back(), sections.pop_back();
    if (tag.empty() || tag[0] == '!' || tag[0] == '/' || tag[0] == '>') continue;
    const bool section = tag[0] == '#' || tag[0] == '^';
    if (section || tag[0] == '&') tag = tag.substr(1);
    tag.erase(0, tag.find_first_not_of(" \t"));
    const bool extra = std::find(in_extra.begin(), in_extra.end(), true) != in_extra.end();
    if (section) {
      in_extra.push_back(extra || tag == "extra" || tag.starts_with("extra."));
      sections.push_back(tag);
    }
    if (tag == "." && !extra && !sections.empty()) {
      if (const std::string keys = item_keys(sections.back()); !keys.empty()) {
        const auto [line, column] = line_and_column(text, t.position);
        sink.error({rel, line, column}, "template/variable",
                   "the items of '" + quote_for_message(sections.back(), 60) +
                       "' are objects, so {{.}} shows nothing; write one of their keys: " + keys +
                       " (docs/templates.md)");
      }
    }
    if (tag.empty() || tag == "." || extra) continue;
    std::vector<std::string> parts;
    for (std::size_t from = 0; from <= tag.size();) {
      const std::size_t dot = std::min(tag.find('.', from), tag.size());
      parts.push_back(tag.substr(from, dot - from));
      from = dot + 1;
    }
    for (std::size_t i = 0; i < parts.size() && !(i > 0 && parts[0] == "extra"); ++i) {
      if (std::binary_search(names.begin(), names.end(), parts[i])) continue;
      const auto [line, column] = line_and_column(text, t.position);
      const bool elsewhere =
          &names != &view_names("") &&
          std::binary_search(view_names("").begin(), view_names("").end(), parts[i]);
      const std::string hint = nearest(parts[i], names);
      sink.error({rel, line, column}, "template/variable",
                 elsewhere ? "'" + quote_for_message(parts[i], 60) + "' is not given to the '" +
                                 name + "' template; other templates have it (docs/templates.md)" +
                                 (hint.empty() ? "" : "; did you mean '" + hint + "'?")
                           : "no view gives '" + quote_for_message(parts[i], 60) +
                                 "' (docs/templates.md)" +
                                 (hint.empty() ? "" : "; did you mean '" + hint + "'?"));
      break;
    }
  }
}

}  // namespace

TemplateSet TemplateSet::load(const fs::path& root, DiagnosticSink& sink) {
  TemplateSet set;
  static std::atomic<std::uint64_t> generations{0};
  set.generation_ = ++generations;
  // Pages from html/ ("article"), emails from email/ ("email/article.html",
  // "email/article.txt"); either folder may be absent.
  for (const std::string kind : {"html", "email"}) {
    const std::string rel_dir = std::string(kTemplatesFolder) + "/" + kind;
    const fs::path dir = root / rel_dir;
    std::error_code ec;
    if (!fs::exists(dir, ec)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.path().extension() == ".mustache") files.push_back(e.path());
    if (ec) {
      sink.error({rel_dir, 0, 0}, "template/read", "cannot read: " + ec.message());
      continue;
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      const std::string rel = rel_dir + "/" + f.filename().string();
      const ReadResult r = read_file(f, kMaxConfigBytes);
      if (!r.ok) {
        sink.error({rel, 0, 0}, "template/read", "cannot read: " + r.error);
        continue;
      }
      if (const auto deep = too_deep(r.bytes)) {
        const auto [line, column] = line_and_column(r.bytes, *deep);
        sink.error({rel, line, column}, "template/syntax",
                   "sections nest more than " + std::to_string(kMaxSectionDepth) + " deep");
        continue;
      }
      mustache::mustache parsed{r.bytes};
      if (!parsed.is_valid()) {
        report_syntax(rel, r.bytes, parsed.error_message(), sink);
        continue;
      }
      const std::string name = (kind == "html" ? "" : kind + "/") + f.stem().string();
      // A text template is never HTML: nothing in it is escaped, so no lint.
      if (!std::string_view(name).ends_with(".txt")) lint_template(rel, r.bytes, sink);
      check_variables(rel, name, r.bytes, sink);
      set.templates_[name] = r.bytes;
    }
  }
  // Every template the site does not give is the built-in theme's.
  std::map<std::string, std::string> own = set.templates_;
  for (const auto& [name, text] : builtin_templates())
    if (set.templates_.emplace(name, text).second) set.builtin_.insert(name);
  check_partials(set, own, sink);
  set.check_value_places(sink);
  return set;
}

const std::map<std::string, std::string>& builtin_templates() {
  // "templates/html/article.mustache" → "article", "templates/email/brief.txt.mustache"
  // → "email/brief.txt": the names a site's own files get.
  static const std::map<std::string, std::string> by_name = [] {
    std::map<std::string, std::string> out;
    for (const auto& [path, text] : builtin_theme_files()) {
      std::string_view p = path;
      if (!p.starts_with("templates/") || !p.ends_with(".mustache")) continue;
      p.remove_prefix(std::string_view("templates/").size());
      p.remove_suffix(std::string_view(".mustache").size());
      if (p.starts_with("html/")) p.remove_prefix(5);
      out.emplace(std::string(p), text);
    }
    return out;
  }();
  return by_name;
}

bool TemplateSet::is_builtin(const std::string& name) const {
  return builtin_.count(name) > 0;
}

std::string TemplateSet::path(const std::string& name) const {
  const std::string folder =
      is_builtin(name) ? std::string(kBuiltinThemeFolder) + "/templates" : kTemplatesFolder;
  return name.rfind("email/", 0) == 0 ? folder + "/" + name + ".mustache"
                                      : folder + "/html/" + name + ".mustache";
}

std::string TemplateSet::digest(const std::string& name) const {
  std::set<std::string> seen;
  std::vector<std::string> todo{name};
  std::string all;
  while (!todo.empty()) {
    const std::string next = todo.back();
    todo.pop_back();
    if (!seen.insert(next).second) continue;
    const std::string* text = find(next);
    all += next + (text ? "\n" + std::to_string(text->size()) + "\n" + *text : " missing") + "\n";
    if (!text) continue;
    for (auto& partial : find_partials(*text)) todo.push_back(std::move(partial.text));
  }
  return git_blob_id(all);
}

const std::string* TemplateSet::find(const std::string& name) const {
  auto it = templates_.find(name);
  return it == templates_.end() ? nullptr : &it->second;
}

namespace {

constexpr const char* kBrace = "\xEE\x80\x80";  // U+E000: '{' of a text translation

// A plain-text template ready to parse: each {{#t}}msgid{{/t}} replaced by
// its translation with '{' as U+E000 (restored after rendering), so that no
// translation is ever read as a tag.
std::string prepared_text(const std::string& all, const Locale& locale) {
  std::string translated;
  std::size_t pos = 0;
  for (const auto& t : find_translations(all)) {
    translated.append(all, pos, t.position - pos);
    std::string tr = locale.tr(t.text);
    for (auto at = tr.find('{'); at != std::string::npos; at = tr.find('{', at + 3))
      tr.replace(at, 1, kBrace);
    translated += tr;
    pos = t.position + t.length;
  }
  translated.append(all, pos, std::string::npos);
  return translated;
}

// An HTML template ready to parse: each translation in its place,
// HTML-escaped with '{' as &#123;, and each value or translation that does
// not land in plain HTML marked with where it lands (context_escape.h), for
// render_template to escape it for there. No mark can come from the
// template or a translation: their noncharacters are dropped first.
std::string prepared_html(const std::string& text, const Locale& locale) {
  const std::string all = drop_refused_in_markup(text);
  const TemplateContexts found = find_value_contexts(all);
  std::string out;
  std::size_t pos = 0;
  auto copy_to = [&](std::size_t end) {
    out.append(all, pos, end - pos);
    pos = end;
  };
  auto attribute = found.url_attributes.begin();
  // URL attributes' marks, each before the first hole at or after it.
  auto attributes_to = [&](std::size_t end) {
    for (; attribute != found.url_attributes.end() && attribute->position <= end; ++attribute) {
      copy_to(attribute->position);
      out += kUrlAttributeStart;
      out += attribute->kind;
      out += attribute->quote;
    }
  };
  for (const auto& h : found.holes) {
    attributes_to(h.position);
    copy_to(h.position);
    pos = h.position + h.length;
    const std::string hole =
        h.translation ? html_escape_mustache_safe(drop_refused_in_markup(locale.tr(h.name)))
                      : all.substr(h.position, h.length);
    if (h.context == ValueContext::html) {
      out += hole;
      continue;
    }
    out += kMarkStart;
    out += static_cast<char>(h.context);
    out += kValueStart;
    out += hole;
    out += kValueEnd;
  }
  attributes_to(all.size());
  copy_to(all.size());
  return out;
}

// Renders `tmpl` into `out`, stopping at kMaxRenderedBytes (a loop in a
// template repeating a long value of a long list could make gigabytes):
// false, with an error at `file`, when it would be larger.
bool render_capped(mustache::mustache& tmpl, const ViewData& data, const std::string& file,
                   std::string& out, DiagnosticSink& sink) {
  struct TooLarge {};
  try {
    tmpl.render(data, [&](const std::string& piece) {
      if (out.size() + piece.size() > kMaxRenderedBytes) throw TooLarge{};
      out += piece;
    });
  } catch (const TooLarge&) {
    out.clear();
    sink.error({file, 0, 0}, "template/render",
               "what it renders is larger than " + std::to_string(kMaxRenderedBytes >> 20) +
                   " MiB (a loop repeating a long value?); nothing of it is written");
    return false;
  }
  return true;
}

// Each thread parses a template once per language and set, then reuses it.
mustache::mustache& compiled(const TemplateSet& set, const std::string& name, const Locale& locale,
                             bool plain) {
  thread_local std::map<std::string, std::unique_ptr<mustache::mustache>> cache;
  const std::string key = std::to_string(set.generation()) + "\n" + name + "\n" + locale.code();
  auto& slot = cache[key];
  if (!slot) {
    const std::string all = inline_partials(set, name).text;
    slot = std::make_unique<mustache::mustache>(plain ? prepared_text(all, locale)
                                                      : prepared_html(all, locale));
    // Every {{value}} is user text (titles, names, section titles): without
    // the characters HTML refuses and with its bidi controls closed, so it
    // cannot reorder the text after it (the site name in <title>, a date).
    if (plain)
      slot->set_custom_escape([](const std::string& v) { return markup_value(v); });
    else
      slot->set_custom_escape(
          [](const std::string& v) { return mustache::html_escape(markup_value(v)); });
  }
  return *slot;
}

}  // namespace

std::string render_template(const TemplateSet& templates, const std::string& name,
                            const ViewData& data, const Locale& locale, DiagnosticSink& sink) {
  record_dependency(DependencyKey::template_file(name));
  note_view_keys(name, data);
  const std::string* text = templates.find(name);
  if (!text) return {};
  mustache::mustache& tmpl = compiled(templates, name, locale, false);
  // The last line of defence for pages and HTML emails: a character HTML
  // refuses never reaches the output, whichever field (or an entity in the
  // body, such as &#xFFFE;) carried it.
  std::string rendered;
  if (!render_capped(tmpl, data, templates.path(name), rendered, sink)) return {};
  std::string out = drop_refused_in_markup(finish_marked_values(rendered));
  if (!tmpl.is_valid())
    sink.error({templates.path(name), 0, 0}, "template/render", tmpl.error_message());
  return out;
}

std::string render_text_template(const TemplateSet& templates, const std::string& name,
                                 const ViewData& data, const Locale& locale, DiagnosticSink& sink) {
  record_dependency(DependencyKey::template_file(name));
  note_view_keys(name, data);
  const std::string* text = templates.find(name);
  if (!text) return {};
  mustache::mustache& tmpl = compiled(templates, name, locale, true);
  std::string out;
  if (!render_capped(tmpl, data, templates.path(name), out, sink)) return {};
  if (!tmpl.is_valid())
    sink.error({templates.path(name), 0, 0}, "template/render", tmpl.error_message());
  const std::string brace = kBrace;
  for (auto at = out.find(brace); at != std::string::npos; at = out.find(brace, at + 1))
    out.replace(at, brace.size(), "{");
  return out;
}

}  // namespace pp
