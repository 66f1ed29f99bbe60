#pragma once
// The limits polypress puts on what it reads, each named once (docs/spec.md
// and docs/hardening.md say why each is where it is). A limit reached is a
// diagnostic at the place it was reached, never a crash or a hang.

#include <chrono>
#include <cstddef>

namespace pp {

/// An article file (front matter and body).
inline constexpr std::size_t kMaxFileBytes = 1 << 20;
/// The front matter of an article.
inline constexpr std::size_t kMaxFrontMatterBytes = 64 << 10;
/// pipeline/site.yaml and each template.
inline constexpr std::size_t kMaxConfigBytes = 1 << 20;
/// A catalog (.po, .pot), an email given to `send`, and any other file read
/// whole (an SVG that is checked).
inline constexpr std::size_t kMaxCatalogBytes = 16u << 20;
/// Nesting of YAML mappings and lists, in front matter and site.yaml.
inline constexpr int kMaxYamlDepth = 32;
/// Figures of one article, and the length of a figure's name in characters.
inline constexpr std::size_t kMaxFigures = 100;
inline constexpr std::size_t kMaxFigureName = 64;
/// Links and images of one article's body.
inline constexpr std::size_t kMaxLinks = 2000;
/// A slug's length: output names hold it, and a name has at most 255 bytes.
inline constexpr std::size_t kMaxSlugLength = 100;
/// The longest `{placeholder}` name of a catalog string `i18n check` accepts, in bytes.
inline constexpr std::size_t kMaxPlaceholderName = 64;
/// How deep folders may nest below a bundle folder, pipeline/ or locales/: a
/// walk never goes further, so it stays linear in the number of entries.
inline constexpr int kMaxFolderDepth = 16;
/// How deep Markdown structures may nest (quotes, lists, emphasis, links).
inline constexpr std::size_t kMaxMarkdownDepth = 100;
/// How deep an article's raw HTML elements may nest: HTML's parser (gumbo)
/// takes time with the square of the depth of formatting elements (100,000
/// nested <b> took 10 s).
inline constexpr std::size_t kMaxRawHtmlDepth = 1000;
/// The most work units (about a nanosecond of gfm.6's parse each) a body may
/// be estimated to need; ordinary articles need a few per byte.
inline constexpr std::size_t kMaxParseWork = 100'000'000;

/// A page or an email as a template renders it, at most (a list in `extra:`
/// repeating a long value in a template's loop could otherwise make
/// gigabytes); and a template with its partials in place, at most.
inline constexpr std::size_t kMaxRenderedBytes = 64u << 20;
inline constexpr std::size_t kMaxInlinedTemplateBytes = 8u << 20;
/// How much processor time one article's body may take to parse or render: a
/// backstop for shapes the guards (content/markdown_guard.h) do not name, set
/// far above what any body they accept needs (under 1 s per MiB), so that it
/// never decides a case on a slow or loaded machine.
inline constexpr std::chrono::milliseconds kMarkdownCpuBackstop{10000};

}  // namespace pp
