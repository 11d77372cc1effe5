#!/usr/bin/env bash
# respawn.sh NAME COMMAND...: runs COMMAND, and again a second after it dies for any reason, as
# a process supervisor or Kubernetes would, until it is told to stop (TERM/INT, passed on to the
# command). Its pid is kept in $LUDOTEKA_RUN_DIR/NAME.pid for the fault tests (bench/load/).
name=$1
shift
dir=${LUDOTEKA_RUN_DIR:-var/cluster}
child=""
stopping=""
stop() {
  stopping=1
  [ -n "$child" ] && kill -TERM "$child" 2>/dev/null
  [ -n "$child" ] && wait "$child" 2>/dev/null
  rm -f "$dir/$name.pid"
  exit 0
}
trap stop TERM INT
while [ -z "$stopping" ]; do
  "$@" &
  child=$!
  echo "$child" >"$dir/$name.pid"
  wait "$child"
  status=$?
  [ -n "$stopping" ] && break
  # A process killed outright never said goodbye to the shared metrics: its live gauges go.
  [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ] && rm -f "$PROMETHEUS_MULTIPROC_DIR"/gauge_live*_"$child".db
  echo "respawn: $name (pid $child) exited with status $status; starting it again" >&2
  sleep 1
done
