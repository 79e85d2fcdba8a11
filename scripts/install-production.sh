#!/bin/sh
# A production install (docs/operators.md "Deploy"), run in the project's folder, in the Dockerfile and by
# src/server/system/install-production.test.ts: a checkout with a built dist/ copied in gets the
# server's run-time packages only (no Vite, esbuild, Playwright, Lighthouse or embedded
# PostgreSQL) and is checked before it is called ready. It never builds.
#
#   sh scripts/install-production.sh [<folder>]      (default: the folder above this script)
#
# NPM names the npm to run (default: npm). better-sqlite3 compiles when no prebuilt binary fits
# the machine: that needs python3, make and a C++ compiler.
set -eu

cd "${1:-$(dirname "$0")/..}"

fail() {
  echo "install-production: $1" >&2
  exit 1
}

[ -f package.json ] && [ -f package-lock.json ] ||
  fail "no package.json and package-lock.json in $(pwd): run it in a CodeTube checkout"
for built in dist/server/main.mjs dist/server/catalogue.mjs dist/server/users.mjs dist/server/backup.mjs \
  dist/server/migrate.mjs dist/server/sqlite-read-worker.mjs dist/web/index.html; do
  [ -f "$built" ] ||
    fail "$built is missing: build once with \`npm ci && npm run build\` where the dev dependencies are installed, then copy dist/ here"
done

${NPM:-npm} ci --omit=dev --no-audit --no-fund

# The native SQLite module must load on this machine (a node_modules copied from elsewhere, or a
# failed compile, would only show at the first request otherwise).
node -e "const Database = require('better-sqlite3'); new Database(':memory:').close()" ||
  fail "better-sqlite3 does not load here: run the install on the machine (or image) that runs the server"

echo "install-production: ready; start with NODE_ENV=production node dist/server/main.mjs"
