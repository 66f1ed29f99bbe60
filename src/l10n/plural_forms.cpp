// CLDR plural rules (through ICU) turned into gettext's Plural-Forms header.
#include <unicode/locid.h>
#include <unicode/plurrule.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>

#include "core/process.h"
#include "core/text.h"
#include "l10n/l10n.h"

namespace pp {

namespace {

std::unique_ptr<icu::PluralRules> rules_for(const std::string& tag) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status)) loc = icu::Locale::getRoot();
  status = U_ZERO_ERROR;
  std::unique_ptr<icu::PluralRules> rules(icu::PluralRules::forLocale(loc, status));
  return U_FAILURE(status) ? nullptr : std::move(rules);
}

std::string to_utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

// The integers a gettext `n` can be, sampled so that every CLDR category an
// integer can reach is reached: 0..10000, then powers of ten (the French and
// Portuguese "many" starts at a million).
std::vector<unsigned long> integer_samples() {
  std::vector<unsigned long> out;
  for (unsigned long n = 0; n <= 10000; ++n) out.push_back(n);
  for (unsigned long p = 100000; p <= 1000000000UL; p *= 10) out.push_back(p);
  return out;
}

constexpr std::array<const char*, 6> kCldrOrder = {"zero", "one", "two", "few", "many", "other"};

// A CLDR condition ("v in 0..0 and i mod 10 in 2..4 or ...", ICU's normalized
// form) as a C expression over gettext's n. For an integer, i = n and the
// fraction operands v, w, f, t, c, e are 0; relations on those fold to constants.
struct Folded {
  enum { never, always, depends } kind;
  std::string expr;
};

// \s of ECMAScript on bytes.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// One relation of ICU's normalized rule text, split by hand as
//   ^\s*([niftvwce])\s*(?:(?:mod|%)\s*(\d+))?\s*(OPERATOR)\s*(.*)$
// into its operand, modulus (empty when none), operator and list.
struct Relation {
  std::string operand, modulus, op, list;
};

std::optional<Relation> split_relation(std::string_view s) {
  std::size_t i = 0;
  auto skip_spaces = [&] {
    while (i < s.size() && is_space(s[i])) ++i;
  };
  skip_spaces();
  if (i == s.size() || std::string_view("niftvwce").find(s[i]) == std::string_view::npos)
    return std::nullopt;
  Relation r;
  r.operand = s[i++];
  skip_spaces();
  // The optional "mod N" (or "% N"); without its number it is not there.
  const std::size_t before_mod = i;
  if (s.substr(i).starts_with("mod") || s.substr(i).starts_with("%")) {
    i += s[i] == '%' ? 1 : 3;
    skip_spaces();
    const std::size_t digits = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i > digits)
      r.modulus = std::string(s.substr(digits, i - digits));
    else
      i = before_mod;
  }
  skip_spaces();
  // The first operator that fits, in the pattern's order.
  for (const char* op : {"not in", "in", "is not", "is", "!=", "=", "not within", "within"}) {
    if (s.substr(i).starts_with(op)) {
      r.op = op;
      break;
    }
  }
  if (r.op.empty()) return std::nullopt;
  i += r.op.size();
  skip_spaces();
  r.list = std::string(s.substr(i));
  // '.' matched anything but a line break.
  if (r.list.find_first_of("\r\n") != std::string::npos) return std::nullopt;
  return r;
}

Folded relation(const std::string& text) {
  const auto m = split_relation(text);
  if (!m) return {Folded::never, ""};
  const std::string operand = m->operand, op = m->op;
  const bool negate = op == "not in" || op == "is not" || op == "!=" || op == "not within";
  const bool variable = operand == "n" || operand == "i";
  const std::string lhs = m->modulus.empty() ? "n" : "n % " + m->modulus;
  std::vector<std::string> parts;
  bool zero_inside = false;  // for a fraction operand, which is always 0
  std::istringstream list(m->list);
  std::string range;
  while (std::getline(list, range, ',')) {
    const auto dots = range.find("..");
    const long lo = std::stol(range.substr(0, dots));
    const long hi = dots == std::string::npos ? lo : std::stol(range.substr(dots + 2));
    if (lo <= 0 && 0 <= hi) zero_inside = true;
    parts.push_back(lo == hi ? lhs + (negate ? " != " : " == ") + std::to_string(lo)
                             : (negate ? "!(" : "(") + lhs + " >= " + std::to_string(lo) + " && " +
                                   lhs + " <= " + std::to_string(hi) + ")");
  }
  if (!variable) return {zero_inside != negate ? Folded::always : Folded::never, ""};
  // "not in a, b" is "!= a && != b"; "in a, b" is "== a || == b".
  std::string expr;
  for (const auto& p : parts) expr += (expr.empty() ? "" : negate ? " && " : " || ") + p;
  return {Folded::depends, parts.size() > 1 ? "(" + expr + ")" : expr};
}

