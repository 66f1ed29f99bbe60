// The outputs of a build as units of rendering, and the current value of
// everything an output can depend on (for incremental builds).
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>

#include "content/article_cache.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "incremental/incremental.h"
#include "links/links.h"
#include "render/brief_items.h"
#include "render/build_caches.h"
#include "render/email_images.h"
#include "render/site_model.h"

namespace pp {

namespace {

// One output rendered with what it reads through the site's view recorded.
template <typename F>
void logged(RenderedOutput& out, F&& render) {
  DependencyLog log;
  DependencyScope scope(log);
  out.bytes = render(out.findings);
  out.dependencies = log.keys();
}

// `source` is absolute; `shown` names it relative to the site root.
RenderUnit copy_unit(OutputFolder folder, const std::string& path, const std::string& source,
                     const std::string& shown) {
  return {{{folder, path}},
          [source, shown](const std::vector<bool>&, std::vector<RenderedOutput>& out) {
            const ReadResult r = read_file(source, 256u << 20);
            if (!r.ok) out[0].findings.error({shown, 0, 0}, "emit/read", "cannot read: " + r.error);
            out[0].bytes = r.bytes;
            out[0].dependencies = {DependencyKey::copied_file(shown)};
          }};
}

// The PNG of the SVG `source` (absolute; `shown` names it relative to the
// site root) that its article's emails show, in each language's folder of
// `outputs`: drawn once, by librsvg. Planned only for an SVG librsvg reads.
RenderUnit email_png_unit(const Bundle& b, std::vector<PlannedOutput> outputs,
                          const std::string& source, const std::string& shown,
                          const ImageInfo& info) {
  return {std::move(outputs),
          [source, shown, info](const std::vector<bool>& want, std::vector<RenderedOutput>& out) {
            const std::size_t first =
                static_cast<std::size_t>(std::find(want.begin(), want.end(), true) - want.begin());
            if (first >= out.size()) return;
            // The author's PNG appearing beside it takes this one's place.
            for (auto& o : out)
              o.dependencies = {DependencyKey::copied_file(shown),
                                DependencyKey::copied_file(email_png_of(shown))};
            const ReadResult r = read_file(source, 64u << 20);
            if (!r.ok) {
              out[first].findings.error({shown, 0, 0}, "emit/read", "cannot read: " + r.error);
              return;
            }
            // The plan saw librsvg read it (`info`); what it cannot draw (too
            // many references, say) is a blank picture of its size, and said.
            const int width = email_png_width(info.width);
            std::string error;
            std::optional<std::string> png = svg_as_png(r.bytes, width, error);
            if (!png) {
              out[first].findings.warning(
                  {shown, 0, 0}, "email/svg-image",
                  "librsvg cannot draw this SVG (" + error +
                      "): its emails show a blank picture of its size in its place");
              png = blank_png(width, width * info.height / std::max(info.width, 1));
            }
            for (std::size_t i = 0; i < out.size(); ++i)
              if (want[i]) out[i].bytes = *png;
          },
          &b, true};
}

// The pages of a language's sections and tags, and each tag's feed, through
// `single(folder, path, render)`. Page 1 of a list is its folder's
// index.html, page K its page/K/index.html.
template <typename Single>
void add_list_pages(const SiteModel& m, const std::string& lang, Single&& single) {
  const auto pages = OutputFolder::pages;
  auto list_page = [](const std::string& dir, std::size_t k) {
    return (k == 1 ? dir : dir + "page/" + std::to_string(k) + "/") + "index.html";
  };
  for (const auto& tag : m.tags_of(lang)) {
    const std::string dir = lang + "/tags/" + tag + "/";
    for (std::size_t k = 1, n = m.page_count(m.tag_size(lang, tag)); k <= n; ++k)
      single(pages, list_page(dir, k), [&m, lang, tag, k](DiagnosticSink& s) {
        return render_tag_page(m, m.locale(lang), tag, k, s);
      });
    single(pages, dir + "feed.xml", [&m, lang, tag](DiagnosticSink& sink) {
      return render_tag_feed(m, m.locale(lang), tag, sink);
    });
  }
  for (const auto& sec : m.config.sections)
    for (std::size_t k = 1, n = m.page_count(m.section_size(lang, sec.id)); k <= n; ++k)
      single(pages, list_page(lang + "/" + sec.id + "/", k),
             [&m, &sec, lang, k](DiagnosticSink& s) {
               return render_section_page(m, sec, m.locale(lang), k, s);
             });  // The web copy of each week's brief.
  for (const auto& week : brief_weeks(m, lang))
    single(pages, lang + "/briefs/" + week + "/index.html", [&m, lang, week](DiagnosticSink& s) {
      return render_brief_page(m, m.locale(lang), week, s);
    });
}

}  // namespace

namespace {

// Distinct for every plan made on this machine: what a racy copied file is
// recorded with, so that the record never matches it again.
std::string unique_token() {
  static std::atomic<unsigned long long> made{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch().count();
  return std::to_string(now) + "-" + std::to_string(::getpid()) + "-" + std::to_string(++made);
}

}  // namespace

BuildPlan::BuildPlan(const std::filesystem::path& root, const SiteConfig& config,
                     const Corpus& corpus, const LocaleMap& locales, const TemplateSet& templates,
                     const RenderOptions& options)
    : options_(options),
      corpus_(corpus),
      locales_(locales),
      templates_(templates),
      model_(new SiteModel(root, config, corpus, locales, templates, options_)),
      racy_token_(unique_token()) {
  SiteModel& m = *model_;
  m.build_lists();
  auto single = [&](OutputFolder folder, const std::string& path, auto render) {
    units_.push_back(
        {{{folder, path}}, [render](const std::vector<bool>&, std::vector<RenderedOutput>& out) {
           logged(out[0], render);
         }});
  };
  const auto pages = OutputFolder::pages;
  single(pages, "index.html", [&m](DiagnosticSink& s) { return render_chooser_page(m, s); });
  single(pages, "sitemap.xml", [&m](DiagnosticSink&) { return render_sitemap(m); });
  if (m.has_locale(config.default_language))
    single(pages, "404.html", [&m, &config](DiagnosticSink& s) {
      return render_not_found_page(m, m.locale(config.default_language), true, s);
    });
  auto wanted = [&](const std::string& lang) {
    return options.languages.empty() ||
           std::count(options.languages.begin(), options.languages.end(), lang) > 0;
  };
  // Each language's units are planned on their own core, then put in the
  // languages' order (the plan is the same whatever the scheduling).
  std::vector<std::vector<RenderUnit>> of_language(config.languages.size());
  tbb::task_arena arena(options.jobs > 0 ? options.jobs : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, config.languages.size(), [&](std::size_t i) {
      const std::string& lang = config.languages[i].code;
      if (wanted(lang) && m.has_locale(lang)) plan_language(lang, of_language[i]);
    });
  });
  for (auto& units : of_language)
    for (auto& u : units) units_.push_back(std::move(u));
  caches_ = std::make_unique<BuildCaches>();
  m.caches = caches_.get();
  add_email_pngs(wanted);
  compute_digests(corpus, templates);
  m.listing_digests = &listing_digests_;
}

