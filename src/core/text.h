#pragma once
// Small text helpers shared by every stage: UTF-8 checks, escaping, placeholders.

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pp {

/// Offset of the first byte that is not valid UTF-8, or npos when all is valid.
std::size_t find_invalid_utf8(std::string_view s);

/// `s` with each byte that is not part of valid UTF-8 replaced by U+FFFD.
std::string replace_invalid_utf8(std::string_view s);

/// Number of Unicode code points in valid UTF-8 text (used for 1-based columns).
int count_code_points(std::string_view s);

/// 1-based line and column (in code points, as every finding counts them) of
/// byte `offset` of `text`.
std::pair<int, int> line_and_column(std::string_view text, std::size_t offset);

/// Escapes & < > " ' for HTML text and quoted attribute values.
std::string html_escape(std::string_view s);

/// Escapes & < > " ' and { so that the result can also pass through a Mustache
/// lambda without being read as a tag.
std::string html_escape_mustache_safe(std::string_view s);

/// Makes serialized JSON safe inside <script>: < > & U+2028 U+2029 become \u escapes.
/// Valid because these characters can occur only inside JSON strings.
std::string json_for_script(std::string_view json);

/// Replaces each `{name}` with its value; unknown names are left as they are.
std::string fill_placeholders(std::string_view text,
                              const std::map<std::string, std::string>& values);

/// Levenshtein distance, for did-you-mean suggestions.
int edit_distance(std::string_view a, std::string_view b);

/// The candidate nearest to `word` within a distance of 2 (or a third of its
/// length), or "" when none is close.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

/// User text for a message: control characters shown as \t, \n, \xNN, and cut
/// to `max_chars` code points with "…".
std::string quote_for_message(std::string_view s, std::size_t max_chars = 60);

/// `s` with ASCII letters lower-cased; other bytes as they are.
std::string ascii_lower(std::string_view s);

/// The extension of a file name after its last '.', ASCII lower-cased
/// ("PHOTO.JPG" → "jpg"); "" when there is no '.'.
std::string lower_extension(std::string_view name);

/// Percent-decodes %XX sequences; other bytes pass through.
std::string percent_decode(std::string_view s);

/// `path` percent-encoded for a URL (a Location header, a page's image):
/// bytes other than A-Z a-z 0-9 - . _ ~ / become %XX, so that a file named
/// "a #1?.png" is the file and not a fragment or a query.
std::string percent_encode_path(std::string_view path);

/// Whether `s` is a slug: [a-z0-9]+(-[a-z0-9]+)* (bundle folders, section
/// ids, tags).
bool is_slug(std::string_view s);

/// A file name in NFC, and with its case folded when `fold_case`: two names
/// equal here are one file on macOS and Windows. Bytes that are not UTF-8 are
/// kept as they are.
std::string fold_file_name(std::string_view name, bool fold_case = true);

}  // namespace pp
