#!/usr/bin/env bash
# Install, migrate, create the demo accounts and serve Ludoteka on http://127.0.0.1:8000.
# With no DATABASE_URL / REDIS_URL it runs embedded: SQLite (WAL), in-process channel layer and
# in-process tasks. Set both to run on PostgreSQL, channels_redis and a Celery worker on Redis.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py demo_accounts
.venv/bin/python manage.py collectstatic --noinput -v0
bash deploy/build_pwa.sh  # the PWA, served at / (Node.js from PyPI when the machine has none)
if [ -z "${REDIS_URL:-}" ]; then
  # No Celery beat without Redis: an in-process sweeper enforces deadlines and sends reminders.
  .venv/bin/python manage.py sweep_deadlines --every 60 >/dev/null 2>&1 &
  sweeper=$!
  trap 'kill $sweeper 2>/dev/null' EXIT
fi
# The mode, as core/settings/auto.py picks it: explicit LUDOTEKA_MODE, else production services
# mean production (which refuses to start without DJANGO_SECRET_KEY: README, Production).
mode=${LUDOTEKA_MODE:-}
if [ -z "$mode" ]; then
  if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then mode=production; else mode=development; fi
fi
if [ "$mode" = production ]; then
  echo "Ludoteka runs in production mode on DATABASE_URL and REDIS_URL, behind a TLS proxy; start a worker with: .venv/bin/celery -A core worker -B"
else
  echo "Ludoteka runs in the embedded development mode: ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-SQLite (WAL) in var/}, ${REDIS_URL:+Redis}${REDIS_URL:-in-process channel layer and tasks}; set DATABASE_URL, REDIS_URL and DJANGO_SECRET_KEY for production."
fi
echo "Serving on http://127.0.0.1:${PORT:-8000}/ (API docs at /api/docs/)"
# --no-proxy-headers: the peer is the client; uvicorn would otherwise take X-Forwarded-For from
# any local client as its address (core/api/clientip.py, LUDOTEKA_PROXY_COUNT behind a proxy).
.venv/bin/uvicorn core.asgi:application --host 127.0.0.1 --port "${PORT:-8000}" --log-level warning --no-proxy-headers
