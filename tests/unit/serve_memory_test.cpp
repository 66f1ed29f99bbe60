// serve's memory (docs/serve.md, "What serve keeps in memory"): builds that
// take unchanged bundles and the incremental state from memory, told of each
// change as serve's watcher tells it, write byte for byte what a clean build
// of the same site writes, after edits of every kind, in a seeded random order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "content/loaded_bundles.h"
#include "driver/driver.h"
#include "incremental/incremental.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------
// LoadedBundles alone

LoadedBundles::Kept kept_bundle(const std::string& dir) {
  LoadedBundles::Kept k;
  k.bundle.dir = dir;
  return k;
}

// Which of `dirs` one load takes from memory (each lent and given back).
std::set<std::string> taken(LoadedBundles& b, const std::set<std::string>& dirs,
                            const std::set<std::string>& found) {
  std::set<std::string> out;
  std::vector<Bundle> lent;
  b.begin_load();
  for (const auto& dir : dirs) {
    Bundle bundle;
    DiagnosticSink findings;
    if (b.lend(dir, bundle, findings)) {
      EXPECT_EQ(bundle.dir, dir);
      out.insert(dir);
      lent.push_back(std::move(bundle));
    }
  }
  b.end_load(found);
  b.give_back(lent);
  return out;
}

TEST(LoadedBundles, AChangeInOrAroundAFolderReadsItAgain) {
  LoadedBundles b;
  const std::set<std::string> all = {"content/news/a", "content/news/ab", "content/reviews/c"};
  for (const auto& dir : all) b.keep(dir, kept_bundle(dir));
  EXPECT_EQ(taken(b, all, all), all);
  b.changed("content/news/a/index.en.md");
  // A longer name is another folder.
  EXPECT_EQ(taken(b, all, all), (std::set<std::string>{"content/news/ab", "content/reviews/c"}));
  EXPECT_EQ(taken(b, all, all), all);
  b.changed("content/news");  // a section moved away or made anew
  EXPECT_EQ(taken(b, all, {"content/reviews/c"}), std::set<std::string>{"content/reviews/c"});
  // The others were not found, and are forgotten.
  EXPECT_EQ(taken(b, all, all), std::set<std::string>{"content/reviews/c"});
}

TEST(LoadedBundles, AChangeNotedDuringALoadIsTheNextLoads) {
  LoadedBundles b;
  b.keep("content/news/a", kept_bundle("content/news/a"));
  b.begin_load();
  b.changed("content/news/a/index.en.md");  // after the load took the changes
  Bundle bundle;
  DiagnosticSink findings;
  EXPECT_TRUE(b.lend("content/news/a", bundle, findings));
  b.end_load({"content/news/a"});
  std::vector<Bundle> back{std::move(bundle)};
  b.give_back(back);
  EXPECT_EQ(taken(b, {"content/news/a"}, {"content/news/a"}), std::set<std::string>{});
}

TEST(LoadedBundles, ABundleNotGivenBackOrForgottenIsReadAgain) {
  LoadedBundles b;
  b.keep("content/news/a", kept_bundle("content/news/a"));
  b.begin_load();
  Bundle bundle;
  DiagnosticSink findings;
  EXPECT_TRUE(b.lend("content/news/a", bundle, findings));
  b.end_load({"content/news/a"});  // the build stopped: nothing given back
  EXPECT_EQ(taken(b, {"content/news/a"}, {"content/news/a"}), std::set<std::string>{});

  b.keep("content/news/a", kept_bundle("content/news/a"));
  b.forget_all();
  EXPECT_EQ(taken(b, {"content/news/a"}, {"content/news/a"}), std::set<std::string>{});
  b.keep("content/news/a", kept_bundle("content/news/a"));
  for (int i = 0; i < 1001; ++i) b.changed("content/reviews/x" + std::to_string(i));
  EXPECT_EQ(taken(b, {"content/news/a"}, {"content/news/a"}), std::set<std::string>{});
}

