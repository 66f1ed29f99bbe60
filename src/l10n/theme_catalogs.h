#pragma once
// Internal to l10n: the built-in theme's own translations (theme/locales/),
// which fill a site's new and updated catalogs (docs/translators.md, "The
// theme's translations").

#include <string>

namespace pp {

/// The built-in theme's catalog for a language tag: the exact tag
/// ("pt-BR"), else its language in its script ("zh-CN" → "zh-Hans"), else
/// its language alone ("ar-EG" → "ar"), each only when written in the tag's
/// script (CLDR's likely subtags: "hi-Latn" and "zh-TW" get none); nullptr
/// when the theme has none.
const std::string* theme_catalog_for(const std::string& lang_code);

/// `po` (msgmerge's output) with each entry that has no translation at all
/// (every form empty, not fuzzy) translated as the theme's catalog `theme`
/// translates the same msgctxt, msgid and msgid_plural. A plural entry is
/// filled only when both catalogs have the same Plural-Forms. A translation
/// the site has, even a fuzzy one, always stays. `filled` counts the entries.
std::string fill_from_theme(const std::string& po, const std::string& theme, int& filled);

}  // namespace pp
