#include "validate/validate.h"

#include <algorithm>
#include <set>

#include "core/text.h"

namespace pp {

namespace {

double date_key(const Date& d) {
  return to_epoch_ms(d, 0);
}

void check_required(const Article& a, bool is_source, DiagnosticSink& sink) {
  const FrontMatter& own = a.own;
  const FrontMatter& m = a.meta;
  const SourceLocation top{a.path, 1, 1};
  auto need = [&](bool present, const std::string& key, const std::string& why) {
    const bool written =
        own.keys.count(key) || std::count(own.empty_keys.begin(), own.empty_keys.end(), key);
    if (!present && !written)
      sink.error(top, "front-matter/required", "missing required key '" + key + "'" + why);
  };
  need(own.title.has_value(), "title", "");
  need(own.summary.has_value(), "summary", "");
  if (is_source) {
    need(own.type.has_value(), "type", " in the source file");
    need(own.date.has_value(), "date", " in the source file");
  }
  if (!m.type) return;
  const std::string& type = m.type->value;
  if (type == "news" || type == "review") need(own.verdict.has_value(), "verdict", " for " + type);
  if (is_source && (type == "news" || type == "analysis") && m.sources.empty() &&
      !own.keys.count("sources"))
    sink.error(top, "source/required", "a " + type + " article needs at least one source");
  if (is_source && type == "review") {
    need(m.rating.has_value(), "rating", " for review");
    need(m.product.has_value(), "product", " for review");
  }
  if (is_source && (m.rating || m.price))
    need(m.checked.has_value(), "checked", " where rating or price is given");
}

void check_dates(const Article& a, DiagnosticSink& sink) {
  const FrontMatter& m = a.meta;
  if (m.date && m.updated && date_key(m.updated->value) < date_key(m.date->value))
    sink.error(
        m.updated->where, "front-matter/updated",
        "'updated' (" + m.updated->value.text + ") is before 'date' (" + m.date->value.text + ")");
}

bool same_sources(const std::vector<SourceRef>& a, const std::vector<SourceRef>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].title != b[i].title || a[i].url != b[i].url || a[i].publisher != b[i].publisher ||
        a[i].accessed.has_value() != b[i].accessed.has_value() ||
        (a[i].accessed && a[i].accessed->text != b[i].accessed->text))
      return false;
  return true;
}

bool same_figures(const std::map<std::string, Figure>& a, const std::map<std::string, Figure>& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [name, f] : a) {
    auto it = b.find(name);
    if (it == b.end() || it->second.value != f.value || it->second.format != f.format ||
        it->second.currency != f.currency)
      return false;
  }
  return true;
}

void check_shared_keys(const Article& t, const Article& s, DiagnosticSink& sink) {
  const FrontMatter& o = t.own;
  const FrontMatter& src = s.own;
  auto differ = [&](const std::string& key) {
    sink.error(
        o.keys.at(key), "bundle/shared-key",
        "'" + key + "' differs from the source (" + s.path + "); leave it out to inherit it");
  };
  auto names = [](const std::vector<Located<std::string>>& v) {
    std::vector<std::string> out;
    for (const auto& x : v) out.push_back(x.value);
    return out;
  };
  if (o.type && (!src.type || o.type->value != src.type->value)) differ("type");
  if (o.date && (!src.date || !(o.date->value == src.date->value))) differ("date");
  if (o.updated && (!src.updated || !(o.updated->value == src.updated->value))) differ("updated");
  if (o.checked && (!src.checked || !(o.checked->value == src.checked->value))) differ("checked");
  if (o.keys.count("related") && names(o.related) != names(src.related)) differ("related");
  if (o.keys.count("sources") && !same_sources(o.sources, src.sources)) differ("sources");
  if (o.keys.count("figures") && !same_figures(o.figures, src.figures)) differ("figures");
  if (o.rating && (!src.rating || o.rating->value != src.rating->value)) differ("rating");
  if (o.price && (!src.price || o.price->amount != src.price->amount ||
                  o.price->currency != src.price->currency || o.price->period != src.price->period))
    differ("price");
  if (o.product && (!src.product || o.product->name != src.product->name ||
                    o.product->url != src.product->url || o.product->kind != src.product->kind))
    differ("product");
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

}  // namespace

void validate_corpus(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink) {
  (void)config;
  for (const auto& b : corpus.bundles) {
    std::vector<const Article*> sources;
    for (const auto& [lang, a] : b.articles)
      if (!a.own.translation_of) sources.push_back(&a);
    if (sources.empty()) {
      sink.error({b.articles.begin()->second.path, 1, 1}, "bundle/source",
                 "bundle '" + b.id() + "' has no source file: every file has 'translation_of'");
    } else if (sources.size() > 1) {
      for (std::size_t i = 1; i < sources.size(); ++i)
        sink.error({sources[i]->path, 1, 1}, "bundle/source",
                   "bundle '" + b.id() + "' has more than one source file (also " +
                       sources[0]->path + "); add 'translation_of' to translations");
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
      if (src && !is_source) check_shared_keys(a, *src, sink);
      check_figures(a, is_source, sink);
      if (a.has_raw_html)
        sink.warning(a.raw_html_where, "markdown/raw-html",
                     "raw HTML is not rendered (cmark-gfm safe mode)");
    }
  }
}

}  // namespace pp
