#include "support/temp_site.h"

#include <unistd.h>

#include <fstream>
#include <random>
#include <sstream>

#include "core/process.h"

namespace pp::test {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::random_device rd;
  path_ = fs::temp_directory_path() /
          ("polypress-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ec);
  fs::remove_all(path_, ec);
}

void write_text(const fs::path& root, const std::string& rel, const std::string& content) {
  const fs::path p = root / rel;
  fs::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary);
  f << content;
}

std::string read_text(const fs::path& file) {
  std::ifstream f(file, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void make_minimal_site(const fs::path& root) {
  write_text(root, "pipeline/site.yaml", R"(site:
  name: TestSite
  base_url: https://test.example/
  default_language: en
  time_zone: Asia/Seoul
languages:
  - {code: en, name: English}
  - {code: ar, name: العربية}
sections:
  - {id: news, title: "News"}
  - {id: reviews, title: "Reviews"}
newsletter:
  from: "TestSite <brief@test.example>"
  list_id: "brief.test.example"
  subscribe_url: "https://test.example/subscribe"
  unsubscribe_url: "https://test.example/{lang}/unsubscribe"
)");
  for (const auto& t : {"head", "header", "newsletter", "footer", "article_list", "article", "home",
                        "section", "chooser"}) {
    const fs::path src = source_dir() / "pipeline/templates/html" / (std::string(t) + ".mustache");
    write_text(root, std::string("pipeline/templates/html/") + t + ".mustache", read_text(src));
  }
  write_text(root, "pipeline/static/style.css", "body{margin:0}\n");
  write_text(root, "locales/ar.po", read_text(source_dir() / "locales/ar.po"));
  write_text(root, "locales/en.po", read_text(source_dir() / "locales/en.po"));
  write_text(root, "content/news/chip-launch/index.en.md", R"(---
title: "A new chip <ships>"
type: news
date: 2026-11-20
summary: "A vendor ships a chip; we compare it with the [tool](/reviews/tool)."
verdict: "Worth watching."
authors: [Ana Lima, Ben Ode]
related: [reviews/tool]
sources:
  - {title: "Announcement", url: "https://vendor.example/post", publisher: "Vendor Inc.", accessed: 2026-11-20}
figures:
  share: {value: 0.965, format: percent}
  price: {value: 19999.5, format: currency, currency: KRW}
---
The chip passes {{fig:share}} of tests and costs {{fig:price}}. See the
[pricing](/reviews/tool#pricing) of the [tool](/reviews/tool).

## Details

`{{fig:share}}` in code stays as it is.
)");
  write_text(root, "content/news/chip-launch/index.ar.md", R"(---
title: "شريحة جديدة"
summary: "بائع يطرح شريحة."
verdict: "تستحق المتابعة."
translation_of: en
---
تجتاز الشريحة {{fig:share}} من الاختبارات وسعرها {{fig:price}}. انظر [الأداة](/reviews/tool).
)");
  write_text(root, "content/reviews/tool/index.en.md", R"(---
title: "Tool review"
type: review
date: 2026-11-18
summary: "A tool, reviewed."
verdict: "Good."
rating: 4.5
price: {amount: 12, currency: EUR, period: month}
product: {name: Tool, url: "https://tool.example/", kind: tool}
checked: 2026-11-19
---
It works.

## Pricing

Twelve euros.
)");
}

std::map<std::string, std::string> read_tree(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[fs::relative(e.path(), dir).generic_string()] = read_text(e.path());
  return out;
}

Run run_polypress(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {POLYPRESS_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  const ProcessResult r = run_process(argv);
  return {r.exit_code, r.out, r.err};
}

fs::path source_dir() {
  return POLYPRESS_SOURCE_DIR;
}

}  // namespace pp::test
