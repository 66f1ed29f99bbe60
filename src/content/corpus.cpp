#include <sys/stat.h>

#include <algorithm>
#include <map>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "content/article_cache.h"
#include "content/content.h"
#include "content/front_matter.h"
#include "content/front_matter_fields.h"
#include "content/front_matter_split.h"
#include "content/loaded_bundles.h"
#include "content/markdown.h"
#include "content/markdown_guard.h"
#include "content/segments.h"
#include "content/tree_shape.h"
#include "core/file_io.h"
#include "core/file_names.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/text.h"

namespace pp {

namespace fs = std::filesystem;

const Article* Bundle::source() const {
  auto it = articles.find(source_lang);
  return it == articles.end() ? nullptr : &it->second;
}

const Bundle* Corpus::find(const std::string& id) const {
  auto it = std::lower_bound(
      bundles.begin(), bundles.end(), id,
      [](const Bundle& b, const std::string& key) { return b.compare_id(key) < 0; });
  return it != bundles.end() && it->compare_id(id) == 0 ? &*it : nullptr;
}

std::optional<Article> parse_article(const std::string& rel_path, const std::string& lang,
                                     const std::string& bytes, DiagnosticSink& sink) {
  auto split = split_front_matter(rel_path, bytes, sink);
  if (!split) return std::nullopt;
  auto fm = parse_front_matter(split->yaml, {rel_path, split->yaml_first_line}, sink);
  if (!fm) return std::nullopt;
  Article a;
  a.lang = lang;
  a.path = rel_path;
  a.own = *fm;
  a.meta = *fm;
  a.body = std::move(split->body);
  a.body_first_line = split->body_first_line;
  // Known quadratic inputs of Debian's cmark-gfm are refused before or right after
  // parsing; the article keeps an empty tree so its front matter is still checked.
  auto too_complex = [&](const TooComplex& t) {
    sink.error({rel_path, a.body_first_line + t.body_line - 1, 1}, "markdown/too-complex",
               t.message);
    a.doc = parse_markdown("");
  };
  if (const auto t = prescan_markdown(a.body)) {
    too_complex(*t);
    return a;
  }
  a.doc = parse_markdown(a.body);
  if (!a.doc) {
    too_complex({1, kParseTooLong});
    return a;
  }
  if (const auto t = check_expansion(a.doc->root(), a.body.size())) {
    too_complex(*t);
    return a;
  }
  walk_markdown(a, &sink);
  if (a.links.size() > kMaxLinks) {
    sink.error(a.links[kMaxLinks].where, "markdown/too-many-links",
               std::to_string(a.links.size()) + " links and images; an article may have at most " +
                   std::to_string(kMaxLinks));
    a.links.resize(kMaxLinks);  // the rest is not checked
  }
  return a;
}

namespace {

// The <lang> of a file named index.<lang>.md (letters, digits, '-', and the
// POSIX form's '_' and '@'), or "".
std::string article_language(const std::string& name) {
  if (name.size() <= 9 || name.rfind("index.", 0) != 0 ||
      name.compare(name.size() - 3, 3, ".md") != 0)
    return "";
  const std::string lang = name.substr(6, name.size() - 9);
  const bool ok = std::all_of(lang.begin(), lang.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '@';
  });
  return ok ? lang : "";
}

bool is_link(const fs::path& p) {
  std::error_code ec;
  return fs::is_symlink(fs::symlink_status(p, ec));
}

// Reads one article file, or takes it from `cache` when the file is unchanged;
// a parse is added to `added` for the next build. Body and tree are dropped
// once checked (read_article_body() reads them again to render).
std::optional<Article> load_article(const fs::path& p, const std::string& rel,
                                    const std::string& lang, const std::string& listed_stamp,
                                    const ParseCache* cache,
                                    std::vector<std::pair<std::string, ParseCache::Entry>>& added,
                                    DiagnosticSink& sink) {
  // Before reading (see below): the fingerprint's, when it listed the file.
  const std::string stamp = listed_stamp.empty() ? file_stamp(p.string()) : listed_stamp;
  const long long mtime_ns = stamp_mtime_ns(stamp).value_or(0);
  if (cache && !stamp.empty()) {
    auto it = cache->entries.find(rel);
    if (it != cache->entries.end() && it->second.stamp == stamp) {
      if (auto c = decode_article(it->second.data); c && c->article.lang == lang) {
        for (auto& d : c->findings)
          sink.report(std::move(d.where), d.severity, std::move(d.rule), std::move(d.message));
        return std::move(c->article);
      }
    }
  }
  const ReadResult file = read_file(p, kMaxFileBytes);
  if (!file.ok) {
    sink.error({rel, 0, 0}, file.too_large ? "bundle/too-large" : "bundle/read",
               file.too_large ? "file is larger than 1 MiB" : "cannot read: " + file.error);
    return std::nullopt;
  }
  DiagnosticSink found;
  auto a = parse_article(rel, lang, file.bytes, found);
  sink.merge(found);
  if (!a) return a;
  a->stamp = stamp;
  // The stamp was taken before reading, so a file changed since is parsed
  // again next time; one changed within the last moments could change again
  // without its stamp changing, and is not cached.
  if (cache && !stamp.empty() && mtime_ns < cache->newer_than_ns)
    added.push_back({rel, {stamp, encode_article(*a, found.sorted())}});
  a->body = std::string();
  a->doc.reset();
  return a;
}

// Adds `name` (shown as `rel`) to the bundle's assets when its type is one
// bundles publish; otherwise to its unpublished files, with a warning that
// says why. False then.
bool publish_asset(const std::string& name, const std::string& rel, const SiteConfig& config,
                   Bundle& b, DiagnosticSink& sink) {
  const std::string why = unpublished_asset_reason(name, config.asset_extensions);
  if (!why.empty()) {
    sink.warning({rel, 0, 0}, "bundle/stray-file", "not published: " + why);
    b.unpublished.push_back(name);
    return false;
  }
  b.assets.push_back(name);
  return true;
}

// A folder in a bundle nested deeper than kMaxFolderDepth is refused: walking
// it costs time and memory with its depth (issue 15: 6,000 nested folders took
// 14.7 s and 2 GB to fingerprint). The walk stops there. Its files are added
// to the bundle's (publish_asset) as "<folder>/<path>".
void check_folder_depth(const fs::path& dir, const std::string& rel, const SiteConfig& config,
                        Bundle& b, DiagnosticSink& sink) {
  std::error_code ec;
  const std::string prefix = dir.filename().string() + "/";
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec), end;
       !ec && it != end; it.increment(ec)) {
    // Files of subfolders are published beside the page too ("img/x.png",
    // docs/spec.md §4), by the rules of the bundle's own files; what those
    // refuse, or a file named like an article, is not.
    const std::string name = it->path().filename().string();
    const bool usable = !it->is_symlink(ec) && unsafe_file_name_reason(name).empty() &&
                        !is_editor_leftover(name) && name[0] != '.';
    if (!usable && it->is_directory(ec)) it.disable_recursion_pending();
    // A dot-folder's files are never published, and not reported either.
    if (usable && it->is_regular_file(ec) &&
        !(name.starts_with("index.") && name.ends_with(".md")) && dir.filename().string()[0] != '.')
      publish_asset(prefix + it->path().lexically_relative(dir).generic_string(),
                    rel + "/" + it->path().lexically_relative(dir).generic_string(), config, b,
                    sink);
    if (!it->is_directory(ec) || it->is_symlink(ec)) continue;
    if (it.depth() + 2 > kMaxFolderDepth) {
      sink.error({rel + "/" + it->path().lexically_relative(dir).generic_string(), 0, 0},
                 "bundle/too-deep",
                 "folders nest more than " + std::to_string(kMaxFolderDepth) +
                     " deep in this bundle; move the files up");
      return;
    }
  }
}