TEST(LoadedBundles, TranslationsAssembledFromCatalogsAreNotKept) {
  LoadedBundles b;
  b.keep("content/news/a", kept_bundle("content/news/a"));
  b.begin_load();
  Bundle bundle;
  DiagnosticSink findings;
  ASSERT_TRUE(b.lend("content/news/a", bundle, findings));
  b.end_load({"content/news/a"});
  bundle.articles["en"];
  bundle.articles["ar"].assembled.emplace();
  std::vector<Bundle> back{std::move(bundle)};
  b.give_back(back);
  b.begin_load();
  ASSERT_TRUE(b.lend("content/news/a", bundle, findings));
  EXPECT_EQ(bundle.articles.size(), 1u);
  EXPECT_TRUE(bundle.articles.count("en"));
  b.end_load({"content/news/a"});
}

// ---------------------------------------------------------------------------
// Builds with memory against clean builds

// The minimal site and six news bundles in English and Arabic, one related
// to another and one linking to it.
void make_site(const fs::path& root) {
  test::make_minimal_site(root);
  for (int i = 1; i <= 6; ++i) test::add_news_bundle(root, "n0" + std::to_string(i), i);
}

// A site served from memory: each change is written, told to the memory as
// serve's watcher tells it (the paths named), and built.
class ServedSite {
 public:
  /// `aged`: every file is made an hour old once written, so that no value
  /// is racy and each build looks only at the outputs of what changed (as
  /// when an editor saves a file of a site written long ago).
  explicit ServedSite(bool aged = false) : aged_(aged) {
    make_site(dir_.path());
    if (aged_) test::make_old(root());
  }
  const fs::path& root() const { return dir_.path(); }

  BuildResult build(bool tell = true) {
    if (aged_)
      for (const auto& p : changed_)
        if (fs::exists(root() / p)) test::make_old(root() / p);
    if (tell)
      for (const auto& p : changed_) memory_.changed(p);
    changed_.clear();
    BuildOptions o;
    o.root = root();
    o.memory = &memory_;
    return run_build(o);
  }

  void write(const std::string& rel, const std::string& text) {
    test::write_text(root(), rel, text);
    changed_.push_back(rel);
  }
  void remove(const std::string& rel) {
    fs::remove_all(root() / rel);
    changed_.push_back(rel);
  }
  void rename(const std::string& from, const std::string& to) {
    fs::rename(root() / from, root() / to);
    changed_.push_back(from);
    changed_.push_back(to);
  }
  void note(const std::string& rel) { changed_.push_back(rel); }
  const BuildMemory& memory() const { return memory_; }

