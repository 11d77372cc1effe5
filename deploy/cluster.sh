#!/usr/bin/env bash
# The production layout on one machine, all on loopback: nginx on http://127.0.0.1:$PORT (8000)
# in front of two web processes (PORT+1, PORT+2), two Celery workers and beat, on the local
# PostgreSQL and Redis, under honcho (deploy/Procfile; each process restarted when it dies).
#
#   bash deploy/cluster.sh            # Ctrl-C stops everything
#   bash deploy/cluster.sh --plan     # writes nginx.conf, says what would run, starts nothing
#
# LUDOTEKA_WEB_PROCESSES (2) may be 1: web1 alone behind nginx (web2 is not started), to compare
# the layout with one web process on the same machine; anything but 1 or 2 exits with status 2.
# LUDOTEKA_WORKER_CONCURRENCY (1) is each Celery worker's pool size.
# DATABASE_URL (postgres://postgres@127.0.0.1:5432/ludoteka, created when missing), REDIS_URL
# (redis://127.0.0.1:6379/0), LUDOTEKA_REDIS_PREFIX (ludoteka) and DJANGO_SECRET_KEY (made once
# in var/cluster/secret-key) may be set; LUDOTEKA_RUN_DIR (var/cluster) holds the pids, nginx's
# files and the shared metrics. LUDOTEKA_SKIP_PWA=1 skips building the front end,
# LUDOTEKA_SKIP_STATIC=1 collecting the static files, LUDOTEKA_SKIP_INSTALL=1 the install (the
# load tests, which use the API alone, skip all three).
set -euo pipefail
cd "$(dirname "$0")/.."
web_processes=${LUDOTEKA_WEB_PROCESSES:-2}
case $web_processes in
  1 | 2) ;;
  *) echo "cluster: LUDOTEKA_WEB_PROCESSES must be 1 or 2, not '$web_processes'" >&2; exit 2 ;;
esac
PY=${PYTHON:-python3}
export PORT=${PORT:-8000}
export LUDOTEKA_RUN_DIR=${LUDOTEKA_RUN_DIR:-$PWD/var/cluster}
mkdir -p "$LUDOTEKA_RUN_DIR/tmp"
export LUDOTEKA_WEB1_PORT=$((PORT + 1)) LUDOTEKA_WEB2_PORT=$((PORT + 2))

user=""
[ "$(id -u)" = 0 ] && user="user root;"  # nginx's workers would otherwise be nobody
upstreams="server 127.0.0.1:$LUDOTEKA_WEB1_PORT max_fails=1 fail_timeout=2s;"
[ "$web_processes" = 1 ] || upstreams+=" server 127.0.0.1:$LUDOTEKA_WEB2_PORT max_fails=1 fail_timeout=2s;"
sed -e "s|@LISTEN@|127.0.0.1:$PORT|" -e "s|@UPSTREAMS@|$upstreams|" -e "s|@USER@|$user|" \
  deploy/nginx.conf.template >"$LUDOTEKA_RUN_DIR/nginx.conf"
# The Procfile's processes, web2 left out with one web process.
skip=""
[ "$web_processes" = 2 ] || skip=web2
mapfile -t processes < <(awk -F: -v skip="$skip" '/^[a-z0-9]+:/ && $1 != skip { print $1 }' deploy/Procfile)
if [ "${1:-}" = --plan ]; then  # what would run, and nothing else (tests/deploy/test_nginx.py)
  echo "web_processes=$web_processes processes=$(IFS=,; echo "${processes[*]}")"
  exit 0
fi

if [ -z "${LUDOTEKA_SKIP_INSTALL:-}" ]; then
  [ -x .venv/bin/python ] || "$PY" -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[cluster]"
fi
if ! command -v nginx >/dev/null && [ -x /usr/sbin/nginx ]; then export PATH="$PATH:/usr/sbin"; fi
if ! command -v nginx >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "cluster: installing nginx from Debian's packages"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light; } >/dev/null
    export PATH="$PATH:/usr/sbin"
  else
    echo "cluster: nginx is needed (apt-get install nginx-light)" >&2
    exit 1
  fi
