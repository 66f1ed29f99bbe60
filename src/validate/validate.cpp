#include "validate/validate.h"

#include <algorithm>
#include <set>

#include "content/front_matter_fields.h"
#include "core/text.h"

namespace pp {

namespace {

double date_key(const Date& d) {
  return to_epoch_ms(d, 0);
}

// The keys the table of fields requires of this file (a source or not, of
// its type, inherited where it is a translation).
void check_required(const Article& a, bool is_source, DiagnosticSink& sink) {
  const FrontMatter& own = a.own;
  const FrontMatter& m = a.meta;
  const SourceLocation top{a.path, 1, 1};
  const auto type = m.type ? std::optional(m.type->value) : std::nullopt;
  const auto has_value = [&](std::string_view key) {
    const FrontMatterField* f = front_matter_field(key);
    return f && f->ops.has_value(m);
  };
  for (const FrontMatterField& f : front_matter_fields()) {
    std::string why;
    if (!field_required(f, is_source, type, has_value, why)) continue;
    const Requirement& r = f.required;
    const std::string key(f.key);
    // A file's own value for every-file keys; a source's own and meta are one.
    const bool present = f.ops.has_value(r.in == RequiredIn::every_file ? own : m);
    const bool written =
        own.keys.count(key) ||
        (r.empty_key_counts && std::count(own.empty_keys.begin(), own.empty_keys.end(), key));
    if (present || written) continue;
    sink.error(top, std::string(r.rule),
               r.message && type ? r.message(*type) : "missing required key '" + key + "'" + why);
  }
}

void check_dates(const Article& a, DiagnosticSink& sink) {
  const FrontMatter& m = a.meta;
  if (m.date && m.expires && date_key(m.expires->value) <= date_key(m.date->value))
    sink.error(m.expires->where, "front-matter/expires",
               "'expires' (" + m.expires->value.text + ") is not after 'date' (" +
                   m.date->value.text + ")");
  if (m.date && m.updated && date_key(m.updated->value) < date_key(m.date->value))
    sink.error(
        m.updated->where, "front-matter/updated",
        "'updated' (" + m.updated->value.text + ") is before 'date' (" + m.date->value.text + ")");
}

// A shared key a translation gives must equal the source's.
void check_shared_keys(const Article& t, const Article& s, DiagnosticSink& sink) {
  for (const FrontMatterField& f : front_matter_fields()) {
    if (f.scope != FieldScope::shared || !f.ops.given(t.own, f.key) || f.ops.same(t.own, s.own))
      continue;
    const std::string key(f.key);
    sink.error(
        t.own.keys.at(key), "bundle/shared-key",
        "'" + key + "' differs from the source (" + s.path + "); leave it out to inherit it");
  }
}

void check_figures(const Article& a, bool is_source, DiagnosticSink& sink) {
  std::set<std::string> used;
  for (const auto& ref : a.figure_refs) {
    used.insert(ref.value);
    if (!a.meta.figures.count(ref.value))
      sink.error(ref.where, "figure/undefined",
                 "figure '" + quote_for_message(ref.value, 100) + "' is not defined in 'figures'");
  }
  // Unused figures are reported where they are defined: in the source.
  if (!is_source) return;
  for (const auto& [name, f] : a.own.figures)
    if (!used.count(name))
      sink.warning(f.where, "figure/unused", "figure '" + name + "' is defined but never used");
}

// One finding per raw HTML element the setting drops or refuses, at its start
// tag; comments (closed ones) are never reported (docs/spec.md §4).
void check_raw_html(const Article& a, RawHtmlMode mode, DiagnosticSink& sink) {
  const auto& uses = mode == RawHtmlMode::sanitize ? a.raw_html : a.raw_html_dropped;
  for (const auto& u : uses) {
    const std::string message = raw_html_message(u.element, mode);
    if (message.empty()) continue;
    if (mode == RawHtmlMode::error)
      sink.error(u.where, "markdown/raw-html-refused", message);
    else
      sink.warning(u.where, "markdown/raw-html", message);
  }
}

}  // namespace

void validate_corpus(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink) {
  for (const auto& b : corpus.bundles) validate_bundle(config, b, sink);
}

void validate_bundle(const SiteConfig& config, const Bundle& b, DiagnosticSink& sink) {
  std::vector<const Article*> sources;
  for (const auto& [lang, a] : b.articles)
    if (!a.own.translation_of) sources.push_back(&a);
  if (sources.empty()) {
    sink.error({b.articles.begin()->second.path, 1, 1}, "bundle/source",
               "bundle '" + b.id() + "' has no source file: every file has 'translation_of'");
  } else if (sources.size() > 1) {
    for (std::size_t i = 1; i < sources.size(); ++i)
      sink.error({sources[i]->path, 1, 1}, "bundle/source",
                 "bundle '" + b.id() + "' has more than one source file (also " + sources[0]->path +
                     "); add 'translation_of' to translations");
  }
  const Article* src = b.source();
  for (const auto& [lang, a] : b.articles) {
    const bool is_source = !a.own.translation_of;
    if (a.own.translation_of) {
      const auto& to = *a.own.translation_of;
      if (to.value == lang)
        sink.error(to.where, "bundle/translation-of",
                   "'translation_of' names this file's own language");
      else if (!b.articles.count(to.value))
        sink.error(to.where, "bundle/translation-of",
                   "'translation_of' is '" + to.value + "' but the bundle has no index." +
                       to.value + ".md");
      else if (src && to.value != b.source_lang)
        sink.error(
            to.where, "bundle/translation-of",
            "'translation_of' is '" + to.value + "' but the source is '" + b.source_lang + "'");
    }
    if (is_source && a.own.source_digest)
      sink.error(a.own.source_digest->where, "bundle/source-digest",
                 "'source_digest' belongs in translations, not in the source");
    check_required(a, is_source, sink);
    check_dates(a, sink);
    // A cover is a file of the bundle, published beside its pages.
    if (const auto& c = a.own.cover;
        c && std::find(b.assets.begin(), b.assets.end(), c->src) == b.assets.end())
      sink.error(c->src_where, "front-matter/cover",
                 "'src' is \"" + c->src + "\", which is not a file of " + b.dir);
    if (src && !is_source) check_shared_keys(a, *src, sink);
    check_figures(a, is_source, sink);
    check_raw_html(a, config.raw_html, sink);
  }
}

}  // namespace pp