  // The bundles' folders, sorted.
  std::vector<std::string> bundles() const {
    std::vector<std::string> out;
    for (const char* section : {"news", "reviews"})
      for (const auto& e : fs::directory_iterator(root() / "content" / section))
        out.push_back("content/" + std::string(section) + "/" + e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  test::TempDir dir_;
  bool aged_ = false;
  BuildMemory memory_;
  std::vector<std::string> changed_;
};

// What a build reports, without tidy's notes about files it found.
std::string findings_text(const BuildResult& r) {
  std::vector<Diagnostic> kept;
  for (const auto& d : r.diagnostics.sorted())
    if (!d.rule.starts_with("emit/")) kept.push_back(d);
  return format_diagnostics(kept, OutputFormat::text);
}

// "" when `site` holds what a clean build of its sources writes and its
// build reported what that one reports; else the first difference.
std::string difference_from_clean(const fs::path& site, const BuildResult& served) {
  test::TempDir clean;
  for (const char* folder : {"content", "pipeline", "locales"})
    test::copy_tree(site / folder, clean.path() / folder);
  BuildOptions o;
  o.root = clean.path();
  const BuildResult r = run_build(o);
  if (exit_status(r) != exit_status(served))
    return "exit " + std::to_string(exit_status(served)) + ", clean " +
           std::to_string(exit_status(r));
  if (findings_text(r) != findings_text(served))
    return "findings:\n" + findings_text(served) + "clean:\n" + findings_text(r);
  if (exit_status(r) != 0) return "";
  for (const char* folder : {"public", "mail"}) {
    const auto want = test::read_tree(clean.path() / folder);
    const auto have = test::read_tree(site / folder);
    for (const auto& [path, bytes] : want)
      if (!have.count(path) || have.at(path) != bytes) return std::string(folder) + "/" + path;
    for (const auto& [path, bytes] : have)
      if (!want.count(path)) return std::string(folder) + "/" + path + " (not in the clean build)";
  }
  return "";
}

std::string edited(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = test::read_text(file);
  const auto at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// One random change of `site`, of a kind editors make; what it was.
std::string random_change(ServedSite& site, std::mt19937& rng, int step, std::set<int>& kinds) {
  auto bundles = site.bundles();
  // news/n02 stays: n05 names it as related and n06 links to it.
  std::erase(bundles, "content/news/n02");
  const std::string b = bundles[rng() % bundles.size()];
  const std::string s = std::to_string(step);
  const fs::path en = site.root() / b / "index.en.md";
  const int kind = static_cast<int>(rng() % 13);
  kinds.insert(kind);
  switch (kind) {
    case 0:
      if (!fs::exists(en)) return "nothing";
      site.write(b + "/index.en.md", test::read_text(en) + "\nA sentence of step " + s + ".\n");
      return "body of " + b;
    case 1:
      if (!fs::exists(en)) return "nothing";
      site.write(b + "/index.en.md", edited(en, "title: \"", "title: \"Step " + s + " "));
      return "title of " + b;
    case 2:
      if (!fs::exists(en)) return "nothing";
      site.write(b + "/index.en.md", edited(en, "\ntype:", "\ndraft: true\ntype:"));
      return "draft " + b;
    case 3:
      test::add_news_bundle(site.root(), "s" + s, 1 + step % 28);
      site.note("content/news/s" + s);
      return "new bundle s" + s;
    case 4:
      if (bundles.size() < 4) return "nothing";
      site.remove(b);
      return "removed " + b;
    case 5:
      site.write(b + "/.index.en.md.swp", "swap");
      return "swap file in " + b;
    case 6:
      site.write(b + "/notes.txt", "notes of step " + s);
      return "notes beside " + b;
    case 7: {
      const std::string to = b.substr(0, b.rfind('/') + 1) + "moved-" + s;
      site.rename(b, to);
      return "moved " + b + " to " + to;
    }
    case 8:
      if (!fs::exists(site.root() / b / "index.ar.md")) return "nothing";
      site.remove(b + "/index.ar.md");
      return "removed the translation of " + b;
    case 9:
      if (!fs::exists(en)) return "nothing";
      site.write(b + "/index.en.md", edited(en, "date: 2026-11-", "date: 2026-10-"));
      return "date of " + b;
    case 11: {
      const fs::path po = site.root() / "locales/ar.po";
      site.write("locales/ar.po", edited(po, "msgstr \"مقالات أخرى", "msgstr \"مقالات أخرى " + s));
      return "a catalog's translation";
    }
    case 12: {
      const fs::path t = site.root() / "pipeline/templates/html/newsletter.mustache";
      site.write("pipeline/templates/html/newsletter.mustache",
                 edited(t, "  <ul", "  <ul class=\"s" + s + "\""));
      return "a template";
    }
    default: {
      const fs::path yaml = site.root() / "pipeline/site.yaml";
      site.write("pipeline/site.yaml", edited(yaml, "name: TestSite", "name: TestSite" + s));
      return "site.yaml";
    }
  }
}

// A number from the environment (a long run by hand:
// POLYPRESS_SERVE_SEED=7 POLYPRESS_SERVE_STEPS=500 unit_tests
// --gtest_filter=ServeMemory.BuildsFromMemory*), or `otherwise`.
int from_environment(const char* name, int otherwise) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : otherwise;
}

// serve's builds after `steps` random changes of `seed`, each against a
// clean build of the same sources; "" or the first difference.
std::string served_against_clean(ServedSite& site, int seed, int steps, std::set<int>& kinds) {
  if (exit_status(site.build()) != 0) return "the first build failed";
  std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
  std::string done;
  for (int step = 1; step <= steps; ++step) {
    done += std::to_string(step) + ": " + random_change(site, rng, step, kinds) + "\n";
    const BuildResult r = site.build();
    if (const std::string diff = difference_from_clean(site.root(), r); !diff.empty())
      return diff + "\nafter:\n" + done;
  }
  return "";
}

TEST(ServeMemory, BuildsFromMemoryWriteWhatCleanBuildsWrite) {
  // By default, a seed whose 40 steps make every kind of change. Every file
  // is new, so most values are racy and most outputs are looked at.
  const int seed = from_environment("POLYPRESS_SERVE_SEED", 5);
  const int steps = from_environment("POLYPRESS_SERVE_STEPS", 40);
  ServedSite site;
  std::set<int> kinds;
  EXPECT_EQ(served_against_clean(site, seed, steps, kinds), "");
  if (seed == 5 && steps == 40) {
    EXPECT_EQ(kinds.size(), 13u) << "the steps made every kind of change";
  }
}

TEST(ServeMemory, BuildsFromMemoryOfAnOldSiteWriteWhatCleanBuildsWrite) {
  // The same, every file an hour old once written: no value is racy, and
  // each build looks only at the outputs of the keys that changed.
  const int seed = from_environment("POLYPRESS_SERVE_SEED", 5);
  const int steps = from_environment("POLYPRESS_SERVE_STEPS", 40);
  ServedSite site(true);
  std::set<int> kinds;
  EXPECT_EQ(served_against_clean(site, seed + 1, steps, kinds), "");
}

TEST(ServeMemory, ConjunctionsOfEditsLeaveWhatACleanBuildLeaves) {
  // Each change right after the one that sets it up: an article edited (its
  // build tidies nothing) and then removed or moved, a draft published
  // again, a template and a catalog edited between builds from memory, a
  // template edited in a build that fails and seen by the next, a swap file
  // left and then removed.
  ServedSite site;
  ASSERT_EQ(exit_status(site.build()), 0);
  const auto en = [&](const char* id) { return site.root() / "content/news" / id / "index.en.md"; };
  const std::vector<std::pair<std::string, std::function<void()>>> steps = {
      {"edit n03",
       [&] {
         site.write("content/news/n03/index.en.md", test::read_text(en("n03")) + "\nMore.\n");
       }},
      {"remove n03", [&] { site.remove("content/news/n03"); }},
      {"edit n04",
       [&] {
         site.write("content/news/n04/index.en.md", test::read_text(en("n04")) + "\nMore.\n");
       }},
      {"move n04", [&] { site.rename("content/news/n04", "content/news/n07"); }},
      {"draft n01",
       [&] {
         site.write("content/news/n01/index.en.md",
                    edited(en("n01"), "\ntype:", "\ndraft: true\ntype:"));
       }},
      {"undraft n01",
       [&] { site.write("content/news/n01/index.en.md", edited(en("n01"), "draft: true\n", "")); }},
      {"template",
       [&] {
         const fs::path t = site.root() / "pipeline/templates/html/newsletter.mustache";
         site.write("pipeline/templates/html/newsletter.mustache",
                    edited(t, "  <ul", "  <ul class=\"t\""));
       }},
      {"edit n05",
       [&] {
         site.write("content/news/n05/index.en.md", test::read_text(en("n05")) + "\nMore.\n");
       }},
      {"catalog",
       [&] {
         const fs::path po = site.root() / "locales/ar.po";
         site.write("locales/ar.po", edited(po, "msgstr \"مقالات أخرى", "msgstr \"مقالات أخرى ٢"));
       }},
      {"template with a broken article (the build fails)",
       [&] {
         const fs::path t = site.root() / "pipeline/templates/html/newsletter.mustache";
         site.write("pipeline/templates/html/newsletter.mustache",
                    edited(t, "  <ul", "  <ul data-failed=\"1\""));
         site.write("content/news/n05/index.en.md", edited(en("n05"), "title: \"", "title: [\""));
       }},
      {"the article mended",
       [&] {
         site.write("content/news/n05/index.en.md", edited(en("n05"), "title: [\"", "title: \""));
       }},
      {"swap file", [&] { site.write("content/news/n01/.index.en.md.swp", "swap"); }},
      {"swap file gone", [&] { site.remove("content/news/n01/.index.en.md.swp"); }},
  };
  std::string done;
  for (const auto& [what, change] : steps) {
    change();
    done += what + "\n";
    const BuildResult r = site.build();
    ASSERT_EQ(difference_from_clean(site.root(), r), "") << "after:\n" << done;
  }
}

// The state kept in memory (apply_update()) is what the state file holds
// after the same build (write_incremental_state()): the two must not drift.
TEST(ServeMemory, TheStateInMemoryIsTheStateFile) {
  ServedSite site;
  std::mt19937 rng(3);
  std::set<int> kinds;
  for (int step = 0; step <= 12; ++step) {
    if (step > 0) random_change(site, rng, step, kinds);
    if (exit_status(site.build()) != 0 || !site.memory().state) continue;
    const IncrementalState& kept = *site.memory().state;
    const IncrementalState file = read_incremental_state(
        site.root(), site.memory().identity,
        {(site.root() / "public").string(), (site.root() / "mail").string()});
    ASSERT_EQ(kept.outputs.size(), file.outputs.size()) << "step " << step;
    for (const auto& [path, r] : file.outputs) {
      ASSERT_TRUE(kept.outputs.count(path)) << path;
      const OutputRecord& m = kept.outputs.at(path);
      EXPECT_EQ(m.dependencies, r.dependencies) << path;
      EXPECT_EQ(m.digest, r.digest) << path;
      EXPECT_EQ(m.state, r.state) << path;
      EXPECT_EQ(m.findings.size(), r.findings.size()) << path;
    }
    ASSERT_EQ(kept.articles.entries.size(), file.articles.entries.size()) << "step " << step;
    for (const auto& [path, e] : file.articles.entries) {
      ASSERT_TRUE(kept.articles.entries.count(path)) << path;
      EXPECT_EQ(kept.articles.entries.at(path).stamp, e.stamp) << path;
    }
    ASSERT_EQ(kept.checks.bundles.size(), file.checks.bundles.size()) << "step " << step;
    for (const auto& [id, c] : file.checks.bundles) {
      ASSERT_TRUE(kept.checks.bundles.count(id)) << id;
      EXPECT_EQ(kept.checks.bundles.at(id).key, c.key) << id;
      EXPECT_EQ(kept.checks.bundles.at(id).face, c.face) << id;
    }
  }
}

TEST(ServeMemory, TheMemoryIsWhatTheBuildReads) {
  // A change the memory is not told of is not seen: proof that the bundles
  // come from memory (a watcher that misses events is why changes.all exists).
  ServedSite site;
  ASSERT_EQ(exit_status(site.build()), 0);
  const fs::path en = site.root() / "content/news/n03/index.en.md";
  site.write("content/news/n03/index.en.md", edited(en, "Body of n03.", "Changed body."));
  ASSERT_EQ(exit_status(site.build(false)), 0);
  EXPECT_EQ(test::read_text(site.root() / "public/en/news/n03/index.html").find("Changed body."),
            std::string::npos);
  site.note("content/news/n03/index.en.md");
  ASSERT_EQ(exit_status(site.build()), 0);
  EXPECT_NE(test::read_text(site.root() / "public/en/news/n03/index.html").find("Changed body."),
            std::string::npos);
}

TEST(ServeMemory, AnOutputChangedByHandIsPutBackByTheNextBuildNotByServe) {
  // serve takes its output folders as its own while it runs: it looks only
  // at the outputs of what changed (docs/serve.md). `build` looks at each.
  ServedSite site;
  test::make_old(site.root());  // nothing racy: each output is looked at only when it must be
  ASSERT_EQ(exit_status(site.build()), 0);
  const fs::path page = site.root() / "public/en/news/n03/index.html";
  const std::string written = test::read_text(page);
  test::write_text(site.root(), "public/en/news/n03/index.html", "by hand");
  const fs::path n05 = site.root() / "content/news/n05/index.en.md";
  site.write("content/news/n05/index.en.md", edited(n05, "Body of n05.", "Changed n05."));
  test::make_old(site.root() / "content/news/n05");  // nor the lists that show it
  ASSERT_EQ(exit_status(site.build()), 0);
  EXPECT_EQ(test::read_text(page), "by hand");
  BuildOptions o;
  o.root = site.root();
  ASSERT_EQ(exit_status(run_build(o)), 0);
  EXPECT_EQ(test::read_text(page), written);
  EXPECT_EQ(difference_from_clean(site.root(), site.build()), "");
}

TEST(ServeMemory, AFeedThatCannotReadABodyFails) {
  // n03 changes and the memory is not told (as when the file changes during
  // a build); n05's body changes and it is. The feed shows n03's body, and
  // reading it finds the file is not the one checked: the build fails and
  // says which file, instead of publishing an empty entry.
  ServedSite site;
  ASSERT_EQ(exit_status(site.build()), 0);
  const fs::path n03 = site.root() / "content/news/n03/index.en.md";
  test::write_text(site.root(), "content/news/n03/index.en.md",
                   edited(n03, "Body of n03.", "Changed body."));
  const fs::path n05 = site.root() / "content/news/n05/index.en.md";
  site.write("content/news/n05/index.en.md", edited(n05, "Body of n05.", "Changed n05."));
  const BuildResult r = site.build();
  EXPECT_NE(exit_status(r), 0);
  EXPECT_NE(findings_text(r).find("content/news/n03/index.en.md: error: the file changed while "
                                  "the site was being built; build again [bundle/changed]"),
            std::string::npos)
      << findings_text(r);
  // After a build that failed every bundle is read again: the next edit's
  // build sees n03 as it is now, and writes what a clean build writes.
  const fs::path n04 = site.root() / "content/news/n04/index.en.md";
  site.write("content/news/n04/index.en.md", edited(n04, "Body of n04.", "Changed n04."));
  const BuildResult next = site.build();
  EXPECT_EQ(exit_status(next), 0) << findings_text(next);
  EXPECT_EQ(difference_from_clean(site.root(), next), "");
}

}  // namespace
}  // namespace pp

