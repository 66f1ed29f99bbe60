#pragma once
// Stage 2: content/ → Corpus (bundles → articles: typed front matter + parsed Markdown).

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "config/config.h"
#include "content/article_type.h"
#include "content/html_sanitizer.h"
#include "core/date.h"
#include "core/diagnostic.h"
#include "core/limits.h"

struct cmark_node;

namespace pp {

struct ParseCache;  // content/article_cache.h

/// A value with the position of where it was written.
template <typename T>
struct Located {
  T value{};
  SourceLocation where;
  friend bool operator==(const Located&, const Located&) = default;
};

struct SourceRef {
  std::string title, url, publisher;
  std::optional<Date> accessed;
  SourceLocation where;           ///< the list item
  SourceLocation url_where;       ///< the url value
  SourceLocation accessed_where;  ///< the accessed value
  friend bool operator==(const SourceRef&, const SourceRef&) = default;
};

struct Figure {
  std::string name;
  double value = 0;
  std::string format;    ///< integer | decimal | percent | currency | compact | ICU skeleton
  std::string currency;  ///< ISO 4217, for format currency
  SourceLocation where;  ///< the name key
  SourceLocation format_where;
  friend bool operator==(const Figure&, const Figure&) = default;
};

struct Price {
  double amount = 0;
  std::string currency, period;
  SourceLocation where;
  friend bool operator==(const Price&, const Price&) = default;
};

struct Product {
  std::string name, url, kind;
  SourceLocation where;
  SourceLocation url_where;  ///< the url value
  friend bool operator==(const Product&, const Product&) = default;
};

/// `cover`: an image of the bundle shown with the article, and its text.
struct Cover {
  std::string src;  ///< a file of the bundle ("cover.jpg")
  std::string alt;  ///< what the image shows, in the file's language
  SourceLocation where, src_where;
  friend bool operator==(const Cover&, const Cover&) = default;
};

/// Typed front matter of one file, as written (no inheritance). Its fields are
/// declared in content/front_matter_fields.cpp, which says how each is read,
/// inherited, compared and cached; a new member needs a row there.
struct FrontMatter {
  std::optional<Located<std::string>> title, summary, verdict, translation_of, source_digest;
  std::optional<Located<ArticleType>> type;
  std::optional<Located<Date>> date, updated, checked, expires;
  std::vector<std::string> authors, tags;
  bool draft = false;
  std::vector<Located<std::string>> related;
  std::vector<SourceRef> sources;
  std::map<std::string, Figure> figures;
  std::optional<Located<double>> rating;
  std::optional<Price> price;
  std::optional<Product> product;
  std::optional<Cover> cover;
  /// `extra`: the site's own values for its templates, as compact JSON (an
  /// object); a translation's keys replace the source's, the rest inherited.
  std::optional<Located<std::string>> extra;
  std::map<std::string, SourceLocation> keys;  ///< every key given a value, with its position
  std::vector<std::string> empty_keys;         ///< keys written without a value (reported)
  friend bool operator==(const FrontMatter&, const FrontMatter&) = default;
};

/// A parsed Markdown tree (cmark-gfm), owned. Parsed once, read by every walker.
class MarkdownDoc {
 public:
  explicit MarkdownDoc(cmark_node* root) : root_(root) {}
  ~MarkdownDoc();
  MarkdownDoc(const MarkdownDoc&) = delete;
  MarkdownDoc& operator=(const MarkdownDoc&) = delete;
  /// The document node. Walkers must not change the tree, except the renderer's
  /// documented temporary substitutions on a tree it alone renders.
  cmark_node* root() const { return root_; }

