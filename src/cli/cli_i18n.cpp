#include <cstdio>
#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "cli/translator_reports.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

namespace {

// 90 → "90", 92.5 → "92.5".
std::string percent_text(double p) {
  char out[32];
  std::snprintf(out, sizeof out, "%g", p);
  return out;
}

// --fail-under: true when every language but the source is at least
// `percent` done; otherwise names those below it on stderr.
bool at_or_above_the_bar(const I18nStatsResult& r, double percent) {
  const auto below = i18n_stats_below(r, percent);
  std::string names;
  for (const auto& b : below) names += (names.empty() ? "" : ", ") + b;
  if (!below.empty())
    std::cerr << visible_lines("polypress i18n stats: below " + percent_text(percent) +
                               " %: " + names + "\n");
  return below.empty();
}

const char* const kI18nUsage =
    "Usage: polypress i18n extract [-C DIR] [--articles [--from-translation]]\n"
    "       polypress i18n update [-C DIR] [--fix-plural-forms | --articles]\n"
    "       polypress i18n apply --articles [-C DIR] LANG BUNDLE\n"
    "       polypress i18n check [-C DIR] [--format text|json|github|sarif]\n"
    "       polypress i18n stats [-C DIR] [--format text|json] [--fail-under PCT]\n\n"
    "  extract   write locales/polypress.pot from the templates ({{#t}}...{{/t}}),\n"
    "            the section titles of site.yaml and the strings of the code.\n"
    "            --articles: instead, locales/articles/<section>/<slug>.pot for\n"
    "            each bundle, its source's fields and blocks (one entry each);\n"
    "            --from-translation also seeds a catalog from each Markdown\n"
    "            translation that has none (fuzzy where the alignment is a guess)\n"
    "  update    merge the .pot into every locales/<lang>.po (GNU msgmerge: kept\n"
    "            translations, comments, fuzzy flags; vanished strings become\n"
    "            obsolete '#~' entries); a missing catalog is created.\n"
    "            --fix-plural-forms: a Plural-Forms that gives a whole number the\n"
    "            wrong form is replaced by the one i18n check suggests and every\n"
    "            plural entry's msgstr[] renumbered (guessed forms marked fuzzy).\n"
    "            --articles: instead, each article template into\n"
    "            locales/<lang>/articles/<section>/<slug>.po (a changed block\n"
    "            turns fuzzy; created where the bundle has no index.<lang>.md)\n"
    "  apply     write content/BUNDLE/index.LANG.md from the bundle's catalog\n"
    "            in LANG (blocks it does not translate in the source's words)\n"
    "  check     catalog errors at their line: msgfmt --check, Plural-Forms against\n"
    "            CLDR, plural indexes, {placeholders}; strings missing from the .pot\n"
    "  stats     per language: interface strings translated, fuzzy, untranslated;\n"
    "            articles up to date, stale, unstamped, missing. --fail-under PCT\n"
    "            exits 1 when a language's strings or articles are less done\n";

// `i18n extract --articles` and `i18n update --articles`.
int article_catalogs(const std::string& sub, const std::filesystem::path& root,
                     bool from_translation) {
  const I18nUpdateResult r = sub == "extract" ? run_i18n_extract_articles(root, from_translation)
                                              : run_i18n_update_articles(root);
  const int status = report_result("i18n " + sub, r);
  std::cout << visible_lines(catalog_update_text(r));
  return status;
}

// `i18n apply --articles LANG BUNDLE`.
int apply_articles(bool articles, const std::vector<std::string>& operands,
                   const std::filesystem::path& root) {
  if (!articles || operands.size() != 2) {
    std::cerr << "polypress i18n apply: usage: polypress i18n apply --articles LANG BUNDLE\n";
    return kExitUsage;
  }
  const NewResult r = run_i18n_apply_articles(root, operands[0], operands[1]);
  const int status = report_result("i18n apply", r);
  if (!r.path.empty()) std::cout << visible_lines(r.path + "\n");
  return status;
}

// The options of one subcommand besides the common ones.
struct I18nFlags {
  bool fix_plurals = false, articles = false, from_translation = false;
  double fail_under = -1;
  std::vector<std::string> operands;  ///< apply's LANG BUNDLE
};

void add_i18n_options(const std::string& sub, po::options_description& desc,
                      po::options_description& hidden,
                      po::positional_options_description& positional, I18nFlags& f) {
  if (sub == "extract" || sub == "update" || sub == "apply")
    desc.add_options()("articles", po::bool_switch(&f.articles),
                       "the article templates and catalogs instead of the interface's");
  if (sub == "extract")
    desc.add_options()("from-translation", po::bool_switch(&f.from_translation),
                       "with --articles: seed catalogs from the Markdown translations");
  if (sub == "apply") {
    hidden.add_options()("operand", po::value(&f.operands));
    positional.add("operand", -1);
  }
  if (sub == "stats")
    desc.add_options()("fail-under", po::value<double>(&f.fail_under)->value_name("PCT"),
                       "exit 1 when a language is less than PCT % done");
  if (sub == "update")
    desc.add_options()("fix-plural-forms", po::bool_switch(&f.fix_plurals),
                       "correct a wrong Plural-Forms and renumber msgstr[] to match");
}

}  // namespace

