#!/usr/bin/env bash
# What the browser tests need: Debian's Chromium, fonts and Node.js, then the
# Node packages (playwright-core, axe-core) at the versions of
# tests/browser/package-lock.json, from the npm registry. playwright-core
# downloads no browser.
# Safe to run again: does nothing when the installed packages match the lock.
set -euo pipefail
cd "$(dirname "$0")/../tests/browser"

# Debian's Chromium (never a downloaded browser) and fonts for ko, ja and ar;
# Debian's Node.js unless a node with npm is already there.
packages=(chromium fonts-noto-core fonts-noto-cjk)
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi
bash ../../scripts/install-deps.sh "${packages[@]}"
if [ -f node_modules/.package-lock.json ] &&
   node -e 'const a=require("./package-lock.json").packages,b=require("./node_modules/.package-lock.json").packages;
            for (const k of Object.keys(a)) if (k && (!b[k] || b[k].version !== a[k].version || !require("fs").existsSync(k))) process.exit(1)'; then
  echo "install-browser-deps: node packages present"
  exit 0
fi
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
echo "install-browser-deps: done"