// Splits on a keyword surrounded by spaces (" and ", " or ").
std::vector<std::string> split_on(const std::string& s, const std::string& word) {
  std::vector<std::string> out;
  const std::string sep = " " + word + " ";
  std::size_t from = 0;
  for (auto at = s.find(sep); at != std::string::npos; at = s.find(sep, from)) {
    out.push_back(s.substr(from, at - from));
    from = at + sep.size();
  }
  out.push_back(s.substr(from));
  return out;
}

Folded condition(const std::string& text) {
  std::vector<std::string> ors;
  bool always = false;
  for (const auto& conj : split_on(text, "or")) {
    std::vector<std::string> ands;
    bool never = false;
    for (const auto& rel : split_on(conj, "and")) {
      const Folded f = relation(rel);
      if (f.kind == Folded::never) never = true;
      if (f.kind == Folded::depends) ands.push_back(f.expr);
    }
    if (never) continue;
    if (ands.empty()) always = true;
    std::string e;
    for (const auto& a : ands) e += (e.empty() ? "" : " && ") + a;
    if (ands.size() > 1 && !e.empty()) e = "(" + e + ")";
    if (!e.empty()) ors.push_back(e);
  }
  if (always) return {Folded::always, ""};
  if (ors.empty()) return {Folded::never, ""};
  std::string e;
  for (const auto& o : ors) e += (e.empty() ? "" : " || ") + o;
  return {Folded::depends, ors.size() > 1 ? "(" + e + ")" : e};
}