void BuildPlan::plan_language(const std::string& lang, std::vector<RenderUnit>& units) const {
  const SiteModel& m = *model_;
  const std::filesystem::path& root = m.root;
  const auto pages = OutputFolder::pages;
  auto single = [&](OutputFolder folder, const std::string& path, auto render) {
    units.push_back(
        {{{folder, path}}, [render](const std::vector<bool>&, std::vector<RenderedOutput>& out) {
           logged(out[0], render);
         }});
  };
  single(pages, lang + "/index.html",
         [&m, lang](DiagnosticSink& s) { return render_home_page(m, m.locale(lang), s); });
  single(pages, lang + "/feed.xml",
         [&m, lang](DiagnosticSink& sink) { return render_feed(m, m.locale(lang), sink); });
  single(pages, lang + "/404.html", [&m, lang](DiagnosticSink& s) {
    return render_not_found_page(m, m.locale(lang), false, s);
  });
  add_list_pages(m, lang, single);
  for (const auto& b : corpus_.bundles) {
    auto it = b.articles.find(lang);
    if (it == b.articles.end() || !m.visible(it->second)) continue;
    const std::string dir = lang + "/" + b.section + "/" + b.slug + "/";
    const Article& a = it->second;
    units.push_back(
        {{{pages, dir + "index.html"},
          {OutputFolder::mail, lang + "/" + b.section + "--" + b.slug + ".eml"}},
         [&m, &b, &a, lang](const std::vector<bool>& want, std::vector<RenderedOutput>& out) {
           // The body is read and parsed once for both, and dropped after;
           // each output reads its bundle (whose files the body is of).
           std::optional<Article> full;
           {
             DependencyLog each_reads_its_bundle;
             DependencyScope scope(each_reads_its_bundle);
             full = m.article_body(b, a, out[want[0] ? 0 : 1].findings);
           }
           if (!full) return;
           if (want[0])
             logged(out[0], [&](DiagnosticSink& s) {
               return render_article_page(m, *m.bundle(b.id()), *full, m.locale(lang), s);
             });
           if (want[1])
             logged(out[1], [&](DiagnosticSink& s) {
               return render_article_email(m, *m.bundle(b.id()), *full, m.locale(lang), s)
                   .value_or("");
             });
         },
         &b});
    for (const auto& asset : b.assets)
      units.push_back(
          copy_unit(pages, dir + asset, (root / b.dir / asset).string(), b.dir + "/" + asset));
  }
}

