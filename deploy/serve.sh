#!/usr/bin/env bash
# Install, migrate, create the demo accounts and serve Ludoteka on http://127.0.0.1:8000.
# With no DATABASE_URL / REDIS_URL it runs embedded: SQLite (WAL), in-process channel layer and
# in-process tasks. Set both to run on PostgreSQL, channels_redis and a Celery worker on Redis.
set -euo pipefail
cd "$(dirname "$0")/.."
# The mode, as core/settings/auto.py picks it: explicit LUDOTEKA_MODE, else production services
# mean production (which refuses to start without DJANGO_SECRET_KEY: README, Production).
mode=${LUDOTEKA_MODE:-}
if [ -z "$mode" ]; then
  if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then mode=production; else mode=development; fi
fi
# Web processes: uvicorn takes their number from WEB_CONCURRENCY. On PostgreSQL and Redis, one
# per core unless WEB_CONCURRENCY says otherwise (the processes share the database, the channel
# layer and the tasks' broker, and keep nothing another one needs), less one core when the
# database runs on this machine: PostgreSQL, Redis and the worker need it. On 2 cores, one
# process answered 100 commands/s at 6.1-6.6 ms of CPU a command (p50 20-34 ms) where two took
# 8.2-8.3 ms (p50 65-77 ms): each keeps its own cache of match states (bench/README.md,
# issue 42). Otherwise one: the embedded channel layer and tasks live in that process.
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
case "${WEB_CONCURRENCY:-}" in
  '') ;;
  *[!0-9]* | 0) echo "WEB_CONCURRENCY must be a whole number of processes, 1 or more, not '$WEB_CONCURRENCY'." >&2; exit 2 ;;
esac
if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then
  db_host=${DATABASE_URL#*://}
  db_host=${db_host##*@}
  db_host=${db_host%%/*}
  db_host=${db_host%:*}
  case "$db_host" in
    '' | localhost | 127.* | '[::1]') per_core=$((cores > 1 ? cores - 1 : 1)) why="$cores cores, one left to the database on this machine; WEB_CONCURRENCY sets it" ;;
    *) per_core=$cores why="$cores cores; WEB_CONCURRENCY sets it" ;;
  esac
  [ -z "${WEB_CONCURRENCY:-}" ] || why="WEB_CONCURRENCY"
  export WEB_CONCURRENCY=${WEB_CONCURRENCY:-$per_core}
else
  if [ "${WEB_CONCURRENCY:-1}" != 1 ]; then
    echo "One web process, not $WEB_CONCURRENCY: without DATABASE_URL and REDIS_URL the channel layer and tasks live in it." >&2
  fi
  export WEB_CONCURRENCY=1
  why="the embedded channel layer and tasks live in it"
fi
if [ "${1:-}" = --plan ]; then  # what would run, and nothing else (tests/deploy/test_serve.py)
  echo "mode=$mode web_processes=$WEB_CONCURRENCY"
  exit 0
fi
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
if [ "$WEB_CONCURRENCY" -gt 1 ] && [ -z "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then
  # Any process's /metrics sums them all (core/ops/metrics.py): a fresh directory per start.
  export PROMETHEUS_MULTIPROC_DIR=$PWD/var/metrics
  rm -rf "$PROMETHEUS_MULTIPROC_DIR" && mkdir -p "$PROMETHEUS_MULTIPROC_DIR"
fi
if [ "$mode" = production ]; then
  echo "Ludoteka runs in production mode on DATABASE_URL and REDIS_URL, behind a TLS proxy; start a worker with: .venv/bin/celery -A core worker -B"
else
  echo "Ludoteka runs in the embedded development mode: ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-SQLite (WAL) in var/}, ${REDIS_URL:+Redis}${REDIS_URL:-in-process channel layer and tasks}; set DATABASE_URL, REDIS_URL and DJANGO_SECRET_KEY for production."
fi
echo "Web processes: $WEB_CONCURRENCY ($why)."
echo "Serving on http://127.0.0.1:${PORT:-8000}/ (API docs at /api/docs/)"
# --no-proxy-headers: the peer is the client; uvicorn would otherwise take X-Forwarded-For from
# any local client as its address (core/api/clientip.py, LUDOTEKA_PROXY_COUNT behind a proxy).
.venv/bin/uvicorn core.asgi:application --host 127.0.0.1 --port "${PORT:-8000}" --log-level warning --no-proxy-headers
