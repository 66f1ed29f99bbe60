// Every value polypress formats, checked against ICU 72.1 / CLDR 42's own output
// in shared/data/icu72-truth.tsv (15 locales), byte for byte; a copy is kept
// in tests/data/ so that the test runs on every clone.
#include <gtest/gtest.h>

#include <unicode/unistr.h>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "core/process.h"
#include "core/text.h"
#include "l10n/l10n.h"
#include "support/temp_site.h"

namespace pp {

namespace {

struct Row {
  std::string locale, key, value;
};

// The table writes invisible characters as \u{XXXX}.
std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 3, "\\u{") == 0) {
      const auto close = s.find('}', i);
      const unsigned long cp = std::stoul(s.substr(i + 3, close - i - 3), nullptr, 16);
      icu::UnicodeString u(static_cast<UChar32>(cp));
      u.toUTF8String(out);
      i = close;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<Row> truth() {
  std::vector<Row> rows;
  const auto path = test::source_dir() / "tests/data/icu72-truth.tsv";
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    Row r;
    std::getline(fields, r.locale, '\t');
    std::getline(fields, r.key, '\t');
    std::getline(fields, r.value);
    if (r.locale != "*") rows.push_back({r.locale, r.key, unescape(r.value)});
  }
  return rows;
}

}  // namespace

// An interface string with a count, as a site has it: a catalog for the locale
// whose plural forms come from an ICU MessageFormat pattern ("one{# source}
// other{# sources}"), with the generated CLDR Plural-Forms, compiled by msgfmt,
// looked up through Boost.Locale and filled with ICU's number.
std::string counted(const SiteConfig& config, const std::string& code, const std::string& pattern,
                    long n) {
  std::map<std::string, std::string> by_category;
  static const std::regex form(R"((zero|one|two|few|many|other)\s*\{([^}]*)\})");
  for (auto it = std::sregex_iterator(pattern.begin(), pattern.end(), form);
       it != std::sregex_iterator(); ++it) {
    std::string text = (*it)[2];
    for (auto at = text.find('#'); at != std::string::npos; at = text.find('#'))
      text.replace(at, 1, "{n}");
    by_category[(*it)[1]] = text;
  }
  std::string po =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: " +
      gettext_plural_forms(code) + "\\n\"\n\nmsgid \"{n} item\"\nmsgid_plural \"{n} items\"\n";
  const auto categories = integer_plural_categories(code);
  for (std::size_t i = 0; i < categories.size(); ++i) {
    const auto f = by_category.find(categories[i]);
    po += "msgstr[" + std::to_string(i) + "] \"" +
          (f != by_category.end() ? f->second : by_category.at("other")) + "\"\n";
  }
  const ProcessResult mo = run_process_with_input({"msgfmt", "-o", "-", "-"}, &po);
  EXPECT_EQ(mo.exit_code, 0) << mo.err;
  const Locale loc(config, LanguageConfig{code, code, code}, mo.out);
  const std::string singular = "{n} item", plural = "{n} items";
  return fill_placeholders(loc.tr_n(singular, plural, n), {{"n", loc.format_count(n)}});
}

TEST(IcuTruth, EveryFormattedValueMatchesIcu72) {
  const auto rows = truth();
  ASSERT_GT(rows.size(), 100u) << "tests/data/icu72-truth.tsv is missing or empty";
  SiteConfig config;
  config.time_zone = "Asia/Seoul";  // the table's instant, 09:30Z, is 18:30 in Seoul
  std::map<std::string, std::unique_ptr<Locale>> locales;
  const std::regex num(R"(^num\.([0-9.]+)\[(.*)\]$)"), pct(R"(^pct\.([0-9.]+)\[(.*)\]$)"),
      cur(R"(^cur\.([0-9.]+) ([A-Z]{3})\[.*\]$)"), list(R"(^list\.and\.wide\[(.*)\]$)"),
      plural(R"(^plural\.([0-9.]+)$)"), en_pattern(R"(^msg\.en_pattern\.n=(\d+)$)"),
      counter(R"(^msg\.\w+_counter '(.*)' n=(\d+)$)"),
      number_in_text(R"(^msg\.ko_(?:pct|times) '\{n, number(?:, ::([^}]*))?\}(.*)' n=([0-9.]+)$)");
  int compared = 0;
  std::set<std::string> tested;
  for (const auto& r : rows) {
    auto& loc = locales[r.locale];
    if (!loc)
      loc = std::make_unique<Locale>(config, LanguageConfig{r.locale, r.locale, r.locale}, "");
    std::smatch m;
    std::optional<std::string> ours;
    if (r.key == "date.long") {
      ours = loc->format_date(*parse_date("2026-11-29T09:30:00Z"));
    } else if (std::regex_match(r.key, m, num)) {
      const double v = std::stod(m[1]);
      const std::string how = m[2];
      if (how == "default,int")
        ours = loc->format_integer(static_cast<long long>(v));
      else
        ours = loc->format_skeleton(v, how == "default" ? "" : how);
    } else if (std::regex_match(r.key, m, pct)) {
      std::string skeleton = m[2];
      const auto no_scale = skeleton.find(" NO scale");
      if (no_scale != std::string::npos) skeleton.erase(no_scale);
      ours = loc->format_skeleton(std::stod(m[1]), skeleton);
    } else if (std::regex_match(r.key, m, cur)) {
      ours = loc->format_currency(std::stod(m[1]), m[2]);
    } else if (std::regex_match(r.key, m, list)) {
      std::vector<std::string> items;
      std::stringstream ss(m[1].str());
      for (std::string item; std::getline(ss, item, ',');) items.push_back(item);
      ours = loc->format_list(items);
    } else if (std::regex_match(r.key, m, plural)) {
      ours = loc->plural_category(std::stod(m[1]));
    } else if (r.key == "plural.categories") {
      std::string joined;
      for (const auto& c : loc->plural_categories()) joined += (joined.empty() ? "" : ",") + c;
      ours = joined;
    } else if (std::regex_match(r.key, m, en_pattern)) {
      ours = counted(config, r.locale, "one{# source} other{# sources}", std::stol(m[1]));
    } else if (std::regex_match(r.key, m, counter)) {
      ours = counted(config, r.locale, m[1], std::stol(m[2]));
    } else if (std::regex_match(r.key, m, number_in_text)) {
      ours = fill_placeholders("{n}" + m[2].str(),
                               {{"n", *loc->format_skeleton(std::stod(m[3]), m[1])}});
    }
    if (!ours) continue;  // relative dates and times are not formatted by polypress
    EXPECT_EQ(*ours, r.value) << r.locale << " " << r.key;
    ++compared;
    tested.insert(r.locale);
  }
  EXPECT_GE(tested.size(), 10u);
  for (const char* must : {"ar", "ru", "pl", "ja", "ko", "hi"})
    EXPECT_TRUE(tested.count(must)) << must;
  EXPECT_GT(compared, 300);
}

}  // namespace pp