BuildPlan::~BuildPlan() = default;

void BuildPlan::add_email_pngs(const std::function<bool(const std::string&)>& wanted) {
  // Each SVG beside an article, drawn as a PNG for its emails in every
  // language folder it is published in; a PNG of that name in the bundle is
  // published in its place.
  const SiteModel& m = *model_;
  for (const auto& b : corpus_.bundles)
    for (const auto& asset : b.assets) {
      if (!is_svg_asset(asset) || authors_png(b, asset)) continue;
      // One librsvg cannot read gets no PNG: its emails keep the SVG, and
      // say so (email_picture).
      const auto info = caches_->images.get(m.root / b.dir / asset);
      if (!info || info->format != ImageFormat::svg) continue;
      std::vector<PlannedOutput> outputs;
      for (const auto& lang : m.config.languages) {
        const auto it = b.articles.find(lang.code);
        if (wanted(lang.code) && m.has_locale(lang.code) && it != b.articles.end() &&
            m.visible(it->second))
          outputs.push_back({OutputFolder::pages, lang.code + "/" + b.section + "/" + b.slug + "/" +
                                                      email_png_of(asset)});
      }
      if (!outputs.empty())
        units_.push_back(email_png_unit(b, std::move(outputs), (m.root / b.dir / asset).string(),
                                        b.dir + "/" + asset, *info));
    }
}

void BuildPlan::compute_digests(const Corpus& corpus, const TemplateSet& templates) {
  // Digests of what outputs look up, computed once: each bundle (its files as
  // they are, and its other files' names), what lists show of it (its front
  // matter: a body edit renders no list again), and each template with its
  // partials. The bundles' are made on every core (a one-article edit of a
  // large site spends most of its plan here), then stored in their order.
  const std::size_t n = corpus.bundles.size();
  std::vector<std::string> bundle_digests(n), listing_digests(n), made_from(n);
  std::vector<char> keep(n, 0);  // whether its listing digest is kept for later builds
  // serve's digests of earlier builds, by what they were made from, or
  // those the state keeps: read only while the bundles are digested on
  // every core.
  const auto* kept = options_.listing_digests;
  KeptEntries* stored = options_.kept_entries;
  tbb::task_arena arena(options_.jobs > 0 ? options_.jobs : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
      const Bundle& b = corpus.bundles[i];
      // Whether each article is published at this build's time is part of
      // both: when its date comes or its `expires` passes, the switchers,
      // alternates and the sitemap that show it change with nothing edited
      // (issue 39: the clock is an input).
      std::string s, shown;
      // A digest made from a stamp as new as the build (racy) is not kept:
      // a second save within the file system's tick could leave the stamp.
      bool racy = false;
      for (const auto& [lang, a] : b.articles) {
        shown += model_->visible(a) ? "+" : "-";
        s += a.path + " " + a.stamp + " " + shown.back() + "\n";
        const auto changed_ns = stamp_mtime_ns(a.stamp);
        racy = racy || !changed_ns ||
               (options_.file_system_clock_ns &&
                racy_stamp(*changed_ns, *options_.file_system_clock_ns));
      }
      keep[i] = !racy;
      for (const auto& asset : b.assets) s += asset + "\n";
      bundle_digests[i] = git_blob_id(s);
      // What lists show of a bundle is its articles' front matter, which
      // their stamps (an assembled translation's: its catalog's and
      // template's) identify under one identity.
      // `build`'s, kept in the state under the bundle's digest (the same
      // paths, stamps and visibility).
      const std::string entry = "listing " + b.id();
      if (kept) {
        if (const auto it = kept->find(s); it != kept->end()) listing_digests[i] = it->second;
      } else if (stored) {
        if (const std::string* d = stored->find(entry, bundle_digests[i])) listing_digests[i] = *d;
      }
      if (listing_digests[i].empty()) {
        listing_digests[i] = git_blob_id(listing_digest(b) + shown);
        if (stored && keep[i]) stored->add(entry, b.id(), bundle_digests[i], listing_digests[i]);
      }
      made_from[i] = std::move(s);
    });
  });
  std::unordered_map<std::string, std::string> now;
  listing_by_index_ = listing_digests;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string id = corpus.bundles[i].id();
    bundle_digests_[id] = std::move(bundle_digests[i]);
    listing_digests_[id] = listing_digests[i];
    if (kept && keep[i]) now.emplace(std::move(made_from[i]), std::move(listing_digests[i]));
  }
  // Only this build's are kept: the map does not grow with every edit.
  if (kept) *options_.listing_digests = std::move(now);
  for (const auto& [name, text] : templates.all()) template_digests_[name] = templates.digest(name);
}