// Two bundle files whose names differ only in case or Unicode normalisation
// ("Chart.png" and "chart.png", NFC and NFD "é.png") are one file on macOS
// and Windows: a site would publish one of them there, at random.
void report_asset_collisions(const Bundle& b, DiagnosticSink& sink) {
  std::map<std::string, std::string> seen;  // folded name → first name
  for (const auto& name : b.assets) {
    const std::string key = fold_file_name(name);
    const auto [it, fresh] = seen.emplace(key, name);
    if (fresh) continue;
    const bool same_letters = fold_file_name(name, false) == fold_file_name(it->second, false);
    sink.error({b.dir + "/" + name, 0, 0}, "bundle/file-name",
               same_letters ? "'" + name + "' and '" + it->second +
                                  "' are one name in two Unicode forms (composed and decomposed "
                                  "accents); they are one file on macOS and Windows"
                            : "'" + name + "' and '" + it->second +
                                  "' differ only in case; they are one file on macOS and Windows");
  }
}

// The configured language an article file named for `lang` is in ("" with
// an error when none, or when the bundle has a file for it already). A
// POSIX name (index.pt_BR.md) is its BCP 47 tag's, with a note.
std::string configured_language(const SiteConfig& config, const Bundle& b, const std::string& rel,
                                const std::string& lang, DiagnosticSink& sink) {
  std::string code = lang;
  if (const auto bcp47 = bcp47_of_posix(lang); bcp47 && config.language(*bcp47)) {
    sink.report({rel, 0, 0}, Severity::note, "config/posix-locale",
                "'" + lang + "' is a POSIX locale name, read as the BCP 47 tag '" + *bcp47 +
                    "' (index." + *bcp47 + ".md)");
    code = *bcp47;
  }
  if (!config.language(code)) {
    sink.error({rel, 0, 0}, "bundle/language",
               "language '" + lang + "' of this file is not configured in site.yaml");
    return "";
  }
  if (b.articles.count(code)) {
    sink.error({rel, 0, 0}, "bundle/file-name",
               "a second file for language '" + code + "' in this bundle; keep one");
    return "";
  }
  return code;
}

