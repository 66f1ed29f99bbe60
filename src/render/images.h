#pragma once
// Internal to render: what libvips reads of an image beside an article (its
// format and size, from the header only), and an SVG drawn as a PNG for the
// mail clients that show no SVG (librsvg, through libvips).

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace pp {

/// The formats read: those pages and emails show. Anything else (HEIC, TIFF,
/// PDF, what ImageMagick would guess) is never handed to a loader.
enum class ImageFormat { png, jpeg, gif, webp, svg };

/// An image's format and its size in CSS pixels (an SVG's px as written, its
/// physical units at librsvg's 72 dpi where browsers take 96: "5in" is 360).
struct ImageInfo {
  ImageFormat format = ImageFormat::png;
  int width = 0;
  int height = 0;
};

/// What `bytes` are, told by their first bytes and read by libvips from the
/// header alone (a JPEG's sides swapped by its EXIF orientation); nullopt
/// for another format, a header it cannot read, an SVG that declares
/// entities (<!ENTITY: never handed to librsvg) or is over 100,000 px on a side.
std::optional<ImageInfo> read_image_info(std::string_view bytes);

/// The SVG `svg` drawn by librsvg `width` pixels wide (its height to scale,
/// at most 8,192 pixels), as PNG bytes without metadata; nullopt with `error`
/// set when it cannot be drawn.
std::optional<std::string> svg_as_png(std::string_view svg, int width, std::string& error);

/// A transparent PNG of `width` × `height` (clamped as drawn SVGs are): what
/// an email shows of an SVG librsvg read but could not draw.
std::string blank_png(int width, int height);

/// read_image_info() of files, each read once per build whatever the number
/// of emails that show it; safe to call from every thread.
class ImageInfoCache {
 public:
  /// The info of the file at `path` (absolute), or nullopt when it cannot be
  /// read (a link, too large, missing) or is not an image read_image_info() knows.
  std::optional<ImageInfo> get(const std::filesystem::path& path);

 private:
  std::mutex mutex_;
  std::map<std::string, std::optional<ImageInfo>> known_;
};

}  // namespace pp