// The digits of the first "nplurals = N" (nplurals\s*=\s*(\d+)), leading
// zeros left out ("0" for zero); nullopt when there is none.
std::optional<std::string> nplurals_digits(const std::string& text) {
  static constexpr std::string_view kName = "nplurals";
  for (auto at = text.find(kName); at != std::string::npos; at = text.find(kName, at + 1)) {
    std::size_t i = at + kName.size();
    while (i < text.size() && is_space(text[i])) ++i;
    if (i == text.size() || text[i] != '=') continue;
    ++i;
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && is_digit(text[i])) ++i;
    if (i == start) continue;
    const std::size_t first = std::min(text.find_first_not_of('0', start), i - 1);
    return text.substr(first, i - first);
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> integer_plural_categories(const std::string& icu_locale) {
  const auto rules = rules_for(icu_locale);
  if (!rules) return {"other"};
  std::set<std::string> seen;
  for (unsigned long n : integer_samples())
    seen.insert(to_utf8(rules->select(static_cast<int32_t>(std::min(n, 2000000000UL)))));
  std::vector<std::string> out;
  for (const char* c : kCldrOrder)
    if (seen.count(c)) out.push_back(c);
  return out;
}

std::string gettext_plural_forms(const std::string& icu_locale, const std::vector<int>& forms,
                                 int nplurals) {
  const auto rules = rules_for(icu_locale);
  const auto categories = integer_plural_categories(icu_locale);
  auto form_of = [&](std::size_t i) { return std::to_string(forms.empty() ? int(i) : forms[i]); };
  const std::string count = std::to_string(nplurals > 0 ? nplurals : int(categories.size()));
  if (!rules || categories.size() <= 1) return "nplurals=" + count + "; plural=" + form_of(0) + ";";
  // ICU's normalized description: "few: n mod 100 in 3..10; one: n  in 1..1; other: ".
  std::map<std::string, std::string> conditions;
  std::string all = to_utf8(rules->getRules());
  std::istringstream in(all);
  std::string rule;
  while (std::getline(in, rule, ';')) {
    const auto colon = rule.find(':');
    if (colon == std::string::npos) continue;
    std::string key = rule.substr(0, colon), cond = rule.substr(colon + 1);
    key.erase(0, key.find_first_not_of(' '));
    std::string squeezed;
    for (char c : cond)
      if (!(c == ' ' && (squeezed.empty() || squeezed.back() == ' '))) squeezed += c;
    while (!squeezed.empty() && squeezed.back() == ' ') squeezed.pop_back();
    conditions[key] = squeezed;
  }
  // Every reachable category but the last gets a test; the last is the default.
  std::string expr = form_of(categories.size() - 1);
  for (std::size_t i = categories.size() - 1; i-- > 0;) {
    const Folded f = condition(conditions[categories[i]]);
    // A category sharing the default's form needs no test of its own.
    if (f.kind == Folded::never || expr == form_of(i)) continue;
    const std::string test = f.kind == Folded::always ? "1" : f.expr;
    expr = test + " ? " + form_of(i) + " : " + expr;
  }
  return "nplurals=" + count + "; plural=(" + expr + ");";
}

namespace {

// "10–20, 30, 40, …": sorted numbers as runs of consecutive ones, the first
// three.
std::string number_runs(const std::vector<long>& numbers) {
  std::string out;
  int runs = 0;
  for (std::size_t i = 0; i < numbers.size();) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (runs == 3) return out + ", …";
    out += (out.empty() ? "" : ", ") + std::to_string(numbers[i]) +
           (j > i ? "–" + std::to_string(numbers[j]) : "");
    ++runs;
    i = j + 1;
  }
  return out;
}

// CLDR's large-number category ("many" of fr, es, it, ca, pt: 1000000,
// 2000000, …): gettext catalogs have always given it "other"'s form.
constexpr long kLargeNumbers = 1000000;

// category → form → the sampled whole numbers that get it, ascending.
using FormsSeen = std::map<std::string, std::map<int, std::vector<long>>>;

// Which form the header gives each sampled whole number, by its CLDR
// category: a probe catalog whose form k reads "k", compiled by msgfmt and
// read by Boost.Locale like the real one. nullopt with `error` set when msgfmt
// rejects the header or a number gets no form.
std::optional<FormsSeen> forms_seen(const SiteConfig& config, const LanguageConfig& lang,
                                    const std::string& plural_forms, int nplurals,
                                    std::string& error) {
  std::string po =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: ";
  for (char c : plural_forms)
    if (c != '"' && c != '\\' && c != '\n') po += c;
  po += "\\n\"\n\nmsgid \"x\"\nmsgid_plural \"xs\"\n";
  for (int k = 0; k < nplurals; ++k)
    po += "msgstr[" + std::to_string(k) + "] \"" + std::to_string(k) + "\"\n";
  const ProcessResult r = run_process_with_input({"msgfmt", "--check-header", "-o", "-", "-"}, &po);
  if (r.exit_code != 0) {
    // "<stdin>:2: invalid plural expression": keep msgfmt's words.
    const auto at = r.err.find("<stdin>:2: ");
    const auto end = at == std::string::npos ? at : r.err.find('\n', at);
    std::string why = at == std::string::npos ? "invalid" : r.err.substr(at + 11, end - at - 11);
    // "...but header entry lacks …" continues a line about the probe's entry.
    for (const char* lead : {"...", "but "})
      if (why.starts_with(lead)) why.erase(0, std::string_view(lead).size());
    error = "msgfmt rejects Plural-Forms: " + why;
    return std::nullopt;
  }
  const Locale probe(config, lang, r.out);
  const auto rules = rules_for(lang.locale.empty() ? lang.code : lang.locale);
  FormsSeen seen;
  if (!rules) return seen;
  for (unsigned long un : integer_samples()) {
    if (un > 1000 && un < 100000) continue;  // the pattern repeats; keep it quick
    const long n = static_cast<long>(un);
    // The probe's own msgid, not an interface string (i18n extract skips it).
    const std::string singular = "x", plural = "xs";
    const std::string form_text = probe.tr_n(singular, plural, n);
    const int form = form_text == "x" || form_text == "xs" ? -1 : std::stoi(form_text);
    if (form < 0 || form >= nplurals) {  // Boost.Locale falls back to the msgid
      error = "Plural-Forms gives " + std::to_string(n) +
              " a form beyond nplurals=" + std::to_string(nplurals);
      return std::nullopt;
    }
    seen[to_utf8(rules->select(static_cast<int32_t>(n)))][form].push_back(n);
  }
  return seen;
}

// Each category's own form: the one most of its numbers get, the categories
// with the most numbers choosing first. A category left without a form of
// its own shares another's (`sharing`).
struct FormAssignment {
  std::vector<std::string> order;  ///< categories, most numbers first
  std::map<std::string, int> form_of;
  std::map<int, std::string> owner;               ///< form → the category it is the own form of
  std::map<int, std::vector<std::string>> users;  ///< form → the categories whose numbers get it
  std::set<std::string> sharing;

  explicit FormAssignment(FormsSeen& seen) {
    auto total = [&](const std::string& c) {
      std::size_t t = 0;
      for (const auto& [f, numbers] : seen[c]) t += numbers.size();
      return t;
    };
    for (const auto& [c, forms] : seen) order.push_back(c);
    std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
      return total(a) > total(b);
    });
    for (const auto& c : order) {
      int best = -1;
      std::size_t most = 0;
      for (const auto& [f, numbers] : seen[c]) {
        users[f].push_back(c);
        if (!owner.count(f) && numbers.size() > most) best = f, most = numbers.size();
      }
      if (best < 0) {
        for (const auto& [f, numbers] : seen[c])
          if (numbers.size() > most) best = f, most = numbers.size();
        sharing.insert(c);
      } else {
        owner[best] = c;
      }
      form_of[c] = best;
    }
  }
};

