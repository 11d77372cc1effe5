#!/usr/bin/env bash
# The production path as a new user takes it (issue 22): a fresh clone of this checkout's HEAD,
# installed by the run command itself (deploy/serve.sh: no test extras), serving on PostgreSQL
# and Redis (so in production mode: core/settings/auto.py) with a real Celery worker (and beat); then a short game
# over HTTP and WebSockets (.ci/production_e2e.py). Fails on any 5xx, and on any error line in
# the server's or the worker's log. Everything it creates (database, Redis keys under its own
# prefix, processes, the clone) is removed at the end.
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/ludoteka-e2e.XXXXXX")
name="ludoteka_e2e_$(date +%s)_$$"
pg=${E2E_POSTGRES:-postgres://postgres@127.0.0.1:5432}
redis=${E2E_REDIS_URL:-redis://127.0.0.1:6379/0}
port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server_pid="" worker_pid=""
started=$(date +%s)

stop() {  # a process group started below, politely then not; `stop PID leader`: its leader first
  # A Celery worker's warm shutdown (TERM to its main process) lets its pool finish the task in
  # hand, whereas a TERM to the whole group kills the pool processes mid-task (WorkerLostError).
  local pid=$1
  [ -n "$pid" ] || return 0
  if [ "${2:-}" = leader ]; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 75); do kill -0 -- "-$pid" 2>/dev/null || return 0; sleep 0.2; done
  fi
  kill -TERM -- "-$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || return 0; sleep 0.2; done
  kill -KILL -- "-$pid" 2>/dev/null || true
}
cleanup() {
  stop "$worker_pid" leader
  stop "$server_pid"
  dropdb -h 127.0.0.1 -U postgres --if-exists "$name" 2>/dev/null || true
  redis-cli -u "$redis" --scan --pattern "$name*" 2>/dev/null | xargs -r redis-cli -u "$redis" del >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$src" "$work/repo" || exit 1
createdb -h 127.0.0.1 -U postgres "$name" || exit 1
cd "$work/repo"
export DATABASE_URL="$pg/$name" REDIS_URL="$redis" LUDOTEKA_REDIS_PREFIX="$name" PORT="$port"
export DJANGO_SECRET_KEY=$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')
export LUDOTEKA_SWEEP_SECONDS=5 LUDOTEKA_BOT_BUDGET_SECONDS=0.2 LOG_LEVEL=INFO
# The run command, unchanged: it installs without test extras, migrates, serves.
setsid bash deploy/serve.sh >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 600); do  # the install comes first
  grep -q "^Serving on" "$work/server.log" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.5
done
if ! grep -q "^Serving on" "$work/server.log"; then
  echo "e2e: FAIL the run command did not reach serving"; cat "$work/server.log"; exit 1
fi
echo "e2e: installed and serving after $(($(date +%s) - started)) s"
setsid .venv/bin/celery -A core worker -B --concurrency 1 --loglevel INFO \
  --schedule "$work/beat-schedule" >"$work/worker.log" 2>&1 &
worker_pid=$!
.venv/bin/python .ci/production_e2e.py "http://127.0.0.1:$port"
status=$?
sleep 1
stop "$worker_pid" leader; worker_pid=""
stop "$server_pid"; server_pid=""
# An error line: Django's and Celery's level names, uvicorn's prefix, a traceback, or asyncio's
# "never retrieved" (a client that disconnected must leave nothing of the kind).
errors='^(ERROR|CRITICAL)[: ]|: (ERROR|CRITICAL)/|Traceback \(most recent call last\)|never retrieved'
for log in server worker; do
  if grep -Eq "$errors" "$work/$log.log"; then
    echo "e2e: FAIL error lines in the $log log:"; grep -En -A12 "$errors" "$work/$log.log" | head -80
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "--- server log (tail)"; tail -40 "$work/server.log"
  echo "--- worker log (tail)"; tail -40 "$work/worker.log"
fi
echo "e2e: production run $([ "$status" -eq 0 ] && echo passed || echo FAILED) in $(($(date +%s) - started)) s"
exit "$status"
