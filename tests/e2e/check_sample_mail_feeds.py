#!/usr/bin/env python3
"""Outside validators on the sample site's feeds and emails (issue 17, deliverable 6).

Builds a copy of the repository's sample site (pages, article emails and the
weekly brief of 2026-W48) in a temporary folder, then:

  feeds   every <lang>/feed.xml parses with Python's feedparser without bozo,
          with entries that each have a title and a link
  eml     every .eml parses with email.parser.BytesParser(policy=default) with
          zero defects on the message, on every part and on every header
  spam    every .eml scores below 2 with Debian's SpamAssassin (its library,
          as spamassassin -L -t runs it): offline, with the rules Debian ships and nothing of this
          machine's state (a temporary home, the sa-update rules and the
          administrator's local.cf left out)

Usage: check_sample_mail_feeds.py POLYPRESS REPO {feeds|eml|spam}
Run it with Debian's /usr/bin/python3 (python3-feedparser lives there)."""
import email.parser, email.policy, glob, os, re, shutil, subprocess, sys, tempfile

polypress, repo, what = sys.argv[1], sys.argv[2], sys.argv[3]
SPAM_LIMIT = 2.0
# Debian's rules as shipped: the package's rule files, not those sa-update may
# have fetched into /var/lib/spamassassin.
SA_RULES = "/usr/share/spamassassin"
SA_SITE = "/etc/spamassassin"


def build_sample(work):
    site = os.path.join(work, "site")
    for part in ("pipeline", "locales", "content"):
        shutil.copytree(os.path.join(repo, part), os.path.join(site, part))
    for args in (["build", "--quiet"], ["edition", "--week", "2026-W48"]):
        r = subprocess.run([polypress, "-C", site] + args, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"polypress {' '.join(args)} failed:\n{r.stderr}")
    return site


def check_feeds(site):
    import feedparser

    failures = []
    feeds = sorted(glob.glob(os.path.join(site, "public", "*", "feed.xml")))
    if len(feeds) < 5:
        failures.append(f"only {len(feeds)} feeds")
    for path in feeds:
        d = feedparser.parse(path)
        if d.bozo:
            failures.append(f"{path}: bozo: {d.bozo_exception!r}")
        if d.version != "atom10":
            failures.append(f"{path}: version {d.version!r}, not atom10")
        if not d.feed.get("title") or not d.feed.get("link"):
            failures.append(f"{path}: feed without title or link")
        if not d.entries:
            failures.append(f"{path}: no entries")
        for e in d.entries:
            if not e.get("title") or not e.get("link", "").startswith("https://"):
                failures.append(f"{path}: entry without title or absolute link: {e.get('id')}")
    print(f"{len(feeds)} feeds parsed")
    return failures


def emails(site):
    found = sorted(glob.glob(os.path.join(site, "mail", "*", "*.eml")))
    if len(found) < 50 or not any("brief-" in f for f in found):
        sys.exit(f"only {len(found)} emails (briefs included?)")
    return found


def check_eml(site):
    failures = []
    paths = emails(site)
    parser = email.parser.BytesParser(policy=email.policy.default)
    for path in paths:
        with open(path, "rb") as f:
            m = parser.parse(f)
        defects = []
        for part in m.walk():
            defects += [("part", d) for d in part.defects]
            for name, value in part.items():
                defects += [(name, d) for d in getattr(value, "defects", ())]
            if not part.is_multipart():
                part.get_content()  # decodes: a broken encoding raises
        if defects:
            failures.append(f"{path}: defects {defects}")
    print(f"{len(paths)} emails parsed")
    return failures


def spam_config(work):
    # Debian's site configuration (the plugin .pre files and 65_debian.cf)
    # without the administrator's local.cf.
    site_cf = os.path.join(work, "sa-site")
    os.mkdir(site_cf)
    for f in sorted(os.listdir(SA_SITE)):
        if (f.endswith(".pre") or f.endswith(".cf")) and f != "local.cf":
            shutil.copy(os.path.join(SA_SITE, f), site_cf)
    home = os.path.join(work, "home")
    os.mkdir(home)
    prefs = os.path.join(home, "user_prefs")
    open(prefs, "w").close()
    return site_cf, home, prefs


# One Perl process loads Debian's rules once and scores every message through
# Mail::SpamAssassin, the library `spamassassin -L -t` runs (a process per
# message spent two minutes compiling the same rules 60 times).
SCORER = r"""
use strict; use warnings;
use Mail::SpamAssassin;
my ($rules, $site, $prefs, $home, @paths) = @ARGV;
my $sa = Mail::SpamAssassin->new({
  rules_filename => $rules, site_rules_filename => $site, userprefs_filename => $prefs,
  home_dir_for_helpers => $home, local_tests_only => 1, dont_copy_prefs => 1,
  post_config_text => "use_bayes 0\n"});
$sa->compile_now(0);
for my $path (@paths) {
  open(my $fh, "<", $path) or die "$path: $!";
  my @lines = <$fh>; close $fh;
  my $mail = $sa->parse(\@lines);
  my $status = $sa->check($mail);
  my $report = $status->get_report(); $report =~ s/\n/\x{1f}/g;
  printf "%s\t%s\t%s\n", $path, $status->get_score(), $report;
  $status->finish(); $mail->finish();
}
"""


def check_spam(site, work):
    failures = []
    site_cf, home, prefs = spam_config(work)
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}
    paths = emails(site)
    r = subprocess.run(["perl", "-e", SCORER, SA_RULES, site_cf, prefs, home] + paths,
                       capture_output=True, env=env)
    scored = {}
    for line in r.stdout.decode("utf-8", "replace").splitlines():
        path, score, report = line.split("\t", 2)
        scored[path] = (float(score), report.replace("\x1f", "\n"))
    for path in paths:
        if path not in scored:
            failures.append(f"{path}: no score from SpamAssassin: {r.stderr.decode()[-500:]}")
            continue
        score, report = scored[path]
        if score >= SPAM_LIMIT:
            failures.append(f"{path}: score {score}\n{report[:3000]}")
    print(f"{len(paths)} emails scored")
    return failures


def main():
    work = tempfile.mkdtemp()
    try:
        site = build_sample(work)
        if what == "feeds":
            failures = check_feeds(site)
        elif what == "eml":
            failures = check_eml(site)
        elif what == "spam":
            failures = check_spam(site, work)
        else:
            sys.exit(f"unknown check {what!r}")
        if failures:
            sys.exit("\n".join(failures))
    finally:
        shutil.rmtree(work)


main()
