// docs/templates.md against the real view models: what the code hands each
// template while building the sample site and its brief is what the table
// documents, and every tag of the built-in templates names a documented key.
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>

#include "core/builtin_theme.h"
#include "driver/driver.h"
#include "render/render.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

std::set<std::string> documented(const std::string& view) {
  std::set<std::string> out;
  for (const auto& v : template_variables())
    if (view == v.view) out.insert(v.key);
  return out;
}

// What a view is documented to hold: its own keys, the page's (HTML pages),
// and the list's (pages with the article_list partial).
std::set<std::string> expected_keys(const std::string& view,
                                    const std::vector<std::string>& templates) {
  std::set<std::string> out = documented(view);
  if (!view.ends_with("-email")) {
    for (const auto& k : documented("page"))
      // The chooser is itself the list of languages: it has no switcher.
      if (view != "chooser" || !k.starts_with("languages")) out.insert(k);
  }
  if (std::find(templates.begin(), templates.end(), "article_list") != templates.end())
    for (const auto& k : documented("list")) out.insert(k);
  return out;
}

std::string joined(const std::set<std::string>& keys) {
  std::string out;
  for (const auto& k : keys) out += "  " + k + "\n";
  return out;
}

}  // namespace

TEST(TemplateVariables, EveryViewHoldsExactlyWhatIsDocumented) {
  test::TempDir dir;
  for (const char* part : {"content", "locales", "pipeline"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  // Untranslated articles shown in their own language: the other_lang keys.
  std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
  yaml.replace(yaml.find("fallback: omit"), 14, "fallback: source");
  // Sections and tags of several pages: the pager's keys.
  test::write_text(dir.path(), "pipeline/site.yaml", yaml + "paginate: 2\n");
  // Two articles of the brief's week without Korean, related to Korean ones.
  fs::remove(dir.path() / "content/reviews/ollama/index.ko.md");
  fs::remove(dir.path() / "content/news/gpu-spot-prices-fall/index.ko.md");
  // A cover and the site's own values, in one article.
  test::write_text(dir.path(), "content/reviews/ollama/cover.svg",
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 3\"/>\n");
  std::string ollama = test::read_text(dir.path() / "content/reviews/ollama/index.en.md");
  ollama.insert(ollama.find("rating: 4\n"),
                "cover: {src: cover.svg, alt: \"The app's window\"}\nextra: {badge: Staff pick}\n");
  test::write_text(dir.path(), "content/reviews/ollama/index.en.md", ollama);
  // The site's logo, atop its emails.
  std::string config = test::read_text(dir.path() / "pipeline/site.yaml");
  config.insert(config.find("  default_language:"), "  logo: https://reviews.example/logo.png\n");
  test::write_text(dir.path(), "pipeline/site.yaml", config);
  ViewKeysRecorder recorder;
  BuildOptions b;
  b.root = dir.path();
  const BuildResult built = run_build(b);
  ASSERT_EQ(exit_status(built), 0) << built.diagnostics.sorted().size();
  EditionOptions e;
  e.root = dir.path();
  e.week = "2026-W47";  // a review and a news article
  ASSERT_EQ(exit_status(run_edition(e)), 0);
  const auto recorded = recorder.keys();
  for (const auto& [view, templates] : template_views()) {
    if (view == "page" || view == "list") continue;  // partial views, part of the others
    const std::string& main = templates.front();
    ASSERT_TRUE(recorded.count(main)) << main << " was never rendered";
    const std::set<std::string> want = expected_keys(view, templates);
    std::set<std::string> missing, extra;
    for (const auto& k : recorded.at(main))
      if (!want.count(k) && !k.starts_with("extra.")) extra.insert(k);  // extra.*: the site's
    for (const auto& k : want)
      if (!recorded.at(main).count(k)) missing.insert(k);
    EXPECT_TRUE(extra.empty()) << main << " gets keys docs/templates.md does not list "
                               << "(src/render/template_variables.cpp):\n"
                               << joined(extra);
    EXPECT_TRUE(missing.empty()) << main << " is documented with keys it never gets:\n"
                                 << joined(missing);
  }
}

TEST(TemplateVariables, EveryTagOfTheBuiltInThemeIsDocumented) {
  // Which views render each template (a partial belongs to several).
  std::map<std::string, std::set<std::string>> keys_of;
  for (const auto& [view, templates] : template_views())
    for (const auto& t : templates) {
      for (const auto& k : documented(view)) keys_of[t].insert(k);
      if (!view.ends_with("-email"))
        for (const auto& k : documented("page")) keys_of[t].insert(k);
    }
  keys_of["article_list"].merge(documented("list"));
  // The partials every page includes see any page's keys.
  for (const auto& [view, templates] : template_views())
    if (!view.ends_with("-email"))
      for (const char* partial : {"head", "header", "newsletter", "footer"})
        for (const auto& k : documented(view)) keys_of[partial].insert(k);
  const std::regex tag(R"(\{\{\{?\s*([#^/&]?)\s*([a-z_.]+)\s*\}?\}\})");
  int seen = 0;
  for (const auto& [path, text] : builtin_theme_files()) {
    if (!path.ends_with(".mustache")) continue;
    std::string name = path.substr(std::string("templates/").size());
    name = name.substr(0, name.size() - std::string(".mustache").size());
    if (name.starts_with("html/")) name = name.substr(5);
    ASSERT_TRUE(keys_of.count(name)) << path << " belongs to no view of template_views()";
    for (auto it = std::sregex_iterator(text.begin(), text.end(), tag);
         it != std::sregex_iterator(); ++it) {
      const std::string key = (*it)[2];
      if (key == "t" || key == ".") continue;  // translations; the current item
      ++seen;
      const bool known =
          std::any_of(keys_of[name].begin(), keys_of[name].end(),
                      [&](const std::string& k) { return k == key || k.ends_with("." + key); });
      EXPECT_TRUE(known) << path << ": {{" << key << "}} is not in docs/templates.md";
    }
  }
  EXPECT_GT(seen, 100);
}

// docs/templates.md holds the generated tables between two markers;
// UPDATE_GOLDEN=1 rewrites the block.
TEST(TemplateVariables, DocsTemplatesHoldsTheGeneratedTables) {
  const fs::path doc = test::source_dir() / "docs/templates.md";
  const std::string begin = "<!-- template-variables:begin -->\n";
  const std::string end = "<!-- template-variables:end -->";
  std::string text = test::read_text(doc);
  const auto b = text.find(begin);
  const auto e = b == std::string::npos ? b : text.find(end, b);
  ASSERT_NE(e, std::string::npos) << "docs/templates.md has no template-variables markers";
  const std::size_t from = b + begin.size();
  const std::string tables = template_variables_markdown();
  if (std::getenv("UPDATE_GOLDEN")) {
    test::write_text(doc.parent_path(), "templates.md", text.replace(from, e - from, tables));
    GTEST_SKIP() << "docs/templates.md refreshed";
  }
  EXPECT_EQ(text.substr(from, e - from), tables)
      << "run the unit tests with UPDATE_GOLDEN=1 to refresh docs/templates.md";
}

}  // namespace pp
