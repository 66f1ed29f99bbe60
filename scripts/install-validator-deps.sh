#!/usr/bin/env bash
# What the outside-validator tests need (docs/validators.md): Debian's Java
# runtime for the W3C Nu HTML checker and Node.js, then the Node packages
# (vnu-jar, html-validate) at the versions of tests/validators/package-lock.json,
# from the npm registry. Nothing is fetched when the tests run.
# Safe to run again: does nothing when the installed packages match the lock.
set -euo pipefail
cd "$(dirname "$0")/../tests/validators"

packages=(default-jre-headless)
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi
bash ../../scripts/install-deps.sh "${packages[@]}"
if [ -f node_modules/.package-lock.json ] &&
   node -e 'const a=require("./package-lock.json").packages,b=require("./node_modules/.package-lock.json").packages;
            for (const k of Object.keys(a)) if (k && (!b[k] || b[k].version !== a[k].version || !require("fs").existsSync(k))) process.exit(1)'; then
  echo "install-validator-deps: node packages present"
  exit 0
fi
# No package here needs an install script: vnu-jar ships its jar, html-validate is JavaScript.
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
echo "install-validator-deps: done"
