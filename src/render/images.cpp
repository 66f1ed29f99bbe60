// Images read and drawn with libvips (docs/dependencies.md).
#include "render/images.h"

#include <vips/vips.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/file_io.h"
#include "core/leak_suppressions.h"

namespace pp {

namespace {

// Larger files are not read for their size: an SVG checked for script is
// read up to 16 MiB (svg_check), a picture for an email is rarely a tenth.
constexpr std::size_t kMaxImageBytes = 64u << 20;
// A drawn SVG's tallest height: a 1 px wide, 10,000 px tall SVG drawn 1,104
// px wide would otherwise ask for 44 GB of pixels.
constexpr double kMaxDrawnHeight = 8192;
// An SVG larger than this on a side is not drawn: the scale that fits it
// would be under libvips' smallest (0.001), which then draws it whole.
constexpr int kMaxSvgSide = 100'000;

// The loaders used, by their libvips nicknames: each takes bytes polypress
// read itself (never a path: no symlink is followed, no file beside an SVG
// is read by librsvg).
constexpr const char* kLoaders[] = {"pngload_buffer", "jpegload_buffer", "gifload_buffer",
                                    "webpload_buffer", "svgload_buffer"};

// libvips is set up once for the process: every loader is blocked but the
// five used (ImageMagick's, PDF's, and the rest never run, whatever a file
// holds); no cache of operations (a buffer's address is reused by the next
// file); one thread per operation, as the build runs one per core already.
// Its warnings ("not enough data") are not the reader's business: a file it
// cannot read has no size, and the caller says what that means.
void start_vips() {
  static std::once_flag once;
  std::call_once(once, [] {
    keep_leak_suppressions();  // fontconfig's, met when librsvg draws text
    if (VIPS_INIT("polypress") != 0) vips_error_clear();
    vips_operation_block_set("VipsForeignLoad", TRUE);
    for (const char* nickname : kLoaders)
      vips_operation_block_set(g_type_name(vips_type_find("VipsOperation", nickname)), FALSE);
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    // librsvg, Pango and gdk-pixbuf under it speak the same way, on stderr
    // between polypress's own lines: what fails is said by the caller.
    const auto levels = static_cast<GLogLevelFlags>(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE |
                                                    G_LOG_LEVEL_CRITICAL);
    for (const char* domain : {"VIPS", "librsvg", "Pango", "GdkPixbuf"})
      g_log_set_handler(
          domain, levels, [](const gchar*, GLogLevelFlags, const gchar*, gpointer) {}, nullptr);
  });
}

struct ImageUnref {
  void operator()(VipsImage* image) const { g_object_unref(image); }
};
using ImagePtr = std::unique_ptr<VipsImage, ImageUnref>;

// libvips' message for the last failure of this thread's operation, cleared.
std::string vips_message() {
  std::string message = vips_error_buffer();
  vips_error_clear();
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  const auto nl = message.find('\n');
  return message.substr(0, nl);  // the first line says what went wrong
}

std::optional<ImageFormat> format_of(std::string_view b) {
  if (b.starts_with("\x89PNG\r\n\x1a\n")) return ImageFormat::png;
  if (b.starts_with("\xFF\xD8\xFF")) return ImageFormat::jpeg;
  if (b.starts_with("GIF87a") || b.starts_with("GIF89a")) return ImageFormat::gif;
  if (b.size() >= 12 && b.starts_with("RIFF") && b.substr(8, 4) == "WEBP") return ImageFormat::webp;
  // An SVG is XML whose root is <svg>: its prolog (a byte order mark, the
  // XML declaration, comments such as a licence, a doctype) comes first.
  const std::string_view head = b.substr(0, 64 * 1024);
  const auto first = head.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos &&
      (head.compare(first, 1, "<") == 0 || head.starts_with("\xEF\xBB\xBF")) &&
      head.find("<svg") != std::string_view::npos)
    return ImageFormat::svg;
  return std::nullopt;
}

// The image's header, through the one loader of its format; nullptr when it
// cannot be read. `bytes` must outlive the image.
ImagePtr load(std::string_view bytes, ImageFormat format, double svg_scale = 1.0) {
  start_vips();
  void* data = const_cast<char*>(bytes.data());  // libvips reads it, never writes
  const std::size_t size = bytes.size();
  VipsImage* out = nullptr;
  int failed = -1;
  switch (format) {
    case ImageFormat::png:
      failed = vips_pngload_buffer(data, size, &out, nullptr);
      break;
    case ImageFormat::jpeg:
      failed = vips_jpegload_buffer(data, size, &out, nullptr);
      break;
    case ImageFormat::gif:
      failed = vips_gifload_buffer(data, size, &out, nullptr);
      break;
    case ImageFormat::webp:
      failed = vips_webpload_buffer(data, size, &out, nullptr);
      break;
    case ImageFormat::svg:
      // px as written; inches and the like at librsvg's 72 dpi.
      failed = vips_svgload_buffer(data, size, &out, "scale", svg_scale, nullptr);
      break;
  }
  if (failed != 0) {
    if (out) g_object_unref(out);
    return nullptr;
  }
  return ImagePtr(out);
}

}  // namespace

