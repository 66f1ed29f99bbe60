// The `newsletter` block of site.yaml.
#include <algorithm>
#include <iterator>

#include "config/config_keys.h"
#include "config/config_reader.h"
#include "config/mail_values.h"
#include "core/text.h"

namespace pp {

namespace {

// Line breaks (CR, LF, NEL, U+2028, U+2029), other controls, and the bidi
// controls U+202A–U+202E and U+2066–U+2069, as UTF-8.
constexpr const char* kNotOneLine[] = {
    "\r",           "\n",           "\t",           "\xC2\x85",     "\xE2\x80\xA8",
    "\xE2\x80\xA9", "\xE2\x80\xAA", "\xE2\x80\xAB", "\xE2\x80\xAC", "\xE2\x80\xAD",
    "\xE2\x80\xAE", "\xE2\x81\xA6", "\xE2\x81\xA7", "\xE2\x81\xA8", "\xE2\x81\xA9"};

}  // namespace

// newsletter: required, as every article's email writes it into its headers
// and every page's subscribe form posts to it. A value an email header cannot
// carry is refused here, once, where it is written (config/newsletter).
void read_newsletter(const YAML::Node& root, SiteConfig& c, Reader& r) {
  const YAML::Node n = root["newsletter"];
  if (!n) {
    r.sink().error(location_of(root, r.origin()), "config/missing-key",
                   "missing required key 'newsletter' (the emails' sender and list headers, "
                   "the pages' subscribe form)");
    return;
  }
  if (!expect_map(n, "newsletter", r)) return;
  check_unknown_keys(n, config_key_names("newsletter"), r.origin(), "config/unknown-key",
                     "'newsletter'", r.sink());
  auto& nl = c.newsletter;
  const auto read = [&](const char* key, std::string& value,
                        std::string (*problem)(std::string_view)) {
    value = r.str(n, "newsletter", key, "'newsletter'").value_or("");
    const std::string why = value.empty() ? "" : problem(value);
    if (!why.empty())
      r.sink().error(location_of(n[key], r.origin()), "config/newsletter",
                     "'" + std::string(key) + "' cannot go into an email header: " + why + ": \"" +
                         quote_for_message(value, 100) + "\"");
    return !value.empty() && why.empty();
  };
  read("from", nl.from, mailbox_problem);
  // Encoded in every email's From line (see mail/assemble.cpp).
  if (count_code_points(nl.from) > 100)
    r.sink().error(location_of(n["from"], r.origin()), "config/range",
                   "'from' must be at most 100 characters");
  read("list_id", nl.list_id, list_id_problem);
  nl.subscribe_url = r.str(n, "newsletter", "subscribe_url", "'newsletter'").value_or("");
  if (!nl.subscribe_url.empty()) r.url(n, "subscribe_url", nl.subscribe_url);
  if (read("unsubscribe_url", nl.unsubscribe_url, unsubscribe_url_problem))
    r.url(n, "unsubscribe_url", nl.unsubscribe_url);
  read("unsubscribe_mailto", nl.unsubscribe_mailto, address_problem);
  nl.where = location_of(root["newsletter"], r.origin());
  // The postal address: one line of the footer, in HTML and text alike.
  nl.address = r.str(n, "newsletter", "address", "'newsletter'").value_or("");
  // Blank is no address (the warning stays); a line break of any kind, or a
  // control that turns the text's direction, is refused.
  if (nl.address.find_first_not_of(" \t") == std::string::npos) nl.address.clear();
  const bool breaks_or_turns =
      std::any_of(std::begin(kNotOneLine), std::end(kNotOneLine),
                  [&](const char* s) { return nl.address.find(s) != std::string::npos; });
  if (breaks_or_turns || count_code_points(nl.address) > 300)
    r.sink().error(location_of(n["address"], r.origin()), "config/range",
                   "'address' must be one line of at most 300 characters, without "
                   "direction controls");
}

}  // namespace pp
