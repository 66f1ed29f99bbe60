#pragma once
// The front matter fields, declared once: one row per key says how its value
// is read, whether it is required, how a translation gets it, how it is
// compared with the source, how the parse cache stores it and what
// `polypress new` writes (docs/architecture.md, "Front matter: one table").

#include <array>
#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "content/content.h"

namespace YAML {
class Node;
}

namespace pp {

class FmReader;
struct ByteWriter;
struct ByteReader;

/// How a translation gets a field.
enum class FieldScope {
  per_language,  ///< each file gives its own; never inherited
  shared,        ///< inherited when left out; when given, must equal the source's
  inherited,     ///< inherited when left out; may differ (names written in another script)
};

/// Where a field is required.
enum class RequiredIn { nowhere, every_file, source_file };

/// A set of article types.
struct TypeSet {
  unsigned bits = 0;
  constexpr TypeSet() = default;
  constexpr TypeSet(std::initializer_list<ArticleType> types) {
    for (const ArticleType t : types) bits |= 1u << static_cast<unsigned>(t);
  }
  constexpr bool empty() const { return bits == 0; }
  constexpr bool has(ArticleType t) const { return bits & (1u << static_cast<unsigned>(t)); }
};

/// When a field must be given, and what is reported when it is not.
struct Requirement {
  RequiredIn in = RequiredIn::nowhere;
  /// The article types that need it; empty: every file, even one whose type is unknown.
  TypeSet types{};
  /// Needed only where one of these keys has a value ("checked" with rating or
  /// price); empty entries are ignored.
  std::array<std::string_view, 2> when_given{};
  std::string_view rule = "front-matter/required";
  /// The message of a missing value; nullptr: "missing required key 'KEY'" and why.
  std::string (*message)(ArticleType type) = nullptr;
  /// A key written without a value counts as given (it is reported as such).
  bool empty_key_counts = true;
};

/// What `polypress new` knows when it writes a file.
struct NewFile {
  std::string slug;
  ArticleType type = ArticleType::news;  ///< of a new source file
  std::string date;                      ///< today, YYYY-MM-DD
  const Article* source = nullptr;       ///< the source, for a new translation
};

/// What is done with a field's member of FrontMatter; ops_of<M>() (in
/// content/front_matter_field_ops.h) fills them all for a member M.
struct FieldOps {
  /// Whether the file has a (valid) value for it.
  bool (*has_value)(const FrontMatter& fm);
  /// Whether the file gives it: a translation that does not inherits it.
  bool (*given)(const FrontMatter& fm, std::string_view key);
  /// Copies the value from `from` (a source) to `to` (a translation).
  void (*copy)(FrontMatter& to, const FrontMatter& from);
  /// Whether a translation's value equals the source's (positions aside).
  bool (*same)(const FrontMatter& translation, const FrontMatter& source);
  /// Its bytes in the parse cache, and back.
  void (*encode)(ByteWriter& w, const FrontMatter& fm);
  void (*decode)(ByteReader& r, FrontMatter& fm);
};

/// One front matter key.
struct FrontMatterField {
  std::string_view key;
  std::string_view kind{};  ///< the value, as docs/spec.md describes it
  Requirement required{};
  FieldScope scope = FieldScope::per_language;
  std::string_view rule{};  ///< what else holds of the value, for docs/spec.md
  /// Reads the value of the key into the front matter, reporting problems.
  void (*read)(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
  FieldOps ops;
  /// Its line's place in a file `polypress new` writes; 0: never written.
  int new_order = 0;
  /// Written in every new source file, required or not.
  bool new_always = false;
  /// The value `new` writes in a source file, or nullopt.
  std::optional<std::string> (*new_source)(const NewFile& f) = nullptr;
  /// The value `new` writes in a translation, or nullopt.
  std::optional<std::string> (*new_translation)(const NewFile& f) = nullptr;
};

/// Every field, in the order docs/spec.md lists them.
std::span<const FrontMatterField> front_matter_fields();

/// The keys a requirement's `when_given` names (its non-empty entries).
std::vector<std::string_view> when_given_keys(const Requirement& r);

/// The row of `key`, or nullptr.
const FrontMatterField* front_matter_field(std::string_view key);

/// Every key, in table order (the unknown-key check and its did-you-mean).
const std::vector<std::string>& front_matter_keys();

/// Gives `translation` every shared and inherited field it leaves out, from `source`.
void inherit_front_matter(FrontMatter& translation, const FrontMatter& source);

/// Whether `field` must be given in a file (a source file or not) of `type`
/// (nullopt: unknown), where `has_value(key)` says whether another key has a
/// value; sets `why` to the end of the message (" in the source file", " for review").
bool field_required(const FrontMatterField& field, bool is_source, std::optional<ArticleType> type,
                    const std::function<bool(std::string_view)>& has_value, std::string& why);

/// The fields as a Markdown table (key, type, required, scope, rule), for docs/spec.md.
std::string front_matter_table_markdown();

}  // namespace pp
