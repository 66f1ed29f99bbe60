// The table of front matter fields (docs/architecture.md, "Front matter: one
// table"). Adding a field: a member of FrontMatter, a row here, its tests.
#include "content/front_matter_fields.h"

#include <algorithm>

#include "content/front_matter_field_ops.h"
#include "content/front_matter_reader.h"
#include "content/front_matter_skeleton.h"

namespace pp {

namespace {

using Value = std::optional<std::string>;

// The values `polypress new` writes.
Value new_title(const NewFile& f) {
  return yaml_quoted(title_of_slug(f.slug));
}
Value translated_title(const NewFile& f) {
  return yaml_quoted(f.source->meta.title ? f.source->meta.title->value : "");
}
// The source's own cover, its alt text to translate.
Value translated_cover(const NewFile& f) {
  const auto& c = f.source->own.cover;
  if (!c) return std::nullopt;
  return "{src: " + yaml_quoted(c->src) + ", alt: " + yaml_quoted(c->alt) + "}";
}
Value new_summary(const NewFile&) {
  return yaml_quoted("One or two sentences: the dek, and the email's preheader.");
}
Value translated_summary(const NewFile& f) {
  return yaml_quoted(f.source->meta.summary ? f.source->meta.summary->value : "");
}
Value new_verdict(const NewFile&) {
  return yaml_quoted("The one-line takeaway.");
}
Value translated_verdict(const NewFile& f) {
  return f.source->meta.verdict ? Value(yaml_quoted(f.source->meta.verdict->value)) : std::nullopt;
}
Value new_date(const NewFile& f) {
  return f.date;
}
Value new_product(const NewFile& f) {
  return "{name: " + yaml_quoted(title_of_slug(f.slug)) +
         ", url: \"https://example.com/\", kind: tool}";
}
Value new_sources(const NewFile&) {
  return "\n  - {title: \"The source's title\", url: \"https://example.com/\", "
         "publisher: \"Publisher\"}";
}

std::string needs_a_source(ArticleType type) {
  return "a " + to_string(type) + " article needs at least one source";
}

using FM = FrontMatter;
using enum ArticleType;
using enum FieldScope;
using enum RequiredIn;

// The table. constexpr: no static initializer can see it half-built.
constexpr FrontMatterField kFields[] = {
    {.key = "title",
     .kind = "string, 1–200 chars",
     .required = {.in = every_file},
     .scope = per_language,
     .rule = "",
     .read = &read_text<&FM::title, 200>,
     .ops = ops_of<&FM::title>(),
     .new_order = 1,
     .new_source = new_title,
     .new_translation = translated_title},
    {.key = "type",
     .kind = "`news` \\| `review` \\| `analysis`",
     .required = {.in = source_file},
     .scope = shared,
     .rule = "",
     .read = &read_type,
     .ops = ops_of<&FM::type>(),
     .new_order = 2,
     .new_source = [](const NewFile& f) -> Value { return to_string(f.type); }},
    {.key = "date",
     .kind = "`YYYY-MM-DD` or RFC 3339 date-time with offset",
     .required = {.in = source_file},
     .scope = shared,
     .rule = "",
     .read = &read_date<&FM::date>,
     .ops = ops_of<&FM::date>(),
     .new_order = 3,
     .new_source = new_date},
    {.key = "updated",
     .kind = "as date",
     .scope = shared,
     .rule = "not before `date`",
     .read = &read_date<&FM::updated>,
     .ops = ops_of<&FM::updated>()},
    {.key = "expires",
     .kind = "as date",
     .scope = inherited,
     .rule = "after `date`; from then on the article is not published (`build --expired` keeps it)",
     .read = &read_date<&FM::expires>,
     .ops = ops_of<&FM::expires>()},
    {.key = "summary",
     .kind = "string, 1–500 chars",
     .required = {.in = every_file},
     .scope = per_language,
     .rule = "the dek; the email preheader",
     .read = &read_text<&FM::summary, 500>,
     .ops = ops_of<&FM::summary>(),
     .new_order = 5,
     .new_source = new_summary,
     .new_translation = translated_summary},
    {.key = "authors",
     .kind = "list of strings",
     .scope = inherited,
     .rule = "a translation may write the names in its own script",
     .read = &read_authors,
     .ops = ops_of<&FM::authors>()},
    {.key = "tags",
     .kind = "list of slugs",
     .scope = inherited,
     .rule = "",
     .read = &read_tags,
     .ops = ops_of<&FM::tags>()},
    {.key = "draft",
     .kind = "bool",
     .scope = per_language,
     .rule = "drafts are built only with `--drafts`",
     .read = &read_draft,
     .ops = ops_of<&FM::draft>(),
     .new_order = 4,
     .new_always = true,
     .new_source = [](const NewFile&) -> Value { return "true"; }},
    {.key = "verdict",
     .kind = "string, 1–1000 chars",
     .required = {.in = every_file, .types = {news, review}},
     .scope = per_language,
     .rule = "",
     .read = &read_text<&FM::verdict, 1000>,
     .ops = ops_of<&FM::verdict>(),
     .new_order = 6,
     .new_source = new_verdict,
     .new_translation = translated_verdict},
    {.key = "related",
     .kind = "list of bundle ids",
     .scope = shared,
     .rule = "each must exist and be published (§4)",
     .read = &read_related,
     .ops = ops_of<&FM::related>()},
    {.key = "sources",
     .kind = "list of `{title, url, publisher, accessed?}`",
     .required = {.in = source_file,
                  .types = {news, analysis},
                  .rule = "source/required",
                  .message = needs_a_source,
                  .empty_key_counts = false},
     .scope = shared,
     .rule = "url absolute http(s); accessed a date, not in the future",
     .read = &read_sources,
     .ops = ops_of<&FM::sources>(),
     .new_order = 10,
     .new_source = new_sources},
    {.key = "figures",
     .kind = "map name → `{value: number, format: STYLE, currency?: ISO-4217}`",
     .scope = shared,
     .rule = "name `[a-z][a-z0-9_]*`; used in the body as `{{fig:NAME}}`",
     .read = &read_figures,
     .ops = ops_of<&FM::figures>()},
    {.key = "rating",
     .kind = "number 0–5 in steps of 0.5",
     .required = {.in = source_file, .types = {review}},
     .scope = shared,
     .rule = "",
     .read = &read_rating,
     .ops = ops_of<&FM::rating>(),
     .new_order = 7,
     .new_source = [](const NewFile&) -> Value { return "3"; }},
    {.key = "price",
     .kind = "`{amount ≥ 0, currency: ISO-4217, period: once\\|month\\|year\\|usage}`",
     .scope = shared,
     .rule = "",
     .read = &read_price,
     .ops = ops_of<&FM::price>()},
    {.key = "product",
     .kind = "`{name, url, kind: tool\\|model\\|mcp-server\\|repository}`",
     .required = {.in = source_file, .types = {review}},
     .scope = shared,
     .rule = "",
     .read = &read_product,
     .ops = ops_of<&FM::product>(),
     .new_order = 9,
     .new_source = new_product},
    {.key = "checked",
     .kind = "date",
     .required = {.in = source_file,
                  .types = {news, review, analysis},
                  .when_given = {"rating", "price"}},
     .scope = shared,
     .rule = "when rating and price were last checked",
     .read = &read_date<&FM::checked>,
     .ops = ops_of<&FM::checked>(),
     .new_order = 8,
     .new_source = new_date},
    {.key = "cover",
     .kind = "`{src, alt}`",
     .scope = inherited,
     .rule = "src a file of the bundle (an image); alt 1–300 chars, what it shows; on the page, "
             "og:image, JSON-LD and the email",
     .read = &read_cover,
     .ops = ops_of<&FM::cover>(),
     .new_order = 11,
     .new_translation = translated_cover},
    {.key = "extra",
     .kind = "map of names `[a-z][a-z0-9_]*` to strings, numbers, booleans, lists and maps",
     .scope = inherited,
     .rule = "for templates as `{{extra.NAME}}`; a translation's names replace the source's, the "
             "others are inherited",
     .read = &read_extra,
     .ops = ops_of<&FM::extra>()},
    {.key = "translation_of",
     .kind = "language code",
     .scope = per_language,
     .rule = "present in every translation, absent in the source",
     .read = &read_text<&FM::translation_of, 35>,
     .ops = ops_of<&FM::translation_of>(),
     .new_order = 12,
     .new_translation = [](const NewFile& f) -> Value { return f.source->lang; }},
    {.key = "source_digest",
     .kind = "40 hex digits",
     .scope = per_language,
     .rule = "in a translation: the git blob id of the source file when it was translated",
     .read = &read_source_digest,
     .ops = ops_of<&FM::source_digest>(),
     // `new --lang` leaves it out: the translation is in progress until
     // `translations stamp` records the source it translates.
     .new_order = 13},
};

}  // namespace

std::span<const FrontMatterField> front_matter_fields() {
  return kFields;
}

std::vector<std::string_view> when_given_keys(const Requirement& r) {
  std::vector<std::string_view> keys;
  for (const std::string_view k : r.when_given)
    if (!k.empty()) keys.push_back(k);
  return keys;
}

const FrontMatterField* front_matter_field(std::string_view key) {
  for (const FrontMatterField& f : front_matter_fields())
    if (f.key == key) return &f;
  return nullptr;
}

const std::vector<std::string>& front_matter_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> out;
    for (const FrontMatterField& f : front_matter_fields()) out.emplace_back(f.key);
    return out;
  }();
  return keys;
}