namespace pp {
namespace {

// ---------------------------------------------------------------------------
// KeyIndex alone

TEST(KeyIndex, OnlyTheOutputsOfAKeyWhoseValueChangedAreCompared) {
  KeyIndex index;
  index.index("/out/a.html", "b:news/a\nc:en\nt:page.html");
  index.index("/out/b.html", "b:news/b\nc:en\nt:page.html");
  index.index("/out/feed.xml", "l:en:*\nc:en");
  std::map<std::string, std::string> values = {
      {"b:news/a", "1"}, {"b:news/b", "1"}, {"c:en", "1"}, {"t:page.html", "1"}, {"l:en:*", "1"}};
  const auto now = [&] {
    std::vector<std::optional<std::string>> out;
    for (const auto& text : index.keys()) {
      const auto it = values.find(text);
      out.push_back(it == values.end() ? std::nullopt : std::optional<std::string>(it->second));
    }
    return out;
  };
  // The first comparison keeps the values: none were known.
  EXPECT_EQ(index.outputs_of_changed_keys(now()).size(), 3u);
  EXPECT_TRUE(index.outputs_of_changed_keys(now()).empty());
  values["b:news/a"] = "2";
  EXPECT_EQ(index.outputs_of_changed_keys(now()), std::unordered_set<std::string>{"/out/a.html"});
  values["c:en"] = "2";
  EXPECT_EQ(index.outputs_of_changed_keys(now()).size(), 3u);
  // A key that reads from a racy stamp is changed every time.
  values["l:en:*"] = std::string("1") + std::string(kRacyValue) + "x";
  EXPECT_EQ(index.outputs_of_changed_keys(now()), std::unordered_set<std::string>{"/out/feed.xml"});
  EXPECT_EQ(index.outputs_of_changed_keys(now()), std::unordered_set<std::string>{"/out/feed.xml"});
  values["l:en:*"] = "1";
  EXPECT_EQ(index.outputs_of_changed_keys(now()), std::unordered_set<std::string>{"/out/feed.xml"});
  // An output that no longer reads a key is not compared for it; a key that
  // is no key any more (nullopt) is changed.
  index.index("/out/a.html", "c:en\nt:page.html");
  values["b:news/a"] = "3";
  EXPECT_TRUE(index.outputs_of_changed_keys(now()).empty());
  index.index("/out/a.html", "b:news/a\nc:en");
  values.erase("t:page.html");
  EXPECT_EQ(index.outputs_of_changed_keys(now()), std::unordered_set<std::string>{"/out/b.html"});
  index.forget("/out/b.html");
  values["t:page.html"] = "1";
  EXPECT_TRUE(index.outputs_of_changed_keys(now()).empty());
  EXPECT_TRUE(index.knows("/out/feed.xml"));
  EXPECT_FALSE(index.knows("/out/c.html"));
}

// The outputs a build rendered read keys the index had no value for: their
// values are those of that build, so the next build compares only the
// outputs of what changes since (the first edit after serve starts too).
TEST(KeyIndex, KeysOfRenderedOutputsLearnTheirValues) {
  struct Values : DependencyValues {
    std::map<std::string, std::string> by_text;
    std::string value(const DependencyKey& key) const override { return by_text.at(key.text()); }
  } values;
  values.by_text = {{"b:news/a", "1"}, {"b:news/b", "1"}, {"c:en", "1"}, {"f:static/x.css", "1"}};
  KeyIndex index;
  index.index("/out/a.html", "b:news/a\nc:en");
  index.index("/out/b.html", "b:news/b\nc:en\nnot a key");
  index.index("/out/x.css", "f:static/x.css");
  index.fill_values(values);
  const auto now = [&] {
    std::vector<std::optional<std::string>> out;
    for (const auto& text : index.keys()) {
      const auto it = values.by_text.find(text);
      out.push_back(it == values.by_text.end() ? std::nullopt
                                               : std::optional<std::string>(it->second));
    }
    return out;
  };
  // "not a key" has no value: b.html, which read it, is compared. So is a
  // copied file's output: its stamp read now may not be the one copied.
  EXPECT_EQ(index.outputs_of_changed_keys(now()),
            (std::unordered_set<std::string>{"/out/b.html", "/out/x.css"}));
  values.by_text["b:news/a"] = "2";
  index.fill_values(values);  // only keys without a value learn one
  EXPECT_EQ(index.outputs_of_changed_keys(now()),
            (std::unordered_set<std::string>{"/out/a.html", "/out/b.html"}));
  // Once compared, the copied file's value is the one its decision read.
  values.by_text["f:static/x.css"] = "2";
  EXPECT_EQ(index.outputs_of_changed_keys(now()),
            (std::unordered_set<std::string>{"/out/b.html", "/out/x.css"}));
}

}  // namespace
}  // namespace pp