fi

export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/ludoteka}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/0}
export LUDOTEKA_REDIS_PREFIX=${LUDOTEKA_REDIS_PREFIX:-ludoteka}
if [ -z "${DJANGO_SECRET_KEY:-}" ]; then
  [ -s "$LUDOTEKA_RUN_DIR/secret-key" ] ||
    (umask 077 && "$PY" -c 'import secrets; print(secrets.token_urlsafe(50))' >"$LUDOTEKA_RUN_DIR/secret-key")
  DJANGO_SECRET_KEY=$(cat "$LUDOTEKA_RUN_DIR/secret-key")
  export DJANGO_SECRET_KEY
fi
# Production mode behind a proxy that speaks plain HTTP on loopback: no redirect to https.
export LUDOTEKA_MODE=production LUDOTEKA_SSL_REDIRECT=${LUDOTEKA_SSL_REDIRECT:-false}
export DJANGO_ALLOWED_HOSTS=${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}
export LUDOTEKA_SITE_URL=${LUDOTEKA_SITE_URL:-http://127.0.0.1:$PORT}
export LUDOTEKA_LOG_FORMAT=${LUDOTEKA_LOG_FORMAT:-json}
# One proxy, nginx, which sets X-Forwarded-For to the address it saw (core/api/clientip.py).
export LUDOTEKA_PROXY_COUNT=${LUDOTEKA_PROXY_COUNT:-1}
# Production mode refuses /metrics on the web ports: the first web process serves every
# process's figures on this loopback port instead (core/ops/metrics.py).
export LUDOTEKA_METRICS_BIND=${LUDOTEKA_METRICS_BIND:-127.0.0.1:$((PORT + 3))}
export LUDOTEKA_WORKER_CONCURRENCY=${LUDOTEKA_WORKER_CONCURRENCY:-1}
# A write may wait 15 s for a request thread before it is refused with 503 busy (5 s by default):
# under bursts a busy web process queues writes a few seconds, and nginx waits 30 s for an
# answer (deploy/OPERATIONS.md, Load). The web processes' event loop gets the GIL back from
# busy request threads within 1 ms instead of Python's 5 ms.
export LUDOTEKA_WRITE_BUDGET=${LUDOTEKA_WRITE_BUDGET:-15}
export LUDOTEKA_GIL_SWITCH_MS=${LUDOTEKA_GIL_SWITCH_MS:-1}
export LUDOTEKA_CELERY_LOGLEVEL=${LUDOTEKA_CELERY_LOGLEVEL:-INFO}
# Every process's metrics in one place: either web process's /metrics shows them all.
export PROMETHEUS_MULTIPROC_DIR=$LUDOTEKA_RUN_DIR/metrics
rm -rf "$PROMETHEUS_MULTIPROC_DIR" && mkdir -p "$PROMETHEUS_MULTIPROC_DIR"

db_name=${DATABASE_URL##*/}
db_name=${db_name%%\?*}
if command -v createdb >/dev/null; then
  createdb --maintenance-db="${DATABASE_URL%/*}/postgres" "$db_name" 2>/dev/null || true
fi
.venv/bin/python manage.py migrate --noinput -v0
[ -n "${LUDOTEKA_SKIP_STATIC:-}" ] || .venv/bin/python manage.py collectstatic --noinput -v0
[ -n "${LUDOTEKA_SKIP_PWA:-}" ] || bash deploy/build_pwa.sh

web="web on $LUDOTEKA_WEB1_PORT and $LUDOTEKA_WEB2_PORT"
[ "$web_processes" = 2 ] || web="web on $LUDOTEKA_WEB1_PORT alone"
echo "cluster: nginx on http://127.0.0.1:$PORT/ -> $web, 2 Celery workers, beat (production mode, $db_name, Redis prefix $LUDOTEKA_REDIS_PREFIX)"
exec .venv/bin/honcho -f deploy/Procfile -d . start "${processes[@]}"
