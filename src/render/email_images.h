#pragma once
// Internal to render: pictures in emails. Mail clients take an <img>'s width
// from its attribute (Outlook for Windows from nothing else), and Gmail and
// Outlook show no SVG: a picture of the article's bundle gets its width, and
// an SVG the PNG the build draws of it (docs/email.md, "Pictures").

#include <optional>
#include <string>

#include "render/site_model.h"

namespace pp {

/// The width of an email's column in CSS pixels (the theme's 600 px table
/// less its padding): the widest a picture shows.
constexpr int kEmailColumnWidth = 552;

/// Whether the bundle file `asset` is an SVG, by its name.
bool is_svg_asset(const std::string& asset);

/// The PNG the build publishes beside the SVG `asset` for mail clients:
/// "chart.svg" → "chart.svg.png" (a file of that name in the bundle is used
/// in its place).
std::string email_png_of(const std::string& asset);

/// The author's own PNG of the SVG `asset` in `b`: its file named as
/// email_png_of() names it, whatever the case ("chart.svg.PNG").
std::optional<std::string> authors_png(const Bundle& b, const std::string& asset);

/// The width in pixels the PNG of an SVG `width` CSS pixels wide is drawn at:
/// twice what it shows at in an email, for sharp screens.
int email_png_width(int width);

/// An email's picture of a file of the article's bundle.
struct EmailPicture {
  std::string url;  ///< absolute: the file's, or its PNG's for an SVG
  int width = 0;    ///< what it shows at: its own width, at most the column's
};

/// The picture of the file `asset` of `b` in the email of the page at
/// `page_url`, its file recorded as read; nullopt when it is not a picture
/// read_image_info() knows (or `m` has no BuildCaches). An SVG librsvg
/// cannot read is a warning in `sink` (email/svg-image): the email shows it
/// as it is.
std::optional<EmailPicture> email_picture(const SiteModel& m, const Bundle& b,
                                          const std::string& asset, const std::string& page_url,
                                          DiagnosticSink& sink);

/// `html`, an email's body, with every <img> of a file of `b` (its src
/// `page_url` and the file's name) given its width and, for an SVG, its PNG.
std::string fit_email_pictures(const std::string& html, const SiteModel& m, const Bundle& b,
                               const std::string& page_url, DiagnosticSink& sink);

}  // namespace pp