namespace pp {
namespace {

// serve keeps bundles in memory (docs/serve.md): a translation assembled from
// a catalog is assembled again by each build, so a catalog edited while the
// bundle stays as it was shows in the next build from memory, as a clean
// build shows it. Twice: the first build from memory takes the bundles the
// first build read; the second those the first build from memory gave back.
TEST(ServeMemory, ATranslationIsAssembledAgainWhenOnlyItsCatalogChanged) {
  test::TempDir dir;
  const fs::path site = dir.path();
  for (const char* part : {"content", "locales", "pipeline"})
    test::copy_tree(test::source_dir() / part, site / part);
  for (const char* step : {"extract", "update"})
    ASSERT_EQ(test::run_polypress({"-C", site.string(), "i18n", step, "--articles"}).exit_code, 0);
  const std::string bundle = "analysis/small-models-on-laptops";  // no Arabic file
  const fs::path po = site / ("locales/ar/articles/" + bundle + ".po");
  test::translate_all(po);
  BuildMemory memory;
  BuildOptions o;
  o.root = site;
  o.memory = &memory;
  ASSERT_EQ(exit_status(run_build(o)), 0);
  const std::string page = "public/ar/" + bundle + "/index.html";
  for (const char* edit : {"Edited ", "Edited again "}) {
    std::string text = test::read_text(po);
    const auto at = text.find("msgstr \"T1 ");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 11, std::string("msgstr \"T1 ") + edit);
    test::write_text(po.parent_path(), po.filename().string(), text);
    memory.changed(fs::relative(po, site).string());
    ASSERT_EQ(exit_status(run_build(o)), 0);
    test::TempDir clean;
    for (const char* part : {"content", "locales", "pipeline"})
      test::copy_tree(site / part, clean.path() / part);
    ASSERT_EQ(test::run_polypress({"-C", clean.path().string(), "build", "--quiet"}).exit_code, 0);
    EXPECT_NE(test::read_text(site / page).find(edit), std::string::npos) << edit;
    EXPECT_EQ(test::read_text(site / page), test::read_text(clean.path() / page)) << edit;
  }
}

}  // namespace
}  // namespace pp
