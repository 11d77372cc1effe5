#!/usr/bin/env bash
# Install the test dependencies and run the whole suite.
# On PostgreSQL when it answers on 127.0.0.1:5432 (the store and pipeline tests then run a second
# time on SQLite); on SQLite alone otherwise, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
.venv/bin/ruff check .
.venv/bin/ruff format --check . >/dev/null || { .venv/bin/ruff format --diff . | head -40; exit 1; }
.venv/bin/mypy
.venv/bin/lint-imports --no-logo  # the layers' contracts (pyproject.toml [tool.importlinter])
.venv/bin/python manage.py makemigrations --check --dry-run >/dev/null
echo "== PWA: type check, unit tests (Vitest), build"
bash deploy/build_pwa.sh --test
PG_URL=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
WORKERS=${TEST_WORKERS:-2}
if .venv/bin/python - "$PG_URL" <<'PY' 2>/dev/null
import sys, psycopg
psycopg.connect(sys.argv[1], connect_timeout=3).close()
PY
then
  echo "== whole suite on PostgreSQL"
  DATABASE_URL=$PG_URL .venv/bin/python -m pytest -n "$WORKERS" -p no:cacheprovider "$@"
  echo "== store and pipeline tests again on SQLite"
  env -u DATABASE_URL .venv/bin/python -m pytest -p no:cacheprovider -q tests/core "$@"
else
  echo "== PostgreSQL is not reachable: whole suite on SQLite only"
  env -u DATABASE_URL .venv/bin/python -m pytest -n "$WORKERS" -p no:cacheprovider "$@"
fi
