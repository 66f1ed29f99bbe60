#!/usr/bin/env bash
# Documents nobody here wrote, for the real-world tests (tests/e2e/real_world_test.cpp):
# Markdown in Arabic, Japanese and Chinese, and Node.js's API docs with raw
# HTML tables, as Debian packages ship them. The packages are fetched with
# `apt-get download` and only their documentation is unpacked into
# tests/documents/ (the packages themselves, TeX, Emacs or Node.js, are not
# installed). Documents Debian installs anyway (fonts-noto-core's Korean
# FAQ, Google Benchmark's docs) are read where they are. Also real gettext
# catalogs in many languages (Django's, from Transifex; Shutter's, from
# Launchpad) for tests/e2e/real_plural_catalogs.py.
# Safe to run again: does nothing when every document is there.
set -euo pipefail
cd "$(dirname "$0")/../tests"

# package → the documents of it the tests publish
declare -A documents=(
  [texlive-lang-arabic]="usr/share/doc/texlive-doc/fonts/amiri/README-Arabic.md usr/share/doc/texlive-doc/fonts/amiri/NEWS-Arabic.md.gz"
  [elpa-php-mode]="usr/share/doc/elpa-php-mode/README.ja.md.gz"
  [puppet-module-puppetlabs-ntp]="usr/share/doc/puppet-module-puppetlabs-ntp/README_ja_JP.md.gz"
  [minetest-mod-maidroid]="usr/share/doc/minetest-mod-maidroid/README-ja.md"
  [node-postcss]="usr/share/doc/node-postcss/docs/README-cn.md.gz"
  [gita]="usr/share/doc/gita/README_CN.md.gz"
  [nodejs-doc]="usr/share/doc/nodejs/api/os.md.gz"
  [python3-django]="usr/lib/python3/dist-packages/django/conf/locale"
  [shutter]="usr/share/shutter/resources/po/shutter"
)

missing=()
for p in "${!documents[@]}"; do
  for f in ${documents[$p]}; do
    if [ ! -e "documents/$f" ]; then missing+=("$p"); break; fi
  done
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-test-documents: all documents present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo=sudo; else sudo=; fi
# apt-get download needs the package lists, like apt-get install.
if ! apt-cache show "${missing[0]}" >/dev/null 2>&1; then $sudo apt-get update -qq; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -o APT::Sandbox::User=root -qq "${missing[@]}")
mkdir -p documents
for p in "${missing[@]}"; do
  deb=$(ls "$work/${p}"_*.deb)
  paths=()
  for f in ${documents[$p]}; do paths+=("./$f"); done
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C documents "${paths[@]}"
done
echo "install-test-documents: unpacked ${missing[*]}"