void BuildPlan::add_copy(OutputFolder folder, const std::string& path, const std::string& source) {
  units_.push_back(
      copy_unit(folder, path, source,
                std::filesystem::path(source).lexically_relative(model_->root).generic_string()));
}

void BuildPlan::add_bytes(OutputFolder folder, const std::string& path, const std::string& bytes,
                          const std::string& replaced_by) {
  // Read the file that would replace it: when one appears (or goes), the
  // output is made again.
  units_.push_back(
      {{{folder, path}},
       [bytes, replaced_by](const std::vector<bool>&, std::vector<RenderedOutput>& out) {
         out[0].bytes = bytes;
         out[0].dependencies = {DependencyKey::copied_file(replaced_by)};
       }});
}

std::string BuildPlan::value(const DependencyKey& k) const {
  using Kind = DependencyKey::Kind;
  switch (k.kind) {
    case Kind::bundle: {
      auto it = bundle_digests_.find(k.name);
      return it == bundle_digests_.end() ? "absent" : it->second;
    }
    case Kind::catalog: {
      auto it = locales_.find(k.name);
      return it == locales_.end() ? "absent" : it->second->catalog_digest();
    }
    case Kind::template_file: {
      auto it = template_digests_.find(k.name);
      return it == template_digests_.end() ? templates_.digest(k.name) : it->second;
    }
    case Kind::copied_file: {
      // Named relative to the site (so a moved site keeps its records), or
      // absolute for a file outside it.
      const std::string path = k.name.starts_with('/') ? k.name : (model_->root / k.name).string();
      long long changed_ns = 0;
      std::string stamp = file_stamp(path, &changed_ns);
      // Racy (git's rule): a second change within the same timestamp would
      // leave the stamp as it is. Recorded so that it never matches again.
      if (options_.file_system_clock_ns && racy_stamp(changed_ns, *options_.file_system_clock_ns))
        stamp += std::string(kRacyValue) + racy_token_;
      return stamp;
    }
    case Kind::list:
    case Kind::section_list:
    case Kind::every_bundle:
    case Kind::week_list:
    case Kind::weeks:
      return list_value(k);
  }
  return "unknown";
}

std::string BuildPlan::list_value(const DependencyKey& k) const {
  const std::string text = k.text();
  {
    std::lock_guard<std::mutex> lock(lists_mutex_);
    if (const auto it = list_digests_.find(text); it != list_digests_.end()) return it->second;
  }
  // Made without the lock, so that threads make different lists at once (two
  // that make the same one make the same value).
  std::string s;
  // One line an entry, appended in place (lists of thousands, every build).
  auto entry = [&](const Listed& l) {
    s.append(l.section()).append("/").append(l.slug()).append(" ").append(l.page_lang);
    s.append(" ").append(listing_by_index_[l.bundle_index(corpus_.bundles)]).append("\n");
  };
  if (k.kind == DependencyKey::Kind::every_bundle) {
    for (const auto& [id, digest] : listing_digests_)
      s.append(id).append(" ").append(digest) += '\n';
  } else if (k.kind == DependencyKey::Kind::weeks) {
    if (const auto it = model_->weeks.find(k.name); it != model_->weeks.end())
      for (const auto& week : it->second) s.append(week) += '\n';
  } else if (k.kind == DependencyKey::Kind::week_list) {
    // What SiteModel::listed_in_week() gives: the entries of that week
    // (read here without recording: a value is no output's read).
    const auto week = parse_iso_week(k.section, model_->config.time_zone);
    const auto it = model_->lists.find(k.name);
    if (week && it != model_->lists.end())
      for (const Listed& l : Listed::of_week(it->second, *week)) entry(l);
  } else if (auto it = model_->lists.find(k.name); it != model_->lists.end()) {
    // The first n entries (all when unset) of a language's list, or its
    // entries in one section.
    const std::size_t count = std::min(k.first.value_or(it->second.size()), it->second.size());
    for (std::size_t i = 0; i < count; ++i) {
      const Listed& l = it->second[i];
      if (!k.section.empty() && l.section() != k.section) continue;
      entry(l);
    }
  }
  std::string value = git_blob_id(s);
  std::lock_guard<std::mutex> lock(lists_mutex_);
  return list_digests_.emplace(text, std::move(value)).first->second;
}

}  // namespace pp
