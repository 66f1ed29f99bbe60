// Dependency keys, the log of what an output read, and the decision of which
// outputs a build renders again (incremental/incremental.h).
#include <gtest/gtest.h>

#include <map>

#include "incremental/incremental.h"
#include "render/build_caches.h"
#include "support/temp_site.h"

namespace pp {
namespace {

using Kind = DependencyKey::Kind;

// Values set by the test, "absent" for any other key.
struct FakeValues : DependencyValues {
  std::map<std::string, std::string> values;
  std::string value(const DependencyKey& key) const override {
    auto it = values.find(key.text());
    return it == values.end() ? "absent" : it->second;
  }
};

std::vector<DependencyKey> every_kind() {
  return {DependencyKey::bundle("news/launch"),
          DependencyKey::catalog("ko"),
          DependencyKey::template_file("page.html"),
          DependencyKey::list_head("ko", 20),
          DependencyKey::whole_list("ko"),
          DependencyKey::section_list("ko", "news"),
          DependencyKey::every_bundle(),
          DependencyKey::copied_file("/site/pipeline/static/a:b.css"),
          DependencyKey::week_list("pt-BR", "2026-W48"),
          DependencyKey::weeks("ko")};
}

TEST(DependencyKey, EachKindHasItsStoredText) {
  const std::vector<std::string> texts = {
      "b:news/launch",    "c:ko",        "t:page.html", "l:ko:20",
      "l:ko:*",           "l:ko:*:news", "s",           "f:/site/pipeline/static/a:b.css",
      "w:pt-BR:2026-W48", "w:ko"};
  const auto keys = every_kind();
  ASSERT_EQ(keys.size(), texts.size());
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(keys[i].text(), texts[i]);
}

TEST(DependencyKey, ParseIsTheInverseOfText) {
  for (const auto& key : every_kind()) {
    const auto back = DependencyKey::parse(key.text());
    ASSERT_TRUE(back) << key.text();
    EXPECT_EQ(*back, key) << key.text();
  }
  const auto list = DependencyKey::parse("l:en:5");
  ASSERT_TRUE(list);
  EXPECT_EQ(list->kind, Kind::list);
  EXPECT_EQ(list->name, "en");
  EXPECT_EQ(list->first, std::optional<std::size_t>(5));
  const auto section = DependencyKey::parse("l:en:*:reviews");
  ASSERT_TRUE(section);
  EXPECT_EQ(section->kind, Kind::section_list);
  EXPECT_EQ(section->section, "reviews");
}

TEST(DependencyKey, RefusesTextItCannotHaveWritten) {
  for (const char* bad : {"", "b", "x:1", "s:", "l:ko", "l:ko:", "l:ko:two", "l:ko:-1",
                          "l:ko:1234567890", "bundle", "w:ko:2026:W48"})
    EXPECT_FALSE(DependencyKey::parse(bad)) << bad;
}

TEST(DependencyKey, AListOfNAndTheWholeListDiffer) {
  EXPECT_NE(DependencyKey::list_head("ko", 3), DependencyKey::whole_list("ko"));
  EXPECT_NE(DependencyKey::list_head("ko", 3).text(), DependencyKey::whole_list("ko").text());
}

TEST(DependencyLog, RecordsEachKeyOnceSortedByText) {
  DependencyLog log;
  log.record(DependencyKey::template_file("page.html"));
  log.record(DependencyKey::catalog("ko"));
  log.record(DependencyKey::catalog("ko"));  // a repeat of the last
  log.record(DependencyKey::bundle("news/b"));
  log.record(DependencyKey::catalog("ko"));  // again, after another key
  log.record(DependencyKey::bundle("news/a"));
  std::vector<std::string> texts;
  for (const auto& k : log.keys()) texts.push_back(k.text());
  EXPECT_EQ(texts, (std::vector<std::string>{"b:news/a", "b:news/b", "c:ko", "t:page.html"}));
}

TEST(DependencyLog, RecordsOnlyWithinAScopeOnItsThread) {
  record_dependency(DependencyKey::catalog("en"));  // no output is being rendered: dropped
  DependencyLog outer, inner;
  {
    DependencyScope a(outer);
    record_dependency(DependencyKey::catalog("en"));
    {
      DependencyScope b(inner);
      record_dependency(DependencyKey::every_bundle());
    }
    record_dependency(DependencyKey::bundle("news/x"));  // the outer log again
  }
  record_dependency(DependencyKey::catalog("ko"));  // after both: dropped
  EXPECT_EQ(encode_dependencies(outer.keys()), "b:news/x\nc:en");
  EXPECT_EQ(encode_dependencies(inner.keys()), "s");
}

TEST(DependencyLog, AReadWithinAnOutputWhileOutputsRenderIsRecorded) {
  const RecordingPhase outputs_render;
  DependencyLog log;
  {
    DependencyScope scope(log);
    record_dependency(DependencyKey::catalog("ko"));
  }
  EXPECT_EQ(encode_dependencies(log.keys()), "c:ko");
}

// docs/incremental.md, "Reads": a read no output's record holds is a bug
// that a build made for tests stops at, naming the key.
TEST(DependencyLogDeathTest, AReadOutsideAnOutputWhileOutputsRenderFailsLoudly) {
  if (!strict_reads()) GTEST_SKIP() << "built without POLYPRESS_STRICT_READS";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        const RecordingPhase outputs_render;
        record_dependency(DependencyKey::catalog("ko"));
      },
      "internal error: 'c:ko' read outside an output's record while outputs render");
}

