// What libvips reads of images beside articles, and SVGs drawn as PNGs for
// mail clients (render/images.h).
#include <gtest/gtest.h>

#include "render/images.h"
#include "support/temp_site.h"

namespace pp {

namespace {

std::string image_file(const std::string& name) {
  return test::read_text(test::source_dir() / "tests/data/images" / name);
}

std::string info_text(const std::optional<ImageInfo>& info) {
  if (!info) return "none";
  const char* formats[] = {"png", "jpeg", "gif", "webp", "svg"};
  return std::string(formats[static_cast<int>(info->format)]) + " " + std::to_string(info->width) +
         "x" + std::to_string(info->height);
}

const std::string kWideSvg =
    "<?xml version=\"1.0\"?>\n<!-- a chart -->\n"
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"300\">"
    "<rect width=\"1200\" height=\"300\" fill=\"#c00\"/></svg>\n";

}  // namespace

// Each format pages and emails show is read from its header, an SVG at the
// size a browser draws it (px as written, inches at librsvg's 72 dpi, else its viewBox).
TEST(Images, ReadsTheSizeOfEachFormatPagesShow) {
  EXPECT_EQ(
      info_text(read_image_info(test::read_text(test::source_dir() / "theme/static/card.png"))),
      "png 1200x630");
  EXPECT_EQ(info_text(read_image_info(image_file("three-by-two.jpg"))), "jpeg 3x2");
  EXPECT_EQ(info_text(read_image_info(image_file("three-by-two.gif"))), "gif 3x2");
  EXPECT_EQ(info_text(read_image_info(image_file("three-by-two.webp"))), "webp 3x2");
  EXPECT_EQ(info_text(read_image_info(kWideSvg)), "svg 1200x300");
  EXPECT_EQ(info_text(read_image_info("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"5in\" "
                                      "height=\"1in\"/>")),
            "svg 360x72");
  EXPECT_EQ(info_text(read_image_info("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                      "viewBox=\"0 0 400 100\"/>")),
            "svg 400x100");
}

// What is not one of those formats, or is cut short, has no size: it is never
// handed to another loader (a TIFF, a PDF, text); nor is an SVG that declares
// entities handed to librsvg.
TEST(Images, AnythingElseHasNoSize) {
  const std::string png = test::read_text(test::source_dir() / "theme/static/card.png");
  for (const std::string& bytes :
       {std::string("II*\0\x08\0\0\0", 8), std::string("%PDF-1.7\n"), std::string("hello"),
        std::string(), png.substr(0, 12), std::string("<svg unclosed"),
        // An entity declaration: how an XML bomb starts.
        std::string("<!DOCTYPE svg [<!ENTITY a \"aaaa\">]><svg xmlns=\"http://www.w3.org/2000/"
                    "svg\" width=\"10\" height=\"10\"><text>&a;</text></svg>"),
        std::string("<html><body>no svg</body></html>")})
    EXPECT_EQ(info_text(read_image_info(bytes)), "none") << bytes.substr(0, 12);
}

// An SVG is drawn at the width asked, its height to scale; a very tall one
// is capped; what librsvg cannot read is a message, not a crash.
TEST(Images, AnSvgIsDrawnAsAPngOfTheWidthAsked) {
  std::string error;
  const auto png = svg_as_png(kWideSvg, 1104, error);
  ASSERT_TRUE(png) << error;
  EXPECT_EQ(info_text(read_image_info(*png)), "png 1104x276");
  EXPECT_EQ(*png, *svg_as_png(kWideSvg, 1104, error)) << "the same bytes each time";
  const auto tall = svg_as_png(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"100000\"/>", 1104, error);
  ASSERT_TRUE(tall) << error;
  EXPECT_EQ(info_text(read_image_info(*tall)), "png 1x8192");
  EXPECT_FALSE(svg_as_png("<svg unclosed", 100, error));
  EXPECT_EQ(error, "not an SVG librsvg reads");
}

}  // namespace pp