// What is wrong, by first number: numbers whose form is another category's
// too. A form that only some numbers of one category get (Hebrew's tens,
// CLDR's former "many") is a refinement the translator can fill alike
// (`refinements`), unless it singles out 0 or 1 where CLDR says whole numbers
// read alike (the English "n != 1" copied into Tajik).
std::vector<std::pair<long, std::string>> wrong_forms(FormsSeen& seen, FormAssignment& a,
                                                      std::vector<std::string>& refinements) {
  std::vector<std::pair<long, std::string>> wrong;
  auto example = [&](const std::string& c, int f) {
    return "'" + c + "', as " + std::to_string(seen[c][f].front());
  };
  for (const auto& c : a.order) {
    const bool shares = a.sharing.count(c) > 0;
    if (shares && seen[c].begin()->second.front() >= kLargeNumbers) continue;
    const int mine = a.form_of[c];
    for (const auto& [f, numbers] : seen[c]) {
      if (!shares && f == mine) continue;
      const std::string get = number_runs(numbers) + (numbers.size() == 1 ? " gets" : " get") +
                              " form " + std::to_string(f);
      const std::string own =
          " (form " + std::to_string(mine) + ", as " + std::to_string(seen[c][mine].front()) + ")";
      if (!shares && a.users[f].size() == 1) {
        if (numbers.back() > 1)
          refinements.push_back(get + " of their own ('" + c + "' in CLDR, like form " +
                                std::to_string(mine) + ")");
        else
          wrong.emplace_back(numbers.front(), get + " of its own, but CLDR says '" + c + "'" + own +
                                                  ": whole numbers read alike there");
        continue;
      }
      const auto& users = a.users[f];
      const std::string& other = a.owner.count(f)     ? a.owner[f]
                                 : users.front() != c ? users.front()
                                                      : users.back();
      wrong.emplace_back(numbers.front(), get + " (" + example(other, f) + "), but CLDR says '" +
                                              c + "'" +
                                              (shares ? ", which has no form of its own" : own));
    }
  }
  std::sort(wrong.begin(), wrong.end());
  return wrong;
}