void inherit_front_matter(FrontMatter& translation, const FrontMatter& source) {
  for (const FrontMatterField& f : front_matter_fields())
    if (f.scope != FieldScope::per_language && !f.ops.given(translation, f.key))
      f.ops.copy(translation, source);
  // `extra` is inherited name by name: a translation gives what differs.
  if (translation.extra && source.extra && translation.extra->value != source.extra->value)
    translation.extra->value = merged_extra(source.extra->value, translation.extra->value);
}

bool field_required(const FrontMatterField& field, bool is_source, std::optional<ArticleType> type,
                    const std::function<bool(std::string_view)>& has_value, std::string& why) {
  const Requirement& r = field.required;
  if (r.in == RequiredIn::nowhere || (r.in == RequiredIn::source_file && !is_source)) return false;
  if (!r.types.empty() && (!type || !r.types.has(*type))) return false;
  if (const auto when = when_given_keys(r); !when.empty()) {
    if (std::none_of(when.begin(), when.end(), has_value)) return false;
    why = " where ";
    for (std::size_t i = 0; i < when.size(); ++i)
      why += std::string(i ? " or " : "") + std::string(when[i]);
    why += " is given";
  } else if (!r.types.empty()) {
    why = " for " + to_string(*type);
  } else {
    why = r.in == RequiredIn::source_file ? " in the source file" : "";
  }
  return true;
}

}  // namespace pp
