// Which files of a bundle are published beside its pages: assets by type,
// never notes, drafts or an editor's temporary files (docs/spec.md §4).
#include <algorithm>

#include "core/file_names.h"
#include "core/text.h"

namespace pp {

const std::vector<std::string>& default_asset_extensions() {
  static const std::vector<std::string> extensions = {
      // images
      "avif", "bmp", "gif", "ico", "jpeg", "jpg", "png", "svg", "tif", "tiff", "webp",
      // audio
      "aac", "flac", "m4a", "mp3", "oga", "ogg", "opus", "wav", "weba",
      // video
      "m4v", "mov", "mp4", "ogv", "webm",
      // documents, fonts, subtitles
      "pdf", "otf", "ttf", "woff", "woff2", "srt", "vtt",
      // data (not XML itself: an xml-stylesheet instruction can make script)
      "csv", "geojson", "gpx", "json", "kml", "parquet", "tsv"};
  return extensions;
}

std::string unpublished_asset_reason(std::string_view name, const std::vector<std::string>& extra) {
  // A dot-file (".png") has no extension: it is a name.
  const std::string ext =
      name.starts_with('.') && name.rfind('.') == 0 ? "" : lower_extension(name);
  if (ext == "md" || ext == "markdown" || ext == "mdx" || ext == "mkd" || ext == "mdown")
    return "a Markdown file other than index.<lang>.md (notes, a draft, a README): only "
           "articles are published";
  const auto& known = default_asset_extensions();
  if (!ext.empty() && (std::find(known.begin(), known.end(), ext) != known.end() ||
                       std::find(extra.begin(), extra.end(), ext) != extra.end()))
    return "";
  return std::string(ext.empty() ? "a file without an extension"
                                 : "'." + ext + "' is not a type bundles publish") +
         " (images, audio, video, PDF, fonts, subtitles, data); list its extension under "
         "assets.publish in site.yaml to publish it";
}

}  // namespace pp