 private:
  cmark_node* root_;
};

/// A link or image destination found in the body.
struct BodyLink {
  std::string url;
  bool image = false;
  SourceLocation where;
};

/// An element written in raw HTML, where its start tag is in the file.
struct RawHtmlUse {
  SourceLocation where;
  RawElement element;
  friend bool operator==(const RawHtmlUse&, const RawHtmlUse&) = default;
};

/// One language file of a bundle.
struct Article {
  std::string lang;
  std::string path;   ///< relative to the site root
  std::string stamp;  ///< file_stamp() of the file when it was read
  FrontMatter own;    ///< keys as written in this file
  FrontMatter meta;   ///< own keys plus those inherited from the source
  /// Markdown body (LF line ends) and its tree: set by parse_article(), dropped
  /// by load_corpus() once checked, and read again by read_article_body() for
  /// rendering, so a big site is never in memory whole.
  std::string body;
  int body_first_line = 1;  ///< file line of the body's first line
  std::shared_ptr<const MarkdownDoc> doc;
  std::vector<std::string> heading_ids;           ///< GitHub-style ids, document order, unique
  std::vector<BodyLink> links;                    ///< in document order
  std::vector<Located<std::string>> figure_refs;  ///< {{fig:NAME}} uses in text, by name
  /// Every element written in raw HTML, with its fate under
  /// `markdown.raw_html: sanitize` (`raw_html`) and under `drop` and `error`
  /// (`raw_html_dropped`), in document order.
  std::vector<RawHtmlUse> raw_html, raw_html_dropped;
  /// A translation assembled from a catalog (docs/translators.md §3), not
  /// read from a Markdown file: `path` is the catalog, `body` the assembled
  /// body, kept in memory.
  struct Assembled {
    std::string source_path;              ///< the source file it was assembled from
    std::string source_lang, source_dir;  ///< the language of kept segments, its direction
    std::vector<bool> kept;               ///< per body segment: the source's text stayed
    int translated = 0, segments = 0;     ///< fields and blocks
    /// The source's words in them, and in those translated (count_words()).
    std::size_t words = 0, words_translated = 0;
  };
  std::optional<Assembled> assembled;
};

/// One entry of a bundle folder as a walk found it: its name, its lstat()
/// mode (0: unknown) and, for a regular file, its stamp (stat_stamp()).
struct ListedEntry {
  std::string name;
  unsigned mode = 0;
  std::string stamp;
};

/// The entries of bundle folders, by folder (relative to the site root), each
/// sorted by name, as the inputs' fingerprint found them: a build that took
/// one lists no bundle folder and looks at no article file again to load.
using BundleListings = std::unordered_map<std::string, std::vector<ListedEntry>>;

/// `content/<section>/<slug>/`: one article per language, other files copied.
struct Bundle {
  std::string section, slug;
  std::string id() const { return section + "/" + slug; }
  /// id() compared with `id` (below, at or above 0), without making id():
  /// corpora are sorted and searched by it, thousands of times a build.
  int compare_id(std::string_view id) const;
  std::map<std::string, Article> articles;  ///< by language code
  std::string source_lang;                  ///< "" when not exactly one source
  std::vector<std::string> assets;          ///< other files, relative to the bundle folder
  /// Files beside it that are not published (each a bundle/stray-file
  /// warning), relative to the bundle folder: a link to one leads nowhere.
  std::vector<std::string> unpublished;
  std::string dir;  ///< relative to the site root
  const Article* source() const;
};

/// a.id() < b.id(), without making either.
bool bundle_id_less(const Bundle& a, const Bundle& b);

/// Every bundle of the site, sorted by id.
struct Corpus {
  std::vector<Bundle> bundles;
  /// Files of pipeline/static/ the build publishes as /assets/<path>
  /// (relative to it, '/'-separated, sorted): targets of site links.
  std::vector<std::string> static_files;
  /// The bundle `id`, or nullptr. A pure lookup: a renderer records what it
  /// reads itself (incremental/incremental.h).
  const Bundle* find(const std::string& id) const;
};

/// Reads `content/` under `root`: discovery, front matter, Markdown, inheritance.
/// Bundles are read in parallel on up to `jobs` threads (0: one per core); the
/// result and the findings do not depend on it. Problems are reported to `sink`;
/// files that cannot be read or parsed are left out (the caller stops on errors).
/// With `cache`, a file whose stamp is unchanged is taken from it instead of
/// being read and parsed, and what is parsed is added to it. With `only`,
/// content/ is walked as always but only the bundles of those ids are read
/// (the others are left out, unread and unchecked).
Corpus load_corpus(const std::filesystem::path& root, const SiteConfig& config,
                   DiagnosticSink& sink, int jobs = 0, ParseCache* cache = nullptr,
                   const std::set<std::string>* only = nullptr);

/// A digest of what lists, feeds and the sitemap show of `b`: which article
/// files it has and their front matter (inherited keys included), not their
/// bodies. A body edit leaves it as it is.
std::string listing_digest(const Bundle& b);

/// The files of `<root>/pipeline/static/` a build publishes (the rules of
/// emit's static copy: no symbolic links, unsafe names or editor leftovers).
std::vector<std::string> list_static_files(const std::filesystem::path& root);

/// A copy of `a` with its body and Markdown tree, read again from its file.
/// A file that changed since it was loaded is a bundle/changed error (nullopt).
std::optional<Article> read_article_body(const std::filesystem::path& root, const Article& a,
                                         DiagnosticSink& sink);

/// Parses one article file's bytes (exposed for tests and single-file validate).
std::optional<Article> parse_article(const std::string& rel_path, const std::string& lang,
                                     const std::string& bytes, DiagnosticSink& sink);

/// GitHub-style heading id of a heading's text (before de-duplication).
std::string heading_slug(const std::string& text);

/// Names of the cmark-gfm extensions every body is parsed with.
const std::vector<std::string>& gfm_extension_names();

/// Concatenated literal text under a node (text, code, and so on).
std::string node_text(cmark_node* node);

/// Whether block quote `q` of a parsed body begins with a GitHub alert's
/// marker written escaped (`> \[!TIP]`): shown as written, as GitHub does.
/// The line `new --lang` and `i18n apply --articles` write in a new
/// translation's front matter: a draft, never published (nor listed, mailed
/// or in hreflang) but with `--drafts`, until `translations stamp` takes
/// this line out as it records source_digest.
inline constexpr const char* kInProgressLine =
    "draft: true  # in progress: `polypress translations stamp` publishes it";

bool escaped_alert_marker(cmark_node* q);

/// The kind a GitHub alert marker names ("note" for "[!NOTE]", any case;
/// "tip", "important", "warning", "caution"), or "".
std::string alert_marker_kind(std::string_view marker);

/// The text node that would hold the alert marker of block quote `q`: its
/// first paragraph's first node, a text alone on its line; nullptr when
/// there is none (whether it names a kind is alert_marker_kind()'s to say).
cmark_node* alert_marker_node(cmark_node* q);

/// A new custom block for the tree of a parsed body (made with the parser's
/// allocator, which cmark requires of nodes put together).
cmark_node* new_custom_block();

// Whether a build publishes an article (content/publication.cpp): drafts,
// future dates and expiry (docs/spec.md §3), for rendering and for the links
// that lead to it.

/// One string value of an article's `extra:`, with the name a template
/// reaches it by (its key; for an item of a list, the list's key) and where
/// the file writes it.
struct ExtraString {
  std::string name, value;
  SourceLocation where;
};

/// Every string value of the `extra:` front matter of article file `path`
/// (its bytes `file`), in the file's order; none when it has no readable
/// front matter.
std::vector<ExtraString> extra_strings(const std::string& path, const std::string& file);

/// What may hold an article back from a build.
struct Publication {
  bool draft = false;    ///< draft: true
  bool future = false;   ///< dated after the build's time
  bool expired = false;  ///< its `expires` has passed
};

/// The article's state at `now_ms`, its dates read in `time_zone`.
/// (nullopt: dates hold nothing back).
Publication publication_of(const Article& a, const std::string& time_zone,
                           std::optional<double> now_ms);

/// "draft", "expired", "future" or "published" (the first that holds).
std::string to_string(const Publication& p);

/// The first moment after `now_ms` at which an article of `corpus` changes
/// state (its date comes, its `expires` passes), in ms since the epoch; its
/// dates read in `time_zone`. nullopt when none will. A build is the same as
/// another made at `now_ms` until then (docs/incremental.md, "The clock").
std::optional<double> next_publication_change(const Corpus& corpus, const std::string& time_zone,
                                              double now_ms);

/// What a build publishes besides the articles nothing holds back: its
/// --drafts, --future and --expired, and its time. The one value of these
/// options: build, serve, list, the checks and render each hold one, never
/// their own copy of the flags.
struct Publishing {
  bool drafts = false, future = false, expired = false;
  /// The build's time in ms since the epoch; nullopt: dates hold nothing back.
  std::optional<double> now_ms;
  /// The flags as a build's records store them ("drafts future"; "" for
  /// none), its one fingerprint; the time is not in it ("The clock").
  std::string text() const;
};

/// Whether a build publishing `with` publishes an article in state `p`.
bool published_in(const Publication& p, const Publishing& with);

/// Why a build publishing `with` leaves `a` out, and what would publish it
/// ("is a draft (build --drafts publishes it)"); "" when it publishes it.
std::string unpublished_because(const Article& a, const std::string& time_zone,
                                const Publishing& with);

}  // namespace pp