// The entries of the bundle folder `dir`, sorted by name: as this build's
// inputs' fingerprint found them, or listed now into `listed_now` (their
// types come with the listing: no call per file).
const std::vector<ListedEntry>& bundle_entries(const fs::path& root, const std::string& dir,
                                               const ParseCache* cache,
                                               std::vector<ListedEntry>& listed_now) {
  if (cache && cache->listed)
    if (const auto it = cache->listed->find(dir); it != cache->listed->end()) return it->second;
  // What lstat() would say of each, from the entry's type.
  static constexpr std::pair<fs::file_type, unsigned> kModes[] = {
      {fs::file_type::symlink, S_IFLNK}, {fs::file_type::directory, S_IFDIR},
      {fs::file_type::regular, S_IFREG}, {fs::file_type::fifo, S_IFIFO},
      {fs::file_type::socket, S_IFSOCK}, {fs::file_type::character, S_IFCHR},
      {fs::file_type::block, S_IFBLK}};
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(root / dir, ec)) {
    const fs::file_type type = e.symlink_status(ec).type();
    unsigned mode = 0;  // unknown
    for (const auto& [t, m] : kModes)
      if (t == type) mode = m;
    listed_now.push_back({e.path().filename().string(), mode, ""});
  }
  std::sort(listed_now.begin(), listed_now.end(),
            [](const ListedEntry& a, const ListedEntry& b) { return a.name < b.name; });
  return listed_now;
}

