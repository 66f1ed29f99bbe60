// docs/spec.md shows tables generated from the code's own declarations; these
// tests keep the page and the code the same. UPDATE_GOLDEN=1 writes the blocks
// from the code (review the diff before committing).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string_view>

#include "config/config.h"
#include "config/config_keys.h"
#include "core/file_io.h"
#include "support/temp_site.h"

namespace pp {

namespace {

// Checks (or, with UPDATE_GOLDEN, writes) the lines between
// `<!-- NAME:begin -->` and `<!-- NAME:end -->` of docs/spec.md.
void expect_spec_block(const std::string& name, const std::string& generated) {
  const auto spec = test::source_dir() / "docs/spec.md";
  std::string text = test::read_text(spec);
  const std::string begin = "<!-- " + name + ":begin -->\n", end = "<!-- " + name + ":end -->";
  const auto from = text.find(begin);
  const auto to = text.find(end);
  ASSERT_NE(from, std::string::npos) << "docs/spec.md has no " << begin;
  ASSERT_NE(to, std::string::npos) << "docs/spec.md has no " << end;
  ASSERT_LT(from, to);
  const std::size_t start = from + begin.size();
  if (std::getenv("UPDATE_GOLDEN")) {
    text.replace(start, to - start, generated);
    std::string error;
    ASSERT_NE(write_file_atomic(spec, text, error), WriteOutcome::failed) << error;
    return;
  }
  EXPECT_EQ(text.substr(start, to - start), generated)
      << "docs/spec.md's " << name << " block differs from the code; run the test with "
      << "UPDATE_GOLDEN=1 and review the diff";
}

}  // namespace

TEST(SpecTables, ConfigKeysAreTheSpecsTable) {
  expect_spec_block("config-keys", config_keys_markdown());
}

namespace {

// A site.yaml that gives every key, one a line ("block.key" where it is).
const char* kEveryKey = R"(site:
  name: S
  base_url: https://s.example/
  default_language: en
  time_zone: UTC
  description: A site
  logo: https://s.example/logo.png
  image: https://s.example/card.png
languages:
  - code: en
    name: English
    locale: en-GB
sections:
  - id: news
    title: News
translations:
  fallback: source
  min_complete: 80
rules: {link/untranslated: ignore}
paginate: 10
newsletter:
  from: S <s@s.example>
  list_id: brief.s.example
  subscribe_url: https://s.example/subscribe
  unsubscribe_url: https://s.example/{lang}/unsubscribe
  unsubscribe_mailto: unsubscribe@s.example
  address: "S, 1 Example Street, Springfield"
links:
  timeout_s: 5
  concurrency: 4
  per_host: 1
  retries: 1
  cache_ttl_h: 1
  allow_private: false
  exclude: []
  proxy: http://127.0.0.1:3128
  schemes: [https, tel]
markdown:
  raw_html: drop
  svg: refuse
assets:
  publish: [gpx]
email:
  max_bytes: 50000
feeds:
  content: summary
  entries: 0
)";

std::string load_errors(const std::string& yaml) {
  test::TempDir dir;
  test::write_text(dir.path(), "pipeline/site.yaml", yaml);
  DiagnosticSink sink;
  load_site_config(dir.path(), sink);
  return format_diagnostics(sink.sorted(), OutputFormat::text);
}

// The key of a line of kEveryKey with its block ("links.proxy"), or "".
std::string key_of_line(const std::string& line, std::string& block) {
  const auto colon = line.find(':');
  if (colon == std::string::npos) return "";
  std::string name = line.substr(0, colon);
  const bool nested = name.starts_with("  ");
  name.erase(0, name.find_first_not_of(" -"));
  if (!nested) block = name;
  return nested ? block + "." + name : name;
}

}  // namespace

// The reader knows exactly the table's keys: a site.yaml giving each key of
// the table once is accepted, gives no key the table lacks, and losing any
// required key of the table is a missing-key error for that key.
TEST(SpecTables, ConfigReaderKnowsExactlyTheTablesKeys) {
  ASSERT_EQ(load_errors(kEveryKey), "");
  std::vector<std::string> lines, given, in_table;
  std::string block;
  for (std::size_t at = 0, nl;
       (nl = std::string_view(kEveryKey).find('\n', at)) != std::string_view::npos; at = nl + 1) {
    lines.emplace_back(kEveryKey + at, nl - at);
    given.push_back(key_of_line(lines.back(), block));
  }
  for (const auto& k : config_keys())
    in_table.push_back(*k.block ? std::string(k.block) + "." + k.name : k.name);
  EXPECT_EQ(std::set<std::string>(given.begin(), given.end()),
            std::set<std::string>(in_table.begin(), in_table.end()));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto dot = given[i].find('.');
    if (dot == std::string::npos || given[i].starts_with("languages.") ||
        given[i].starts_with("sections."))
      continue;  // a block's own line, or an item key written after "- "
    const std::string b = given[i].substr(0, dot), name = given[i].substr(dot + 1);
    // Without the key's line (and its block's, when it is the block's only key).
    const bool only = std::count_if(given.begin(), given.end(), [&](const std::string& g) {
                        return g.starts_with(b + ".");
                      }) == 1;
    std::string without;
    for (std::size_t j = 0; j < lines.size(); ++j)
      if (j != i && !(only && given[j] == b)) without += lines[j] + "\n";
    const std::string errors = load_errors(without);
    if (config_key_required(b, name))
      EXPECT_NE(errors.find("missing required key '" + name + "'"), std::string::npos)
          << given[i] << ": " << errors;
    else
      EXPECT_EQ(errors, "") << given[i];
  }
  EXPECT_NE(load_errors(std::string(kEveryKey) + "  nmae: x\n").find("unknown key 'nmae'"),
            std::string::npos);
}

}  // namespace pp