TEST(DependencyLogDeathTest, AKeptValueThatReadsSomethingFailsLoudly) {
  if (!strict_reads()) GTEST_SKIP() << "built without POLYPRESS_STRICT_READS";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  DependencyLog log;
  expect_no_reads(log, "nothing");  // read nothing: fine
  log.record(DependencyKey::bundle("news/x"));
  EXPECT_DEATH(expect_no_reads(log, "a kept piece"),
               "internal error: a kept piece read 'b:news/x', which no record would hold");
}

// A value made once for several outputs (a feed entry's content) is recorded
// by each of them as if each had made it, and what making it found is found
// by each (a body that cannot be read fails every feed that shows it).
TEST(DependencyLog, AValueMadeOnceIsReadByEveryOutputThatShowsIt) {
  BuildCaches caches;
  int made = 0;
  auto make = [&](DiagnosticSink& found) {
    ++made;
    record_dependency(DependencyKey::bundle("news/x"));
    record_dependency(DependencyKey::catalog("ar"));
    found.error({"content/news/x/index.ar.md", 0, 0}, "bundle/changed", "changed");
    return std::string("entry");
  };
  DependencyLog first, second;
  DiagnosticSink first_found, second_found;
  {
    DependencyScope scope(first);
    EXPECT_EQ(caches.once("feed news/x ar", make, first_found), "entry");
  }
  {
    DependencyScope scope(second);
    EXPECT_EQ(caches.once("feed news/x ar", make, second_found), "entry");
  }
  EXPECT_EQ(made, 1);
  EXPECT_EQ(encode_dependencies(first.keys()), "b:news/x\nc:ar");
  EXPECT_EQ(encode_dependencies(second.keys()), "b:news/x\nc:ar");
  for (const DiagnosticSink* found : {&first_found, &second_found})
    EXPECT_EQ(format_diagnostics(found->sorted(), OutputFormat::text),
              "content/news/x/index.ar.md: error: changed [bundle/changed]\n");
}

TEST(DependencyLog, EncodedKeysDecodeToThemselves) {
  const auto keys = every_kind();
  const auto back = decode_dependencies(encode_dependencies(keys));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, keys);
  EXPECT_EQ(decode_dependencies(""), std::vector<DependencyKey>{});
  EXPECT_FALSE(decode_dependencies("c:ko\nnonsense"));
}