std::optional<ImageInfo> read_image_info(std::string_view bytes) {
  const auto format = format_of(bytes);
  if (!format) return std::nullopt;
  // An SVG that declares entities is not handed to librsvg: expanding them
  // is how an XML bomb works, and librsvg 2.54 leaks each one it parses. A
  // chart has no need of them.
  if (*format == ImageFormat::svg && bytes.find("<!ENTITY") != std::string_view::npos)
    return std::nullopt;
  const ImagePtr image = load(bytes, *format);
  if (!image) {
    vips_error_clear();
    return std::nullopt;
  }
  ImageInfo info;
  info.format = *format;
  info.width = vips_image_get_width(image.get());
  info.height = vips_image_get_height(image.get());
  // A photo turned by its EXIF orientation (5 to 8: a quarter turn) shows
  // with its sides swapped.
  int orientation = 1;
  if (vips_image_get_typeof(image.get(), VIPS_META_ORIENTATION) &&
      vips_image_get_int(image.get(), VIPS_META_ORIENTATION, &orientation) == 0 &&
      orientation >= 5 && orientation <= 8)
    std::swap(info.width, info.height);
  if (info.width <= 0 || info.height <= 0) return std::nullopt;
  if (info.format == ImageFormat::svg && (info.width > kMaxSvgSide || info.height > kMaxSvgSide))
    return std::nullopt;
  return info;
}

std::optional<std::string> svg_as_png(std::string_view svg, int width, std::string& error) {
  const auto info = read_image_info(svg);
  if (!info || info->format != ImageFormat::svg) {
    error = "not an SVG librsvg reads";
    return std::nullopt;
  }
  double scale = static_cast<double>(width) / info->width;
  scale = std::min(scale, kMaxDrawnHeight / info->height);
  const ImagePtr image = load(svg, ImageFormat::svg, scale);
  void* buffer = nullptr;
  std::size_t size = 0;
  if (!image || vips_pngsave_buffer(image.get(), &buffer, &size, "strip", TRUE, nullptr) != 0) {
    error = vips_message();
    if (error.empty()) error = "no reason given";
    return std::nullopt;
  }
  std::string png(static_cast<const char*>(buffer), size);
  g_free(buffer);
  return png;
}

std::string blank_png(int width, int height) {
  start_vips();
  VipsImage* black = nullptr;
  if (vips_black(&black, std::clamp(width, 1, 2 * kMaxSvgSide),
                 std::clamp(height, 1, static_cast<int>(kMaxDrawnHeight)), "bands", 4,
                 nullptr) != 0)
    return "";
  const ImagePtr image(black);  // four bands of zero: transparent
  void* buffer = nullptr;
  std::size_t size = 0;
  if (vips_pngsave_buffer(image.get(), &buffer, &size, "strip", TRUE, nullptr) != 0) {
    vips_error_clear();
    return "";
  }
  std::string png(static_cast<const char*>(buffer), size);
  g_free(buffer);
  return png;
}

std::optional<ImageInfo> ImageInfoCache::get(const std::filesystem::path& path) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = known_.find(path.string()); it != known_.end()) return it->second;
  }
  // Read outside the lock: two threads may both read a file, never wait on one.
  const ReadResult r = read_file(path, kMaxImageBytes);
  std::optional<ImageInfo> info = r.ok ? read_image_info(r.bytes) : std::nullopt;
  std::lock_guard<std::mutex> lock(mutex_);
  known_.emplace(path.string(), info);
  return info;
}

}  // namespace pp