int cmd_i18n(const std::vector<std::string>& args) {
  // The subcommand is the first argument that is neither an option nor a value.
  std::string sub;
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const bool value = i > 0 && (args[i - 1] == "-C" || args[i - 1] == "--directory" ||
                                 args[i - 1] == "--format" || args[i - 1] == "--fail-under");
    if (sub.empty() && !value && args[i].rfind("-", 0) != 0)
      sub = args[i];
    else
      rest.push_back(args[i]);
  }
  if (sub.empty()) {
    const bool help = !args.empty() && (args[0] == "--help" || args[0] == "-h");
    (help ? std::cout : std::cerr) << kI18nUsage;
    return help ? kExitOk : kExitUsage;
  }
  if (sub != "extract" && sub != "update" && sub != "stats" && sub != "check" && sub != "apply") {
    std::cerr << "polypress i18n: unknown subcommand '" << visible_text(sub) << "'\n\n"
              << kI18nUsage;
    return kExitUsage;
  }
  CommonOptions common;
  po::options_description desc(kI18nUsage);
  const std::vector<std::string> formats = sub == "stats"   ? kTableFormats
                                           : sub == "check" ? kFindingFormats
                                                            : std::vector<std::string>{};
  add_common_options(desc, common, formats);
  I18nFlags f;
  po::positional_options_description positional;
  po::options_description hidden;  // apply's operands: parsed, not shown in --help
  add_i18n_options(sub, desc, hidden, positional, f);
  po::options_description parsed;
  parsed.add(desc).add(hidden);
  auto& [fix_plurals, articles, from_translation, fail_under, operands] = f;
  po::variables_map vm;
  if (!parse_command_line("i18n " + sub, rest, parsed, sub == "apply" ? &positional : nullptr, vm))
    return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (articles && fix_plurals) {
    std::cerr << "polypress i18n update: --articles and --fix-plural-forms do not go together\n";
    return kExitUsage;
  }
  if (sub == "apply") return apply_articles(articles, operands, common.root);
  if (from_translation && !articles) {
    std::cerr << "polypress i18n extract: --from-translation goes with --articles\n";
    return kExitUsage;
  }
  if (articles) return article_catalogs(sub, common.root, from_translation);
  if (sub == "update") {
    const I18nUpdateResult r = run_i18n_update(common.root, fix_plurals);
    const int status = report_result("i18n update", r);
    std::cout << visible_lines(catalog_update_text(r));
    return status;
  }
  if (!formats.empty() && !format_accepted("i18n " + sub, common, formats)) return kExitUsage;
  if (sub == "extract") return report_result("i18n extract", run_i18n_extract(common.root));
  if (sub == "check") {
    OutputFormat format;
    parse_output_format(common.format, format);
    return report_result("i18n check", run_i18n_check(common.root), format);
  }
  if (vm.count("fail-under") && (fail_under < 0 || fail_under > 100)) {
    std::cerr << "polypress i18n stats: --fail-under must be a percentage from 0 to 100\n";
    return kExitUsage;
  }
  const I18nStatsResult r = run_i18n_stats(common.root);
  const int status = report_result("i18n stats", r);
  if (r.error) return status;
  std::cout << visible_lines(common.format == "json" ? i18n_stats_json(r) : i18n_stats_text(r));
  // --fail-under fails a run that found nothing else, as --strict does.
  if (status == kExitOk && fail_under >= 0 && !at_or_above_the_bar(r, fail_under))
    return kExitFindings;
  return status;
}

}  // namespace pp
