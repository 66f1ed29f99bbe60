#pragma once
// Fuzz targets: the site every target checks its input against (two
// languages, one right-to-left; two sections; a source bundle to link to).

#include "config/config.h"
#include "content/content.h"
#include "l10n/l10n.h"

namespace pp::fuzz {

/// A valid site configuration, built once.
inline const SiteConfig& site() {
  static const SiteConfig config = [] {
    SiteConfig c;
    c.name = "Fuzz";
    c.base_url = "https://fuzz.example/";
    c.base_path = "/";
    c.default_language = "en";
    c.time_zone = "Asia/Seoul";
    c.languages = {{"en", "English", ""}, {"ar", "العربية", ""}, {"ko", "한국어", ""}};
    c.sections = {{"news", "News"}, {"reviews", "Reviews"}};
    c.newsletter.from = "Fuzz <brief@fuzz.example>";
    c.newsletter.list_id = "brief.fuzz.example";
    c.newsletter.subscribe_url = "https://fuzz.example/subscribe";
    c.newsletter.unsubscribe_url = "https://fuzz.example/{lang}/unsubscribe";
    return c;
  }();
  return config;
}

/// The locale of `code` with no catalog (msgids shown as they are).
inline const Locale& locale(const std::string& code) {
  static const Locale en(site(), *site().language("en"), "");
  static const Locale ar(site(), *site().language("ar"), "");
  static const Locale ko(site(), *site().language("ko"), "");
  return code == "ar" ? ar : code == "ko" ? ko : en;
}

}  // namespace pp::fuzz