void load_bundle(const fs::path& root, const SiteConfig& config, Bundle& b, const ParseCache* cache,
                 std::vector<std::pair<std::string, ParseCache::Entry>>& added,
                 DiagnosticSink& sink) {
  std::vector<ListedEntry> listed_now;
  const std::vector<ListedEntry>& entries = bundle_entries(root, b.dir, cache, listed_now);
  for (const auto& e : entries) {
    const std::string& name = e.name;
    const fs::path p = root / b.dir / name;
    const std::string rel = b.dir + "/" + name;
    if (S_ISLNK(e.mode)) {
      sink.warning({rel, 0, 0}, "bundle/symlink", "symbolic link ignored");
      continue;
    }
    if (const std::string why = unsafe_file_name_reason(name); !why.empty()) {
      sink.error({rel, 0, 0}, "bundle/file-name", "the file name " + why + "; rename it");
      continue;
    }
    if (is_editor_leftover(name)) {
      sink.warning({rel, 0, 0}, "bundle/stray-file",
                   "an editor's backup, swap or lock file; not published");
      continue;
    }
    const std::string lang = article_language(name);
    // An article file is read (and refused when it is not a regular file);
    // any other folder or special file is never read.
    if (S_ISDIR(e.mode) && lang.empty()) {
      check_folder_depth(p, rel, config, b, sink);
      continue;
    }
    // (An article file is looked at once, by load_article(): no stat here.)
    if (const std::string kind = lang.empty() ? special_kind_name(e.mode) : ""; !kind.empty()) {
      sink.warning({rel, 0, 0}, "bundle/stray-file",
                   kind + ", not a regular file; never read, not published");
      continue;
    }
    if (lang.empty()) {
      if (name.rfind("index.", 0) == 0 && name.size() > 3 &&
          name.compare(name.size() - 3, 3, ".md") == 0) {
        sink.error({rel, 0, 0}, "bundle/file-name",
                   "article files are named index.<lang>.md; '" + name + "' names no language");
        continue;
      }
      if (name == "index.html") {
        // The article page of each language is written there.
        sink.error({rel, 0, 0}, "bundle/file-name",
                   "a bundle file cannot be named index.html: each article page is written "
                   "under that name");
        continue;
      }
      if (S_ISREG(e.mode) && name[0] != '.' && publish_asset(name, rel, config, b, sink))
        warn_if_svg_script(p, rel, "bundle/svg-script", config.svg_refuse, sink);
      continue;
    }
    const std::string code = configured_language(config, b, rel, lang, sink);
    if (code.empty()) continue;
    if (auto a = load_article(p, rel, code, e.stamp, cache, added, sink))
      b.articles.emplace(code, std::move(*a));
  }
  report_asset_collisions(b, sink);
  // Exactly one source: the file without translation_of.
  std::vector<std::string> sources;
  for (const auto& [lang, a] : b.articles)
    if (!a.own.translation_of) sources.push_back(lang);
  if (sources.size() == 1) {
    b.source_lang = sources[0];
    const FrontMatter src = b.articles.at(b.source_lang).own;
    for (auto& [lang, a] : b.articles)
      if (lang != b.source_lang) inherit_front_matter(a.meta, src);
  }
}

// The bundle folders under content/ (section/slug), sorted, each checked for
// its name; what is not a bundle is reported and left out.
std::vector<Bundle> find_bundles(const fs::path& content, const SiteConfig& config,
                                 DiagnosticSink& sink) {
  std::vector<Bundle> found;
  std::error_code ec;
  std::vector<fs::path> sections;
  for (const auto& e : fs::directory_iterator(content, ec)) sections.push_back(e.path());
  std::sort(sections.begin(), sections.end());
  for (const auto& sec : sections) {
    const std::string section = sec.filename().string();
    const std::string rel_sec = std::string(kContentFolder) + "/" + section;
    if (section[0] == '.') continue;
    if (is_link(sec)) {
      sink.warning({rel_sec, 0, 0}, "bundle/symlink", "symbolic link ignored");
      continue;
    }
    if (!fs::is_directory(sec)) {
      sink.warning({rel_sec, 0, 0}, "bundle/stray-file",
                   "file ignored: content/ holds section folders only");
      continue;
    }
    if (!config.section(section)) {
      sink.error({rel_sec, 0, 0}, "bundle/section",
                 "section '" + section + "' is not configured in site.yaml");
      continue;
    }
    // The entries' types come with the listing: no call per bundle (a
    // serve build of 5,000 bundles looks at no other file of theirs).
    std::vector<fs::directory_entry> slugs;
    for (const auto& e : fs::directory_iterator(sec, ec)) slugs.push_back(e);
    std::sort(slugs.begin(), slugs.end());
    for (const auto& entry : slugs) {
      const fs::path& dir = entry.path();
      const std::string slug = dir.filename().string();
      const std::string rel = rel_sec + "/" + slug;
      if (slug[0] == '.') continue;
      if (entry.is_symlink(ec)) {
        sink.warning({rel, 0, 0}, "bundle/symlink", "symbolic link ignored");
        continue;
      }
      if (!entry.is_directory(ec)) {
        sink.warning(
            {rel, 0, 0}, "bundle/stray-file",
            "file ignored: a section holds bundle folders only (content/<section>/<slug>/)");
        continue;
      }
      if (!is_slug(slug)) {
        sink.error({rel, 0, 0}, "bundle/slug",
                   "slug '" + slug + "' must match [a-z0-9]+(-[a-z0-9]+)*");
        continue;
      }
      // Output names hold the slug ("<section>--<slug>.eml"); file systems
      // allow 255 bytes per name.
      if (slug.size() > kMaxSlugLength) {
        sink.error({rel, 0, 0}, "bundle/slug",
                   "slug is " + std::to_string(slug.size()) + " characters long; at most " +
                       std::to_string(kMaxSlugLength));
        continue;
      }
      Bundle b;
      b.section = section;
      b.slug = slug;
      b.dir = rel;
      found.push_back(std::move(b));
    }
  }
  return found;
}

}  // namespace

