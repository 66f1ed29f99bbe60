// Pictures in emails (docs/email.md, "Pictures"): each picture of the
// article's bundle has its width for Outlook, and an SVG, which Gmail and
// Outlook do not show, is sent as the PNG the build draws of it.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

const std::string kChart =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"300\">"
    "<rect width=\"1200\" height=\"300\" fill=\"#c00\"/></svg>\n";

// The <img> tags of an email's HTML part, in order.
std::vector<std::string> img_tags(const fs::path& eml) {
  const std::string html = test::email_parts(eml).second;
  std::vector<std::string> out;
  const std::regex img("<img [^>]*>");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), img); it != std::sregex_iterator();
       ++it)
    out.push_back(it->str());
  return out;
}

// A PNG's width and height, from its IHDR chunk.
std::string png_size(const std::string& png) {
  if (png.size() < 24 || png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return "not a PNG";
  auto be32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(png[at + i]);
    return std::to_string(v);
  };
  return be32(16) + "x" + be32(20);
}

// The minimal site with pictures beside its news article (both languages)
// and an SVG cover on its review.
void add_pictures(const fs::path& site) {
  const fs::path news = site / "content/news/chip-launch";
  test::write_text(news, "chart.svg", kChart);
  test::write_text(news, "small.gif",
                   test::read_text(test::source_dir() / "tests/data/images/three-by-two.gif"));
  test::write_text(news, "wide photo.png",
                   test::read_text(test::source_dir() / "theme/static/card.png"));
  for (const char* lang : {"en", "ar"}) {
    const fs::path md = news / (std::string("index.") + lang + ".md");
    test::write_text(news, md.filename().string(),
                     test::read_text(md) +
                         "\n![Chart](chart.svg)\n\n![Small](./small.gif)\n\n"
                         "![Wide](wide%20photo.png \"A title\")\n\n"
                         "![Elsewhere](https://images.example/x.png)\n");
  }
  const fs::path review = site / "content/reviews/tool";
  test::write_text(review, "cover.svg",
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 300 100\"/>\n");
  std::string md = test::read_text(review / "index.en.md");
  md.insert(md.find("checked:"), "cover: {src: cover.svg, alt: \"The tool\"}\n");
  test::write_text(review, "index.en.md", md);
}

}  // namespace

// Body pictures show at their own width, at most the column's (552 px), with
// max-width for phones; SVGs, in the body and as the cover, are their PNGs,
// drawn at twice the width they show at and published in every language's
// folder; a picture from elsewhere is left as it is.
TEST(EmailPictures, HaveTheirWidthAndAnSvgIsItsPng) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  add_pictures(dir.path());
  const auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string style = "style=\"max-width:100%;border:0;\"";
  for (const char* lang : {"en", "ar"}) {
    const std::string page = std::string("https://test.example/") + lang + "/news/chip-launch/";
    EXPECT_EQ(
        img_tags(dir.path() / "mail" / lang / "news--chip-launch.eml"),
        (std::vector<std::string>{
            "<img " + style + " width=\"552\" src=\"" + page + "chart.svg.png\" alt=\"Chart\" />",
            "<img " + style + " width=\"3\" src=\"" + page + "small.gif\" alt=\"Small\" />",
            "<img " + style + " width=\"552\" src=\"" + page +
                "wide%20photo.png\" alt=\"Wide\" title=\"A title\" />",
            "<img " + style + " src=\"https://images.example/x.png\" alt=\"Elsewhere\" />"}))
        << lang;
    const fs::path png = dir.path() / "public" / lang / "news/chip-launch/chart.svg.png";
    EXPECT_EQ(png_size(test::read_text(png)), "1104x276") << lang;
    // The page keeps the SVG.
    EXPECT_NE(test::read_text(dir.path() / "public" / lang / "news/chip-launch/index.html")
                  .find("src=\"chart.svg\""),
              std::string::npos);
  }
  const auto cover = img_tags(dir.path() / "mail/en/reviews--tool.eml");
  ASSERT_FALSE(cover.empty());
  EXPECT_EQ(cover[0],
            "<img src=\"https://test.example/en/reviews/tool/cover.svg.png\" alt=\"The tool\" "
            "width=\"300\" style=\"display:block;width:100%;max-width:300px;border:0;\">");
  EXPECT_EQ(png_size(test::read_text(dir.path() / "public/en/reviews/tool/cover.svg.png")),
            "600x200");
}

// The next build follows the files: a picture replaced by a smaller one
// gives the email its new width, an SVG edited is drawn again, and a PNG the
// author puts beside the SVG under that name is published in its place.
TEST(EmailPictures, FollowEditsAndTheAuthorsOwnPng) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  add_pictures(dir.path());
  ASSERT_EQ(run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  const fs::path news = dir.path() / "content/news/chip-launch";
  test::write_text(news, "wide photo.png",
                   test::read_text(test::source_dir() / "tests/data/images/three-by-two.gif"));
  test::write_text(news, "chart.svg",
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\"/>\n");
  auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto tags = img_tags(dir.path() / "mail/en/news--chip-launch.eml");
  ASSERT_EQ(tags.size(), 4u);
  EXPECT_NE(tags[0].find(" width=\"100\" src="), std::string::npos) << tags[0];
  EXPECT_NE(tags[2].find(" width=\"3\" src="), std::string::npos) << tags[2];
  const fs::path png = dir.path() / "public/en/news/chip-launch/chart.svg.png";
  EXPECT_EQ(png_size(test::read_text(png)), "200x100");

  const std::string own = test::read_text(test::source_dir() / "theme/static/card.png");
  test::write_text(news, "chart.svg.png", own);
  r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_text(png), own);
  EXPECT_NE(img_tags(dir.path() / "mail/en/news--chip-launch.eml")[0].find("chart.svg.png"),
            std::string::npos);
}

