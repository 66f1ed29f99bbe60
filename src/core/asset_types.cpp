// Which files of a bundle are published beside its pages: assets by type,
// never notes, drafts or an editor's temporary files (docs/spec.md §4).
#include <algorithm>
#include <cctype>

#include "core/file_names.h"

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
  const auto dot = name.rfind('.');
  std::string ext =
      dot == std::string_view::npos || dot == 0 ? "" : std::string(name.substr(dot + 1));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
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
