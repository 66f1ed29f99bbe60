// Pictures of an article's bundle in its email: width, and a PNG for an SVG.
#include "render/email_images.h"

#include <algorithm>

#include "core/text.h"
#include "incremental/incremental.h"
#include "render/build_caches.h"

namespace pp {

namespace {

// An attribute value as the browser reads it, for the few references cmark
// and the sanitizer write in a URL.
std::string unescape_attribute(std::string_view v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    bool replaced = false;
    for (const auto& [entity, c] :
         {std::pair{"&amp;", '&'}, std::pair{"&quot;", '"'}, std::pair{"&#x27;", '\''},
          std::pair{"&#39;", '\''}, std::pair{"&lt;", '<'}, std::pair{"&gt;", '>'}}) {
      const std::string_view e = entity;
      if (v.compare(i, e.size(), e) == 0) {
        out += c;
        i += e.size() - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += v[i];
  }
  return out;
}

// One attribute of a start tag: where its value is (inside its quotes).
struct Attribute {
  std::string_view name;
  std::size_t value_at = 0, value_size = 0;
};

// The attributes of the start tag whose name ends at `at`, and the offset of
// its '>' (html.size() when it has none). A quoted value may hold '>': the
// sanitizer's serializer escapes only '&', '"' and no-break spaces in it.
std::size_t read_attributes(std::string_view html, std::size_t at, std::vector<Attribute>& out) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
  while (at < html.size()) {
    while (at < html.size() && (space(html[at]) || html[at] == '/')) ++at;
    if (at >= html.size() || html[at] == '>') return at;
    const std::size_t name_at = at;
    while (at < html.size() && !space(html[at]) && html[at] != '=' && html[at] != '>' &&
           html[at] != '/')
      ++at;
    Attribute a{html.substr(name_at, at - name_at), at, 0};
    if (at < html.size() && html[at] == '=') {
      ++at;
      if (at < html.size() && (html[at] == '"' || html[at] == '\'')) {
        const std::size_t close = html.find(html[at], at + 1);
        if (close == std::string_view::npos) return html.size();
        a.value_at = at + 1;
        a.value_size = close - at - 1;
        at = close + 1;
      } else {
        a.value_at = at;
        while (at < html.size() && !space(html[at]) && html[at] != '>') ++at;
        a.value_size = at - a.value_at;
      }
    }
    out.push_back(a);
  }
  return html.size();
}

}  // namespace

bool is_svg_asset(const std::string& asset) {
  return asset.size() > 4 && fold_file_name(asset.substr(asset.size() - 4)) == ".svg";
}

std::string email_png_of(const std::string& asset) {
  return asset + ".png";
}

std::optional<std::string> authors_png(const Bundle& b, const std::string& asset) {
  const std::string wanted = fold_file_name(email_png_of(asset));
  for (const auto& file : b.assets)
    if (fold_file_name(file) == wanted) return file;
  return std::nullopt;
}

int email_png_width(int width) {
  return 2 * std::clamp(width, 1, kEmailColumnWidth);
}

std::optional<EmailPicture> email_picture(const SiteModel& m, const Bundle& b,
                                          const std::string& asset, const std::string& page_url,
                                          DiagnosticSink& sink) {
  if (!m.caches || std::find(b.assets.begin(), b.assets.end(), asset) == b.assets.end())
    return std::nullopt;
  auto picture = [&](const std::string& shown, int width) {
    return EmailPicture{page_url + percent_encode_path(shown), std::min(width, kEmailColumnWidth)};
  };
  const std::filesystem::path file = m.root / b.dir / asset;
  record_dependency(DependencyKey::copied_file(b.dir + "/" + asset));
  const auto info = m.caches->images.get(file);
  // The author's PNG of an SVG is what emails show, at its own width.
  if (const auto own = is_svg_asset(asset) ? authors_png(b, asset) : std::nullopt) {
    const std::filesystem::path png = m.root / b.dir / *own;
    record_dependency(DependencyKey::copied_file(b.dir + "/" + *own));
    const auto png_info = m.caches->images.get(png);
    return picture(*own, png_info ? png_info->width : info ? info->width : kEmailColumnWidth);
  }
  if (!info) {
    if (is_svg_asset(asset))
      sink.warning({b.dir + "/" + asset, 0, 0}, "email/svg-image",
                   "librsvg cannot draw this SVG (it is not well-formed, declares entities, is "
                   "over 100,000 px on a side, or has neither width and height nor a viewBox), "
                   "so its emails show the SVG, which Gmail and Outlook do not");
    return std::nullopt;
  }
  // The build draws a PNG of each SVG named as one (add_email_pngs).
  const bool drawn = info->format == ImageFormat::svg && is_svg_asset(asset);
  return picture(drawn ? email_png_of(asset) : asset, info->width);
}

std::string fit_email_pictures(const std::string& html, const SiteModel& m, const Bundle& b,
                               const std::string& page_url, DiagnosticSink& sink) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t at = html.find("<img"); at != std::string::npos;
       at = html.find("<img", at + 4)) {
    const std::size_t name_end = at + 4;
    if (name_end >= html.size() ||
        std::string_view(" \t\n/>").find(html[name_end]) == std::string_view::npos)
      continue;
    std::vector<Attribute> attributes;
    const std::size_t close = read_attributes(html, name_end, attributes);
    const auto src = std::find_if(attributes.begin(), attributes.end(),
                                  [](const Attribute& a) { return a.name == "src"; });
    if (close >= html.size() || src == attributes.end()) continue;
    // A width the author gave (raw HTML) is kept: two would be one too many.
    const bool has_width = std::any_of(attributes.begin(), attributes.end(),
                                       [](const Attribute& a) { return a.name == "width"; });
    const std::string url =
        unescape_attribute(std::string_view(html).substr(src->value_at, src->value_size));
    if (!url.starts_with(page_url)) continue;
    std::string file = url.substr(page_url.size());
    file = percent_decode(file.substr(0, file.find_first_of("?#")));
    const auto picture = email_picture(m, b, file, page_url, sink);
    if (!picture) continue;
    out.append(html, from, name_end - from);
    if (!has_width) out += " width=\"" + std::to_string(picture->width) + "\"";
    out.append(html, name_end, src->value_at - name_end);
    out += html_escape(picture->url);
    from = src->value_at + src->value_size;
  }
  out.append(html, from, std::string::npos);
  return out;
}

}  // namespace pp