TEST(DependencyLog, DigestChangesWhenADependencyChanges) {
  FakeValues v;
  v.values = {{"b:news/a", "1"}, {"c:ko", "cat1"}};
  const std::vector<DependencyKey> keys = {DependencyKey::bundle("news/a"),
                                           DependencyKey::catalog("ko")};
  const std::string before = dependencies_digest(v, "global", keys);
  EXPECT_EQ(dependencies_digest(v, "global", keys), before);
  v.values["c:en"] = "other";  // not a dependency
  EXPECT_EQ(dependencies_digest(v, "global", keys), before);
  v.values["c:ko"] = "cat2";
  const std::string after = dependencies_digest(v, "global", keys);
  EXPECT_NE(after, before);
  EXPECT_NE(dependencies_digest(v, "other global", keys), after);
  EXPECT_NE(dependencies_digest(v, "global", {keys[0]}), after);
}

// One output written and recorded, as a build leaves it.
struct Recorded {
  test::TempDir dir;
  std::string file;
  FakeValues values;
  IncrementalState kept;
  std::vector<DependencyKey> keys = {DependencyKey::bundle("news/a"),
                                     DependencyKey::list_head("en", 3)};
  Recorded() {
    test::write_text(dir.path(), "out/page.html", "<p>page</p>");
    file = (dir.path() / "out/page.html").string();
    values.values = {{"b:news/a", "1"}, {"l:en:3", "list1"}};
    OutputRecord r = output_record(keys, values, "global");
    r.state = file_state(file);
    kept.outputs[file] = r;
  }
  bool wanted(const std::string& global = "global") {
    std::vector<std::string> states;
    return outputs_to_render({file}, {true}, kept, values, global, states)[0];
  }
};

TEST(WhatToRender, NothingWhenNothingItReadChanged) {
  Recorded r;
  EXPECT_EQ(r.kept.outputs[r.file].dependencies, "b:news/a\nl:en:3");
  std::vector<std::string> states;
  EXPECT_EQ(outputs_to_render({r.file}, {true}, r.kept, r.values, "global", states),
            std::vector<bool>{false});
  EXPECT_EQ(states[0], file_state(r.file));
}

TEST(WhatToRender, AnOutputWhoseDependencyChanged) {
  Recorded r;
  r.values.values["l:en:3"] = "list2";
  EXPECT_TRUE(r.wanted());
}

TEST(WhatToRender, EveryOutputUnderAnotherGlobal) {
  Recorded r;
  EXPECT_TRUE(r.wanted("new site.yaml"));
}

TEST(WhatToRender, AnOutputNeverRecordedOrOneChangedOrRemoved) {
  Recorded r;
  const std::string other = (r.dir.path() / "out/other.html").string();
  std::vector<std::string> states;
  EXPECT_EQ(outputs_to_render({r.file, other}, {true, true}, r.kept, r.values, "global", states),
            (std::vector<bool>{false, true}));
  r.kept.outputs[r.file].state = "something else";  // the file changed since
  EXPECT_TRUE(r.wanted());
  Recorded removed;
  std::filesystem::remove(removed.file);  // the file went since
  EXPECT_TRUE(removed.wanted());
}

TEST(WhatToRender, ARecordWhoseKeysCannotBeReadAndNotOtherShards) {
  Recorded r;
  r.kept.outputs[r.file].dependencies = "b:news/a\nnot a key";
  EXPECT_TRUE(r.wanted());
  std::vector<std::string> states;
  EXPECT_EQ(outputs_to_render({r.file}, {false}, r.kept, r.values, "global", states),
            std::vector<bool>{false});
}

TEST(WhatToRender, OutputsNoLongerProducedAreForgotten) {
  IncrementalState kept;
  kept.outputs["/out/a.html"] = {};
  kept.outputs["/out/gone.html"] = {};
  IncrementalUpdate update;
  kept.outputs["/other/gone.html"] = {};  // another folder's: its builds' to forget
  forget_outputs_not_in(kept, {"/out/a.html", "/out/b.html"}, {"/out"}, update);
  EXPECT_EQ(update.removed_outputs, std::vector<std::string>{"/out/gone.html"});
}

}  // namespace
}  // namespace pp
