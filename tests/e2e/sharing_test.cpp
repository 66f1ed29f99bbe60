// What a page gives those who share it: Open Graph and Twitter card tags,
// and schema.org JSON-LD with Google's required and recommended fields
// (docs/spec.md, site.image and site.logo).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <tuple>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

// The JSON-LD of a built page.
nlohmann::json json_ld_of(const std::string& page) {
  const std::string open = "<script type=\"application/ld+json\">";
  const auto at = page.find(open);
  EXPECT_NE(at, std::string::npos);
  const auto from = at + open.size();
  return nlohmann::json::parse(page.substr(from, page.find("</script>", from) - from));
}

}  // namespace

// Without an image of its own, a page shares the site's (og:image, a large
// Twitter card, JSON-LD's image); the publisher has its logo; a review's
// price is an Offer of what it reviews. Without site.image: a small card.
TEST(Sharing, PagesShareTheSiteImageAndGoogleSeesOffersAndTheLogo) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Without site.image: the theme's neutral card, published with the site.
  std::string page = test::read_text(dir.path() / "public/en/reviews/tool/index.html");
  EXPECT_NE(
      page.find("<meta property=\"og:image\" content=\"https://test.example/assets/card.png\">\n"
                "<meta property=\"og:image:alt\" content=\"TestSite\">\n"
                "<meta name=\"twitter:card\" content=\"summary_large_image\">\n"),
      std::string::npos)
      << page;
  const std::string card = test::read_text(dir.path() / "public/assets/card.png");
  EXPECT_EQ(card.substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_EQ(card, test::read_text(test::source_dir() / "theme/static/card.png"));

  std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
  yaml.insert(yaml.find("  default_language:"),
              "  logo: https://test.example/logo.png\n  image: https://test.example/card.png\n");
  test::write_text(dir.path(), "pipeline/site.yaml", yaml);
  r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  page = test::read_text(dir.path() / "public/en/reviews/tool/index.html");
  EXPECT_NE(page.find("<meta property=\"og:image\" content=\"https://test.example/card.png\">\n"
                      "<meta property=\"og:image:alt\" content=\"TestSite\">\n"
                      "<meta name=\"twitter:card\" content=\"summary_large_image\">\n"),
            std::string::npos)
      << page;
  const auto j = json_ld_of(page);
  // Google's review snippet: required author, itemReviewed.name,
  // reviewRating.ratingValue; recommended datePublished, best and worst
  // rating; its software application: offers.price with priceCurrency.
  EXPECT_EQ(j["@type"], "Review");
  EXPECT_EQ(j["image"], "https://test.example/card.png");
  EXPECT_EQ(j["publisher"]["logo"],
            (nlohmann::json{{"@type", "ImageObject"}, {"url", "https://test.example/logo.png"}}));
  EXPECT_TRUE(j.contains("datePublished"));
  EXPECT_TRUE(j["reviewRating"].contains("ratingValue"));
  EXPECT_TRUE(j["reviewRating"].contains("bestRating"));
  EXPECT_TRUE(j["itemReviewed"].contains("name"));
  const auto offer = j["itemReviewed"]["offers"];
  EXPECT_EQ(offer["@type"], "Offer");
  EXPECT_EQ(offer["price"], 12);
  EXPECT_EQ(offer["priceCurrency"], "EUR");
  EXPECT_EQ(offer["priceSpecification"]["referenceQuantity"]["unitCode"], "MON");
  // The offer's price is the one the page shows: rounded to the currency's
  // minor unit (JPY has none), and a price of -0 is 0, free.
  const fs::path review = dir.path() / "content/reviews/tool/index.en.md";
  std::string md = test::read_text(review);
  const std::string priced = "price: {amount: 12, currency: EUR, period: month}";
  for (const auto& [amount, currency, shown] :
       {std::tuple{"1999.5", "JPY", 2000.0}, std::tuple{"9.999", "USD", 10.0},
        std::tuple{"-0.0", "USD", 0.0}}) {
    std::string edited = md;
    edited.replace(
        edited.find(priced), priced.size(),
        std::string("price: {amount: ") + amount + ", currency: " + currency + ", period: once}");
    test::write_text(dir.path(), "content/reviews/tool/index.en.md", edited);
    r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    page = test::read_text(dir.path() / "public/en/reviews/tool/index.html");
    const auto price = json_ld_of(page)["itemReviewed"]["offers"]["price"];
    EXPECT_EQ(price, shown) << amount;
    EXPECT_FALSE(std::signbit(price.get<double>())) << amount;
  }
  test::write_text(dir.path(), "content/reviews/tool/index.en.md", md);
  // An article's page and the home page share the site's image too.
  for (const char* p : {"public/en/news/chip-launch/index.html", "public/en/index.html"})
    EXPECT_NE(test::read_text(dir.path() / p)
                  .find("<meta property=\"og:image\" content=\"https://test.example/card.png\">"),
              std::string::npos)
        << p;
  // The emails show the logo in place of the site's name.
  EXPECT_NE(test::read_text(dir.path() / "mail/en/reviews--tool.eml").find("logo.png"),
            std::string::npos);
}

}  // namespace pp
