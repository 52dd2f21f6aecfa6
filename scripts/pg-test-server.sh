#!/usr/bin/env bash
# A throwaway PostgreSQL 15 (Debian's package) for the tests: listens on 127.0.0.1 only, on a free
# port, with its data folder under /tmp.
#   scripts/pg-test-server.sh start        prints "<DATABASE_URL> <folder>"
#   scripts/pg-test-server.sh stop FOLDER  stops that server (only it) and removes its folder
# initdb refuses to run as root, so as root the server runs as the postgres user (runuser).
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  if [ ! -x "$BIN/initdb" ]; then
    echo "no PostgreSQL binaries in $BIN (make system-deps installs them)" >&2
    exit 3
  fi
  dir=$(mktemp -d /tmp/companion-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  as_pg "$BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log"
  for _ in 1 2 3; do  # the port could be taken between choosing and binding it: try another
    port=$(free_port)
    # fsync off: the tests kill the app server, never the database machine
    if as_pg "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null
    then
      echo "postgresql+psycopg://postgres@127.0.0.1:$port/postgres $dir"
      return 0
    fi
  done
  cat "$dir/server.log" >&2
  exit 1
}

stop() {
  dir=${1:?folder printed by start}
  case "$dir" in /tmp/companion-pg.*) ;; *) echo "not a throwaway server: $dir" >&2; exit 2 ;; esac
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 start | stop FOLDER" >&2; exit 2 ;;
esac