Corpus load_corpus(const fs::path& root, const SiteConfig& config, DiagnosticSink& sink, int jobs,
                   ParseCache* cache, const std::set<std::string>* only) {
  Corpus corpus;
  const fs::path content = root / kContentFolder;
  std::error_code ec;
  if (!fs::is_directory(content, ec)) {
    sink.error({kContentFolder, 0, 0}, "bundle/read", "no content/ folder in the site");
    return corpus;
  }
  std::vector<Bundle> found = find_bundles(content, config, sink);
  if (only) std::erase_if(found, [&](const Bundle& b) { return !only->count(b.id()); });
  // Each bundle is read and parsed on its own; findings are merged in bundle
  // order so the output does not depend on scheduling. Parsing threads get a
  // large stack: yaml-cpp and cmark-gfm recurse on nested input.
  std::vector<DiagnosticSink> sinks(found.size());
  std::vector<std::vector<std::pair<std::string, ParseCache::Entry>>> added(found.size());
  LoadedBundles* loaded = cache ? cache->loaded : nullptr;
  if (loaded) loaded->begin_load();
  std::vector<char> read(found.size(), 1);  // 0: taken as kept in memory
  {
    tbb::global_control stack(tbb::global_control::thread_stack_size, 16u << 20);
    tbb::task_arena arena(jobs > 0 ? jobs : tbb::task_arena::automatic);
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, found.size(), [&](std::size_t i) {
        if (loaded && loaded->lend(found[i].dir, found[i], sinks[i])) {
          read[i] = 0;
          return;
        }
        load_bundle(root, config, found[i], cache, added[i], sinks[i]);
      });
    });
  }
  if (loaded) {
    std::set<std::string> present;
    for (std::size_t i = 0; i < found.size(); ++i) {
      present.insert(found[i].dir);
      if (read[i]) loaded->keep(found[i].dir, {found[i], sinks[i]});
    }
    loaded->end_load(present);
  }
  for (std::size_t i = 0; i < found.size(); ++i) {
    sink.merge(sinks[i]);
    if (cache)
      for (auto& e : added[i]) cache->added.push_back(std::move(e));
    if (!found[i].articles.empty()) {
      corpus.bundles.push_back(std::move(found[i]));
    } else if (!sinks[i].has_errors()) {
      sink.warning({found[i].dir, 0, 0}, "bundle/empty",
                   "bundle has no index.<lang>.md file; nothing is published");
    }
  }
  // Found section by section, so nearly always in order already.
  if (!std::is_sorted(corpus.bundles.begin(), corpus.bundles.end(), bundle_id_less))
    std::sort(corpus.bundles.begin(), corpus.bundles.end(), bundle_id_less);
  corpus.static_files = list_static_files(root);
  return corpus;
}

}  // namespace pp