// A correct header for a wrong one, and what it means for the entries: the
// translator's own numbering where every category has a form of its own,
// otherwise CLDR's order and the moves to make.
void suggest_fix(const std::string& icu, FormsSeen& seen, FormAssignment& a, int nplurals,
                 PluralFormsVerdict& v) {
  const auto categories = integer_plural_categories(icu);
  const bool order_kept = std::none_of(a.sharing.begin(), a.sharing.end(), [&](const auto& c) {
    return seen[c].begin()->second.front() < kLargeNumbers;
  });
  if (order_kept) {
    std::vector<int> forms;
    for (const auto& c : categories) forms.push_back(a.form_of.count(c) ? a.form_of[c] : 0);
    v.suggestion = "Plural-Forms: " + gettext_plural_forms(icu, forms, nplurals);
    v.renumbering = "(your msgstr[] keep their numbers)";
    for (int f = 0; f < nplurals; ++f) v.slots.push_back({f, true, "", {}});
    return;
  }
  // The forms that move to CLDR's order, then the ones to write anew.
  std::string moves, added;
  for (std::size_t i = 0; i < categories.size(); ++i) {
    const std::string& c = categories[i];
    const bool own =
        a.form_of.count(c) && a.owner.count(a.form_of[c]) && a.owner[a.form_of[c]] == c;
    std::vector<int> shown;
    for (const auto& [f, numbers] : seen[c]) shown.push_back(f);
    v.slots.push_back({a.form_of.count(c) ? a.form_of[c] : -1, own, c, shown});
    if (own && a.form_of[c] == int(i)) continue;
    std::string& list = own ? moves : added;
    list += std::string(list.empty() ? "" : ", ") +
            (own ? "msgstr[" + std::to_string(a.form_of[c]) + "] becomes msgstr[" +
                       std::to_string(i) + "] ('" + c + "')"
                 : "msgstr[" + std::to_string(i) + "] ('" + c + "')");
  }
  if (!moves.empty() || !added.empty()) v.renumbering = "— in every plural entry ";
  v.renumbering += moves;
  if (!added.empty()) v.renumbering += (moves.empty() ? "write " : ", and write ") + added;
}

}  // namespace

PluralFormsVerdict judge_plural_forms(const SiteConfig& config, const LanguageConfig& lang,
                                      const std::string& plural_forms) {
  PluralFormsVerdict v;
  const std::string icu = lang.locale.empty() ? lang.code : lang.locale;
  v.suggestion = "Plural-Forms: " + gettext_plural_forms(icu);
  const auto digits = nplurals_digits(plural_forms);
  if (!digits) {
    v.error = "Plural-Forms has no nplurals";
    return v;
  }
  // CLDR has at most six categories; twelve forms leave room for any
  // tradition, and more is a typing error.
  if (digits->size() > 2 || std::stoi(*digits) < 1 || std::stoi(*digits) > 12) {
    v.error = "Plural-Forms says nplurals=" + quote_for_message(*digits, 20) + "; expected 1 to 12";
    return v;
  }
  const int nplurals = std::stoi(*digits);
  std::string error;
  auto seen = forms_seen(config, lang, plural_forms, nplurals, error);
  if (!seen) {
    v.error = error;
    return v;
  }
  v.forms = *seen;
  FormAssignment a(*seen);
  std::vector<std::string> refinements;
  const auto wrong = wrong_forms(*seen, a, refinements);
  if (!wrong.empty()) {
    // Every category read wrong is named (at most six): a translator fixes
    // them all at once.
    std::string all;
    for (const auto& w : wrong) all += (all.empty() ? "" : "; ") + w.second;
    v.error = all;
    suggest_fix(icu, *seen, a, nplurals, v);
    return v;
  }
  std::string note;
  for (int f = 0; f < nplurals; ++f)
    if (!a.users.count(f)) {
      note += (note.empty() ? "form " : ", form ") + std::to_string(f);
      v.fraction_forms.push_back(f);
    }
  if (!note.empty())
    note += " serve" + std::string(note.find(',') == std::string::npos ? "s" : "") +
            " no whole number (Transifex and Weblate add one for fractions; polypress counts "
            "whole things)";
  for (const auto& r : refinements) note += (note.empty() ? "" : "; ") + r;
  for (const auto& c : a.sharing)
    note += (note.empty() ? "" : "; ") + std::string("'") + c + "' (" +
            number_runs((*seen)[c].begin()->second) + ") shares form " +
            std::to_string(a.form_of[c]) + " with '" + a.owner[a.form_of[c]] +
            "', as gettext catalogs have always done";
  if (!note.empty()) v.note = "Plural-Forms is right for every whole number; " + note;
  return v;
}

std::optional<std::string> check_plural_forms(const SiteConfig& config, const LanguageConfig& lang,
                                              const std::string& plural_forms) {
  return judge_plural_forms(config, lang, plural_forms).error;
}

}  // namespace pp
