#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the server tests (README "PostgreSQL in tests").
#   scripts/pg-test-cluster.sh start   initdb into a fresh directory, start it, print the URL
#   scripts/pg-test-cluster.sh stop    stop it and delete the directory
# PG_TEST_PORT (default 55432) picks the port; start and stop must be given the same one.
# Trust authentication on 127.0.0.1 and fsync off: for tests only, never for data you keep.
# PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` user.
set -euo pipefail

port="${PG_TEST_PORT:-55432}"
dir="${TMPDIR:-/tmp}/hisaab-pg-test-${port}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); apt-get install postgresql" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  if [ -f "$dir/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir" -m immediate -w stop >/dev/null || true; fi
  rm -rf "$dir"
}

start() {
  stop
  mkdir -p "$dir"
  chmod 700 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
  as_owner "$bin/initdb" -D "$dir" -A trust -U postgres -E UTF8 --no-sync >"$dir.initdb.log" 2>&1 ||
    { cat "$dir.initdb.log" >&2; exit 1; }
  rm -f "$dir.initdb.log"
  as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" start >/dev/null ||
    { cat "$dir/server.log" >&2; exit 1; }
  echo "postgres://postgres@127.0.0.1:${port}/postgres"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