namespace {

// Every file of the site written an hour ago: the next build judges them by
// their contents' stamps, not as racy files written within its own second.
void age_site(const fs::path& site) {
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const auto& e : fs::recursive_directory_iterator(site / "content"))
    if (e.is_regular_file()) fs::last_write_time(e.path(), hour_ago);
}

// The news article's English email's <img> tags after adding `body` to it
// and `files` beside it, and the build's stderr.
std::pair<std::vector<std::string>, std::string> pictures_of(
    const fs::path& site, const std::string& body,
    const std::vector<std::pair<std::string, std::string>>& files) {
  const fs::path news = site / "content/news/chip-launch";
  for (const auto& [name, bytes] : files) test::write_text(news, name, bytes);
  test::write_text(news, "index.en.md", test::read_text(news / "index.en.md") + "\n" + body);
  const auto r = run_polypress({"-C", site.string(), "build", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return {img_tags(site / "mail/en/news--chip-launch.eml"), r.err};
}

}  // namespace

// An author's PNG put beside an SVG after a build is published in the next,
// in place of the drawn one, as a clean build would.
TEST(EmailPictures, AnAuthorsPngAddedLaterTakesTheDrawnOnesPlace) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  add_pictures(dir.path());
  age_site(dir.path());
  ASSERT_EQ(run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  const fs::path png = dir.path() / "public/en/news/chip-launch/chart.svg.png";
  EXPECT_EQ(png_size(test::read_text(png)), "1104x276");
  const std::string own = test::read_text(test::source_dir() / "theme/static/card.png");
  test::write_text(dir.path() / "content/news/chip-launch", "chart.svg.png", own);
  age_site(dir.path());
  ASSERT_EQ(run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_EQ(test::read_text(png), own);
}

// What the outside audit of the pictures found: an SVG too large to draw,
// one librsvg sizes but cannot draw, an author's width in raw HTML, an SVG
// saved under a .png name, an author's PNG of a broken SVG or named in
// another case.
TEST(EmailPictures, OddPicturesKeepTheEmailWhole) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  std::string bomb =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"200\" height=\"100\">"
      "<defs><rect id=\"a0\" width=\"1\" height=\"1\"/>";
  for (int i = 1; i < 7; ++i) {
    bomb += "<g id=\"a" + std::to_string(i) + "\">";
    for (int k = 0; k < 10; ++k) bomb += "<use xlink:href=\"#a" + std::to_string(i - 1) + "\"/>";
    bomb += "</g>";
  }
  bomb += "</defs><use xlink:href=\"#a6\"/></svg>";
  const auto [tags, err] = pictures_of(
      dir.path(),
      "![Huge](huge.svg)\n\n![Bomb](bomb.svg)\n\n<img src=\"p.gif\" width=\"100\" "
      "height=\"50\">\n\n![Own](chart.png)\n\n![Broken](broken.svg)\n\n![Case](case.svg)\n",
      {{"huge.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"3000000\" height=\"10\"/>"},
       {"bomb.svg", bomb},
       {"p.gif", test::read_text(test::source_dir() / "tests/data/images/three-by-two.gif")},
       {"chart.png", kChart},
       {"broken.svg", "<svg"},
       {"broken.svg.png",
        test::read_text(test::source_dir() / "tests/data/images/three-by-two.gif")},
       {"case.svg", kChart},
       {"case.svg.PNG", test::read_text(test::source_dir() / "theme/static/card.png")}});
  const std::string page = "https://test.example/en/news/chip-launch/";
  ASSERT_EQ(tags.size(), 6u);
  // Too large: not drawn, the SVG as it is, and said.
  EXPECT_NE(tags[0].find("src=\"" + page + "huge.svg\""), std::string::npos) << tags[0];
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/news/chip-launch/huge.svg.png"));
  EXPECT_NE(err.find("content/news/chip-launch/huge.svg: warning: librsvg cannot draw this SVG"),
            std::string::npos)
      << err;
  // Sized but not drawn: a blank picture of its size, and said.
  EXPECT_NE(tags[1].find("width=\"200\" src=\"" + page + "bomb.svg.png\""), std::string::npos);
  EXPECT_EQ(png_size(test::read_text(dir.path() / "public/en/news/chip-launch/bomb.svg.png")),
            "400x200");
  EXPECT_NE(err.find("content/news/chip-launch/bomb.svg: warning: librsvg cannot draw this SVG ("),
            std::string::npos)
      << err;
  // One width only: the author's.
  EXPECT_NE(tags[2].find(" width=\"100\""), std::string::npos) << tags[2];
  EXPECT_EQ(tags[2].find("width=\"3\""), std::string::npos) << tags[2];
  // An SVG under a .png name is shown under its own name.
  EXPECT_NE(tags[3].find("src=\"" + page + "chart.png\""), std::string::npos) << tags[3];
  // The author's PNG of a broken SVG, at its width, without a warning.
  EXPECT_NE(tags[4].find("width=\"3\" src=\"" + page + "broken.svg.png\""), std::string::npos)
      << tags[4];
  EXPECT_EQ(err.find("broken.svg: warning: librsvg"), std::string::npos) << err;
  // The author's PNG whatever the case of its name; none is drawn beside it.
  EXPECT_NE(tags[5].find("width=\"552\" src=\"" + page + "case.svg.PNG\""), std::string::npos)
      << tags[5];
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/news/chip-launch/case.svg.png"));
}

}  // namespace pp
