// A translation that leaves `authors` out inherits them from its source: the
// page's byline, its JSON-LD `author` and the feed's <author> (the sample site).
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

TEST(TranslatedAuthors, ATranslationWithoutAuthorsShowsTheSourcesAuthors) {
  test::TempDir dir;
  const fs::path src = test::source_dir();
  // The Korean file of this bundle gives no authors; the English source does.
  const std::string translation =
      test::read_text(src / "content/news/gpu-spot-prices-fall/index.ko.md");
  ASSERT_EQ(translation.find("\nauthors:"), std::string::npos);
  ASSERT_NE(test::read_text(src / "content/news/gpu-spot-prices-fall/index.en.md")
                .find("\nauthors: [Lena Vogel]\n"),
            std::string::npos);
  const auto r =
      test::run_polypress({"-C", src.string(), "build", "--quiet", "--out",
                           (dir.path() / "p").string(), "--mail-out", (dir.path() / "m").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page =
      test::read_text(dir.path() / "p/ko/news/gpu-spot-prices-fall/index.html");
  ASSERT_FALSE(page.empty());
  EXPECT_NE(page.find("<p class=\"byline\">글 <bdi>Lena Vogel</bdi></p>"), std::string::npos);
  EXPECT_NE(page.find("\"author\":[{\"@type\":\"Person\",\"name\":\"Lena Vogel\"}]"),
            std::string::npos);
  const std::string feed = test::read_text(dir.path() / "p/ko/feed.xml");
  // Its entry (other entries' content may link to it).
  const auto entry = feed.find("/ko/news/gpu-spot-prices-fall/</id>");
  ASSERT_NE(entry, std::string::npos) << feed;
  const auto next = feed.find("</entry>", entry);
  EXPECT_NE(feed.substr(entry, next - entry).find("<author><name>Lena Vogel</name></author>"),
            std::string::npos)
      << feed.substr(entry, next - entry);
}

}  // namespace pp
