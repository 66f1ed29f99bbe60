#!/usr/bin/env bash
# Installs what polypress needs to build and test, from Debian 12 packages only.
# Installs only what is missing; safe to run again. Needs root (or sudo).
# Extra Debian package names given as arguments are installed too.
set -euo pipefail

packages=(
  # toolchain; help2man writes the man pages, dpkg-dev the package's Depends
  g++ cmake ninja-build pkg-config ccache git python3 help2man dpkg-dev
  # libraries named in docs/dependencies.md
  libcmark-gfm-dev libcmark-gfm-extensions-dev
  libyaml-cpp-dev
  libboost-program-options-dev libboost-locale-dev
  libicu-dev
  gettext libgettextpo-dev
  libkainjow-mustache-dev
  libgmime-3.0-dev
  libcurl4-openssl-dev
  nlohmann-json3-dev
  libsqlite3-dev libssl-dev
  libtbb-dev
  libcpp-httplib-dev
  libre2-dev
  libgumbo-dev
  libxml2-dev
  libvips-dev
  libjemalloc-dev
  # tests
  libgtest-dev libgmock-dev libbenchmark-dev libxml2-utils openssl python3-aiosmtpd
  python3-feedparser spamassassin man-db po4a python3-polib python3-icu lintian
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
