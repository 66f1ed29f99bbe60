// The translators' commands on real sites: i18n extract, update and stats;
// translations, its paragraph diffs, and stamp.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <algorithm>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

// The committed locales/polypress.pot is what `i18n extract` writes for the
// sample site, and every sample catalog translates all of it (gettext's msgcmp).
TEST(I18n, ExtractWritesTheCommittedTemplate) {
  test::TempDir dir;
  for (const char* part : {"pipeline", "locales", "content"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  std::filesystem::remove(dir.path() / "locales/polypress.pot");
  const auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "extract"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_text(dir.path() / "locales/polypress.pot"),
            test::read_text(test::source_dir() / "locales/polypress.pot"));
  for (const char* lang : {"en", "ko", "ja", "de", "ar"}) {
    const ProcessResult cmp =
        run_process({"msgcmp", (dir.path() / "locales" / (std::string(lang) + ".po")).string(),
                     (dir.path() / "locales/polypress.pot").string()});
    EXPECT_EQ(cmp.exit_code, 0) << lang << ": " << cmp.err;
  }
  EXPECT_EQ(test::run_polypress({"-C", dir.path().string(), "i18n", "merge"}).exit_code, 2);
}

}  // namespace pp

namespace pp {

// On the sample site: the stale German translation and the missing Arabic one are
// reported, and stamping clears the stale state without touching anything else.
TEST(Translations, ReportsStaleAndMissingAndStampClearsStale) {
  test::TempDir dir;
  for (const char* part : {"pipeline", "locales", "content"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  auto r = test::run_polypress({"-C", dir.path().string(), "translations"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("reviews/ollama                    source      up to date  up to date  "
                       "stale       up to date\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("analysis/small-models-on-laptops  source      up to date  up to date  up "
                       "to date  missing\n"),
            std::string::npos);
  EXPECT_NE(r.out.find("46 up to date, 1 stale, 0 unstamped, 1 missing\n"), std::string::npos);
  const auto file = dir.path() / "content/reviews/ollama/index.de.md";
  const std::string before = test::read_text(file);
  r = test::run_polypress(
      {"-C", dir.path().string(), "translations", "stamp", "content/reviews/ollama/index.de.md"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string after = test::read_text(file);
  EXPECT_EQ(std::count(before.begin(), before.end(), '\n'),
            std::count(after.begin(), after.end(), '\n'));
  EXPECT_EQ(before.substr(before.find("\n---\n")),
            after.substr(after.find("\n---\n")));  // body untouched
  r = test::run_polypress({"-C", dir.path().string(), "translations", "--format", "json"});
  EXPECT_EQ(r.out.find("\"stale\""), std::string::npos);
  EXPECT_NE(r.out.find("\"missing\""), std::string::npos);
}

}  // namespace pp

namespace pp {

TEST(I18n, StatsCountStringsAndArticlesAndFailUnder) {
  test::TempDir dir;
  for (const char* part : {"pipeline", "locales", "content"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  // One German string marked fuzzy by a translator.
  std::string de = test::read_text(dir.path() / "locales/de.po");
  const auto at = de.find("msgid \"Subscribe\"");
  ASSERT_NE(at, std::string::npos);
  de.insert(at, "#, fuzzy\n");
  test::write_text(dir.path(), "locales/de.po", de);
  auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "stats"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("de                62      1            0  98.4%           11      1        "
                       " 0        0       0  91.7%\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("ar                63      0            0 100.0%           11      0        "
                       " 0        0       1  91.7%\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(test::run_polypress({"-C", dir.path().string(), "i18n", "stats", "--fail-under", "90"})
                .exit_code,
            0);
  EXPECT_EQ(test::run_polypress({"-C", dir.path().string(), "i18n", "stats", "--fail-under", "95"})
                .exit_code,
            1);
  EXPECT_EQ(test::run_polypress({"-C", dir.path().string(), "i18n", "stats", "--fail-under", "200"})
                .exit_code,
            2);
  r = test::run_polypress({"-C", dir.path().string(), "i18n", "stats", "--format", "json"});
  EXPECT_NE(r.out.find("\"fuzzy\": 1"), std::string::npos);
}

}  // namespace pp

namespace pp {

namespace fs = std::filesystem;

// A template string edited, one added, one removed: `i18n update` keeps every
// translation, translator comment, flag and obsolete entry, marks the edited
// string fuzzy with its previous msgid, and adds the new one untranslated.
TEST(I18n, UpdateMergesWithMsgmergeSemantics) {
  test::TempDir dir;
  const auto root = dir.path();
  test::make_minimal_site(root);
  std::string ar = test::read_text(root / "locales/ar.po");
  ar.insert(ar.find("#: theme/templates/html/header.mustache:1\nmsgid \"Skip to main content\""),
            "# Translator: keep this short, it is read aloud first.\n");
  const auto subscribe = ar.find("msgid \"Subscribe\"");
  ASSERT_NE(subscribe, std::string::npos);
  ar.insert(subscribe, "#, fuzzy\n");
  ar += "\n#~ msgid \"An old string\"\n#~ msgstr \"نص قديم\"\n";
  test::write_text(root, "locales/ar.po", ar);
  ::chmod((root / "locales/ar.po").c_str(), 0600);
  // The site's own header (in place of the built-in one): one string edited, one new.
  std::string header = test::read_text(test::source_dir() / "theme/templates/html/header.mustache");
  const auto skip = header.find("{{#t}}Skip to main content{{/t}}");
  ASSERT_NE(skip, std::string::npos);
  header.replace(skip, 32, "{{#t}}Skip to the main content{{/t}}{{#t}}Top of page{{/t}}");
  test::write_text(root, "pipeline/templates/html/header.mustache", header);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "i18n", "extract"}).exit_code, 0);

  auto r = test::run_polypress({"-C", root.string(), "i18n", "update"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "locales/en.po: updated, 61 translated, 1 fuzzy, 1 untranslated, 4 obsolete\n"
            "locales/ar.po: updated, 60 translated, 2 fuzzy, 1 untranslated, 5 obsolete\n");
  const std::string merged = test::read_text(root / "locales/ar.po");
  EXPECT_NE(merged.find("# Translator: keep this short, it is read aloud first.\n"
                        "#: pipeline/templates/html/header.mustache:1\n"
                        "#, fuzzy\n"
                        "#| msgid \"Skip to main content\"\n"
                        "msgid \"Skip to the main content\"\n"
                        "msgstr \"انتقل إلى المحتوى الرئيسي\"\n"),
            std::string::npos)
      << merged;
  EXPECT_NE(merged.find("msgid \"Top of page\"\nmsgstr \"\"\n"), std::string::npos);
  EXPECT_NE(merged.find("#, fuzzy\nmsgid \"Subscribe\"\n"), std::string::npos);
  EXPECT_NE(merged.find("#~ msgid \"An old string\"\n#~ msgstr \"نص قديم\"\n"), std::string::npos);
  EXPECT_NE(merged.find("#~ msgid \"Home\"\n"), std::string::npos);
  struct stat st {};
  ASSERT_EQ(::stat((root / "locales/ar.po").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);  // the translator's permissions are kept

  // A second run changes nothing and rewrites nothing.
  r = test::run_polypress({"-C", root.string(), "i18n", "update"});
  EXPECT_EQ(r.out,
            "locales/en.po: unchanged, 61 translated, 1 fuzzy, 1 untranslated, 4 obsolete\n"
            "locales/ar.po: unchanged, 60 translated, 2 fuzzy, 1 untranslated, 5 obsolete\n");
  EXPECT_EQ(test::read_text(root / "locales/ar.po"), merged);
  // msgfmt still accepts what update wrote.
  EXPECT_EQ(test::run_polypress({"-C", root.string(), "i18n", "check"}).exit_code, 0);
}

// A catalog msgmerge rejects is reported at its line; no catalog is written,
// not even the valid ones.
TEST(I18n, UpdateLeavesEveryCatalogUntouchedWhenOneIsBroken) {
  test::TempDir dir;
  const auto root = dir.path();
  test::make_minimal_site(root);
  std::string ar = test::read_text(root / "locales/ar.po");
  const auto at = ar.find("msgid \"Subscribe\"");
  ar.insert(at, "msgid \"Broken\nmsgstr \"\"\n\n");
  test::write_text(root, "locales/ar.po", ar);
  const int line = static_cast<int>(std::count(ar.begin(), ar.begin() + at, '\n')) + 1;
  std::string header = test::read_text(test::source_dir() / "theme/templates/html/header.mustache");
  header += "{{#t}}A new string{{/t}}\n";
  test::write_text(root, "pipeline/templates/html/header.mustache", header);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "i18n", "extract"}).exit_code, 0);
  const auto before = test::read_tree(root / "locales");

  const auto r = test::run_polypress({"-C", root.string(), "i18n", "update"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("locales/ar.po:" + std::to_string(line) + ":"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[i18n/syntax]"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_tree(root / "locales"), before);
}

// A language without a catalog gets one, with its CLDR plural forms, that
// `i18n check` accepts; without a template, update says what to run.
TEST(I18n, UpdateCreatesMissingCatalogsAndNeedsATemplate) {
  test::TempDir dir;
  const auto root = dir.path();
  test::make_minimal_site(root);
  std::string site = test::read_text(root / "pipeline/site.yaml");
  site.replace(site.find("  - {code: ar"), 0, "  - {code: uk, name: Українська}\n");
  test::write_text(root, "pipeline/site.yaml", site);
  auto r = test::run_polypress({"-C", root.string(), "i18n", "update"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("locales/uk.po: created, 0 translated, 0 fuzzy, 64 untranslated, 0 "
                       "obsolete\n"),
            std::string::npos)
      << r.out;
  const std::string uk = test::read_text(root / "locales/uk.po");
  EXPECT_NE(uk.find("\"Language: uk\\n\"\n"), std::string::npos) << uk;
  EXPECT_NE(uk.find("\"Plural-Forms: nplurals=3; plural=((n % 10 == 1 && n % 100 != 11) ? 0 : "),
            std::string::npos)
      << uk;
  r = test::run_polypress({"-C", root.string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // Every plural entry has Ukrainian's three slots (a language the theme has no translations for),
  // not the template's two, and the new language builds at once, untranslated.
  EXPECT_NE(uk.find("msgstr[0] \"\"\nmsgstr[1] \"\"\nmsgstr[2] \"\"\n"), std::string::npos) << uk;
  EXPECT_EQ(uk.find("msgstr[3]"), std::string::npos) << uk;
  r = test::run_polypress({"-C", root.string(), "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = test::run_polypress({"-C", root.string(), "i18n", "stats"});
  EXPECT_NE(r.out.find("uk                 0      0           64   0.0%"), std::string::npos)
      << r.out;
  // Vietnamese: one slot.
  site.replace(site.find("  - {code: ar"), 0, "  - {code: vi, name: Tiếng Việt}\n");
  test::write_text(root, "pipeline/site.yaml", site);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "i18n", "update"}).exit_code, 0);
  const std::string vi = test::read_text(root / "locales/vi.po");
  EXPECT_NE(vi.find("msgid_plural \"Sources:\"\nmsgstr[0] \"\"\n\n"), std::string::npos) << vi;
  EXPECT_EQ(test::run_polypress({"-C", root.string(), "build"}).exit_code, 0);

  fs::remove(root / "locales/polypress.pot");
  const auto before = test::read_tree(root / "locales");
  r = test::run_polypress({"-C", root.string(), "i18n", "update"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "locales/polypress.pot: error: there is no template to merge; run polypress i18n "
            "extract first [i18n/missing-pot]\n");
  EXPECT_EQ(test::read_tree(root / "locales"), before);
}

}  // namespace pp

namespace pp {

namespace {

// Runs git in `dir` with a fixed identity; fails the test when git does.
void git(const fs::path& dir, std::vector<std::string> args) {
  std::vector<std::string> argv = {"git",
                                   "-C",
                                   dir.string(),
                                   "-c",
                                   "user.name=Test",
                                   "-c",
                                   "user.email=test@example.invalid",
                                   "-c",
                                   "commit.gpgsign=false"};
  argv.insert(argv.end(), args.begin(), args.end());
  const ProcessResult r = run_process(argv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// The sample site in a fresh git repository whose history holds the English
// Ollama review as it was when the German translation was made.
void make_sample_repository(const fs::path& root) {
  for (const char* part : {"pipeline", "locales", "content"})
    test::copy_tree(test::source_dir() / part, root / part);
  const auto en = root / "content/reviews/ollama/index.en.md";
  const std::string now = test::read_text(en);
  fs::copy_file(test::source_dir() / "tests/e2e/fixtures/ollama.en.as-translated-into-de.md", en,
                fs::copy_options::overwrite_existing);
  git(root, {"init", "-q"});
  git(root, {"add", "-A"});
  git(root, {"commit", "-q", "-m", "Ollama review, as translated into German"});
  test::write_text(root, "content/reviews/ollama/index.en.md", now);
  git(root, {"commit", "-q", "-a", "-m", "Ollama review: November 26 update"});
}

}  // namespace

// Done-when of issue 5: on the sample site, --diff shows what changed in the
// source since the stale German translation was made, and stamp clears it.
TEST(Translations, DiffShowsTheChangedParagraphsOfTheSource) {
  test::TempDir dir;
  const auto root = dir.path();
  make_sample_repository(root);
  auto r = test::run_polypress({"-C", root.string(), "translations", "--diff"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string expected_diff =
      "46 up to date, 1 stale, 0 unstamped, 1 missing\n"
      "\n"
      "content/reviews/ollama/index.de.md: stale; content/reviews/ollama/index.en.md changed "
      "since 3af670f742b2\n"
      "  content/reviews/ollama/index.en.md:5: front matter 'updated' added\n"
      "    + updated: 2026-11-26\n"
      "  content/reviews/ollama/index.en.md:13: front matter 'checked' changed\n"
      "    - checked: 2026-11-21\n"
      "    + checked: 2026-11-26\n"
      "  content/reviews/ollama/index.en.md:30: paragraph added\n"
      "    + **Update, November 26:** A new Ollama release on November 25, after our first "
      "round of tests, adds a settings screen for context length and imports GGUF files "
      "dragged onto the app window. That answers two of the complaints above. We re-ran our "
      "tests on the new version, and the rating stands.\n";
  ASSERT_GE(r.out.size(), expected_diff.size());
  EXPECT_EQ(r.out.substr(r.out.size() - expected_diff.size()), expected_diff) << r.out;

  r = test::run_polypress({"-C", root.string(), "translations", "--diff", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"source_digest\": \"3af670f742b2cf2b1a5d9105c18051ed2872d7f0\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"kind\": \"added\""), std::string::npos);

  r = test::run_polypress(
      {"-C", root.string(), "translations", "stamp", "content/reviews/ollama/index.de.md"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = test::run_polypress({"-C", root.string(), "translations", "--diff"});
  EXPECT_EQ(r.out.substr(r.out.find("47 up to date")),
            "47 up to date, 0 stale, 0 unstamped, 1 missing\n");
}

// An edited paragraph makes every translation of the bundle stale and is shown
// old against new; a stamp of a version git never saw is explained.
TEST(Translations, DiffShowsAnEditedParagraphOldAndNew) {
  test::TempDir dir;
  const auto root = dir.path();
  make_sample_repository(root);
  const std::string rel = "content/reviews/pytorch/index.en.md";
  std::string en = test::read_text(root / rel);
  const auto body = en.find("\n---\n") + 5;
  const auto first = en.find_first_not_of('\n', body);
  const auto end = en.find("\n\n", first);
  const std::string old_paragraph = en.substr(first, end - first);
  en.replace(first, end - first, "A rewritten first paragraph.");
  test::write_text(root, rel, en);
  const int line = static_cast<int>(std::count(en.begin(), en.begin() + first, '\n')) + 1;
  auto r = test::run_polypress({"-C", root.string(), "translations", "--diff"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\ncontent/reviews/pytorch/index.ko.md: stale; " + rel + " changed since "),
            std::string::npos)
      << r.out;
  const std::string change = "  " + rel + ":" + std::to_string(line) +
                             ": paragraph changed\n    - " + old_paragraph +
                             "\n    + A rewritten first paragraph.\n";
  std::size_t count = 0;
  for (auto at = r.out.find(change); at != std::string::npos; at = r.out.find(change, at + 1))
    ++count;
  EXPECT_EQ(count, 4u) << r.out;  // ko, ja, de, ar

  // A translation stamped against a source version that was never committed.
  std::string ko = test::read_text(root / "content/reviews/pytorch/index.ko.md");
  const auto at = ko.find("source_digest: ") + 15;
  ko.replace(at, 40, std::string(40, 'a'));
  test::write_text(root, "content/reviews/pytorch/index.ko.md", ko);
  r = test::run_polypress({"-C", root.string(), "translations", "--diff"});
  EXPECT_NE(r.out.find("content/reviews/pytorch/index.ko.md: stale; " + rel +
                       " changed since aaaaaaaaaaaa\n  the translated version (blob " +
                       std::string(40, 'a') +
                       ") is not in git's object store; commit sources before stamping their "
                       "translations\n"),
            std::string::npos)
      << r.out;
}

TEST(Translations, DiffOutsideAGitRepositoryIsAUsageError) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const auto r = test::run_polypress({"-C", dir.path().string(), "translations", "--diff"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("polypress translations: --diff needs the site in a git repository", 0), 0u)
      << r.err;
}

}  // namespace pp

namespace pp {

// locales/ as a link to a folder outside the site: nothing is read or
// written through it — no template created there, no catalog rewritten,
// nothing read (config/linked-folder).
TEST(I18n, NothingIsWrittenThroughALinkedLocalesFolder) {
  test::TempDir dir, outside;
  const auto root = dir.path();
  test::make_minimal_site(root);
  for (const auto& e : std::filesystem::directory_iterator(root / "locales"))
    std::filesystem::copy_file(e.path(), outside.path() / e.path().filename());
  std::filesystem::remove(outside.path() / "polypress.pot");
  std::filesystem::remove_all(root / "locales");
  std::filesystem::create_directory_symlink(outside.path(), root / "locales");
  const auto before = test::read_tree(outside.path());
  // Every command refuses the site before it reads anything (issue 37, H4).
  const std::string refused =
      "locales: error: locales/ is a symbolic link: polypress never reads or writes through "
      "one; make it a folder of the site [config/linked-folder]\n";
  auto r = test::run_polypress({"-C", root.string(), "i18n", "extract"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, refused);
  EXPECT_EQ(test::read_tree(outside.path()), before);
  test::write_text(outside.path(), "polypress.pot",
                   test::read_text(test::source_dir() / "locales/polypress.pot"));
  const auto with_pot = test::read_tree(outside.path());
  for (const char* command : {"update", "check"}) {
    r = test::run_polypress({"-C", root.string(), "i18n", command});
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_EQ(r.err, refused) << command;
    EXPECT_EQ(test::read_tree(outside.path()), with_pot) << command;
  }
  EXPECT_EQ(before.size() + 1, with_pot.size());
}

}  // namespace pp

namespace pp {

// A catalog made before the article types had their context: msgmerge
// matches each new `msgctxt "article type"` entry to the plain msgid it was,
// and update keeps it translated (not fuzzy): no page goes back to English.
TEST(I18n, AContextAddedToAMsgidKeepsItsTranslation) {
  test::TempDir dir;
  for (const char* part : {"content", "locales", "pipeline"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  std::string de = test::read_text(dir.path() / "locales/de.po");
  // As it was: one "Analysis" entry, the types' without a context.
  const auto section = de.find("msgid \"Analysis\"\nmsgstr \"Analysen\"\n");
  ASSERT_NE(section, std::string::npos);
  de.erase(section, std::string("msgid \"Analysis\"\nmsgstr \"Analysen\"\n").size());
  for (std::size_t at; (at = de.find("msgctxt \"article type\"\n")) != std::string::npos;)
    de.erase(at, std::string("msgctxt \"article type\"\n").size());
  test::write_text(dir.path(), "locales/de.po", de);
  auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "update"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("locales/de.po: updated, 63 translated, 0 fuzzy, 0 untranslated"),
            std::string::npos)
      << r.out;
  const std::string merged = test::read_text(dir.path() / "locales/de.po");
  EXPECT_NE(merged.find("msgctxt \"article type\"\nmsgid \"Review\"\nmsgstr \"Testbericht\"\n"),
            std::string::npos)
      << merged;
  EXPECT_EQ(merged.find("#| msgid \"Review\""), std::string::npos) << merged;
}

}  // namespace pp

namespace pp {

// content/ as a link out of the site: `i18n apply --articles` and
// `translations stamp` never write through it (issue 37's audit).
TEST(I18n, NothingIsWrittenThroughALinkedContentFolder) {
  test::TempDir dir, outside;
  const auto root = dir.path();
  for (const char* part : {"content", "locales", "pipeline"})
    test::copy_tree(test::source_dir() / part, root / part);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "i18n", "extract", "--articles"}).exit_code,
            0);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "i18n", "update", "--articles"}).exit_code,
            0);
  std::filesystem::rename(root / "content", outside.path() / "content");
  std::filesystem::create_directory_symlink(outside.path() / "content", root / "content");
  const auto before = test::read_tree(outside.path());
  auto r = test::run_polypress({"-C", root.string(), "i18n", "apply", "--articles", "ar",
                                "analysis/small-models-on-laptops"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("content: error: content/ is a symbolic link: polypress never reads or "
                       "writes through one"),
            std::string::npos)
      << r.err;
  r = test::run_polypress({"-C", root.string(), "translations", "stamp", "--force",
                           "content/reviews/ollama/index.ko.md"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_EQ(test::read_tree(outside.path()), before);
}

}  // namespace pp
