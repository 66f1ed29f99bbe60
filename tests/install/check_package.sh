#!/usr/bin/env bash
# The installed polypress, as a user gets it (docs/install.md):
#  1. `cmake --install` into a scratch prefix: the binary, a man page per
#     command, bash and zsh completions;
#  2. `cpack -G DEB`: a package whose Depends name the Debian package of every
#     shared library the binary needs (dpkg -S), and gettext;
#  3. the package unpacked with `dpkg -x` (no clean container here): its
#     binary starts a site with `init` and builds it, and `man polypress-build`
#     shows the page;
#  4. the binary is built with Debian's hardening flags (dpkg-buildflags).
#   check_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL $*"; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
for f in bin/polypress share/man/man1/polypress.1.gz share/man/man1/polypress-build.1.gz \
         share/man/man1/polypress-init.1.gz share/man/man1/polypress-i18n.1.gz \
         share/doc/polypress/copyright share/doc/polypress/changelog.gz \
         share/bash-completion/completions/polypress share/zsh/vendor-completions/_polypress; do
  [ -e "$work/prefix/$f" ] || fail "cmake --install did not install $f"
done
grep -q -- 'eject\\-theme' <(zcat "$work/prefix/share/man/man1/polypress-init.1.gz") ||
  fail "polypress-init.1 lacks the options of init --help"
bash -n "$work/prefix/share/bash-completion/completions/polypress" || fail "bash completion does not parse"
if command -v zsh >/dev/null; then zsh -n "$work/prefix/share/zsh/vendor-completions/_polypress" || fail "zsh completion"; fi
echo "ok   cmake --install: binary, $(ls "$work/prefix/share/man/man1" | wc -l) man pages, completions"

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >/dev/null)
deb=$(ls "$work"/pkg/polypress_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
echo "ok   cpack: $(basename "$deb"), Depends: $depends"
# Debian's own checker: no error (warnings are listed).
if command -v lintian >/dev/null; then
  tags=$(lintian --tag-display-limit 0 "$deb" 2>/dev/null || true)
  if grep -q '^E: ' <<<"$tags"; then echo "$tags"; fail "lintian reports errors"; fi
  echo "ok   lintian: no error ($(grep -c '^W: ' <<<"$tags" || true) warnings)"
else
  fail "lintian is not installed (scripts/install-deps.sh installs it)"
fi
dpkg-deb -x "$deb" "$work/root"
binary="$work/root/usr/bin/polypress"
[ -x "$binary" ] || fail "the package has no usr/bin/polypress"
# Every library the binary loads comes from a package it depends on.
names=$(echo "$depends" | tr ',' '\n' | sed 's/^ *//; s/[ (].*//' | sort -u)
for lib in $(objdump -p "$binary" | awk '/NEEDED/ {print $2}'); do
  # (no early exit in a pipeline: with pipefail the writer would die of SIGPIPE)
  path=$(ldconfig -p | awk -v l="$lib" '$1 == l && !found {print $NF; found = 1}')
  [ -n "$path" ] || fail "$lib is not found by ldconfig"
  pkg=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | awk -F: 'NR == 1 {print $1}') || true
  [ -n "$pkg" ] || pkg=$(dpkg -S "$path" 2>/dev/null | awk -F: 'NR == 1 {print $1}') || true
  grep -qx "$pkg" <<<"$names" || fail "$lib ($pkg) is not in Depends: $depends"
done
grep -qx gettext <<<"$names" || fail "gettext (msgfmt, msgmerge) is not in Depends"
echo "ok   Depends covers every NEEDED library and gettext"

# Debian's hardening, as hardening-check (devscripts) reads it from the ELF:
# PIE, RELRO, BIND_NOW, the stack protector and fortified functions.
hardening_problem() {  # binary -> prints what is missing, nothing when hardened
  local b=$1 syms
  syms=$(readelf --dyn-syms -W "$b")
  readelf -hW "$b" | grep -q 'Type:.*DYN' || echo "not PIE"
  readelf -lW "$b" | grep -q GNU_RELRO || echo "no RELRO"
  readelf -dW "$b" | grep -Eq 'BIND_NOW|FLAGS_1.*NOW' || echo "no BIND_NOW (-z now)"
  grep -q '__stack_chk_fail' <<<"$syms" || echo "no stack protector"
  grep -Eq ' __[a-z0-9_]+_chk(@|$)' <<<"$syms" || echo "no fortified functions (_FORTIFY_SOURCE)"
}
# The check itself: it passes msgfmt (a Debian package built with the flags)
# and fails a program built without them.
[ -z "$(hardening_problem "$(command -v msgfmt)")" ] || fail "the hardening check refuses msgfmt"
printf '#include <cstdio>\nint main(int c, char** v) { char b[8]; std::snprintf(b, 8, "%%s", v[c - 1]); return b[0]; }\n' >"$work/plain.cpp"
g++ -O2 -fno-stack-protector -U_FORTIFY_SOURCE -no-pie -Wl,-z,norelro -Wl,-z,lazy "$work/plain.cpp" -o "$work/plain"
[ "$(hardening_problem "$work/plain" | wc -l)" = 5 ] || fail "the hardening check passes an unhardened program"
missing=$(hardening_problem "$binary")
[ -z "$missing" ] || fail "the packaged binary is not hardened: $missing"
echo "ok   hardened: PIE, RELRO, BIND_NOW, stack protector, _FORTIFY_SOURCE"

cd "$work"
"$binary" init site --languages en,de --quiet || fail "the packaged polypress cannot init"
"$binary" -C site build || fail "the packaged polypress cannot build an init site"
[ -f site/public/de/index.html ] && [ -f site/public/assets/style.css ] || fail "no pages"
echo "ok   the packaged binary: init && build"
page=$(MANPATH="$work/root/usr/share/man" MANWIDTH=80 man -P cat polypress-build 2>/dev/null)
grep -q -- "--shard" <<<"$page" || fail "man polypress-build does not show build's options"
echo "ok   man polypress-build"
echo "all checks passed"
