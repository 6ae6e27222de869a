# PostgreSQL for the test run, sourced by .ci/run: a primary and a streaming standby made with
# `pg_basebackup -R`, both PostgreSQL 15 in one temporary folder (Unix sockets there, loopback TCP on free
# ports), fsync off. postgres_start exports DOCSTORE_POSTGRES (the primary) and DOCSTORE_POSTGRES_STANDBY;
# postgres_stop stops both and removes the folder. PostgreSQL refuses to run as root, so as root the
# servers run as the postgres user. Binaries are installed with apt-get only when none are found.

# The folder holding initdb, pg_ctl and pg_basebackup, or nothing.
postgres_bin() {
  local dir
  for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/pg_basebackup" ]; then
      echo "$dir"
      return
    fi
  done
}

# A TCP port on loopback nothing listens on.
postgres_free_port() {
  local port
  for port in $(seq 25432 25532); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  return 1
}

postgres_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

postgres_start() {
  POSTGRES_BIN="$(postgres_bin)"
  if [ -z "$POSTGRES_BIN" ]; then
    echo "== installing PostgreSQL (no server binaries found)"
    apt-get update -qq && apt-get install -y -qq postgresql-15 >/dev/null || apt-get install -y -qq postgresql >/dev/null || return 1
    POSTGRES_BIN="$(postgres_bin)"
    [ -n "$POSTGRES_BIN" ] || return 1
  fi

  POSTGRES_ROOT="$(mktemp -d /tmp/docstore-ci-pg.XXXXXX)"
  chmod 755 "$POSTGRES_ROOT"
  [ "$(id -u)" -eq 0 ] && chown postgres "$POSTGRES_ROOT"
  local primary_port standby_port settings
  primary_port="$(postgres_free_port)" || return 1
  settings="-k $POSTGRES_ROOT -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c wal_level=replica -c max_wal_senders=4 -c hot_standby=on"

  postgres_as_owner "$POSTGRES_BIN/initdb" -D "$POSTGRES_ROOT/primary" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >/dev/null || return 1
  postgres_as_owner "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_ROOT/primary" -l "$POSTGRES_ROOT/primary.log" -w -t 60 -o "-p $primary_port $settings" start >/dev/null || return 1

  postgres_as_owner "$POSTGRES_BIN/pg_basebackup" -h "$POSTGRES_ROOT" -p "$primary_port" -U postgres -D "$POSTGRES_ROOT/standby" -R -X stream || return 1
  standby_port="$(postgres_free_port)" || return 1
  postgres_as_owner "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_ROOT/standby" -l "$POSTGRES_ROOT/standby.log" -w -t 60 -o "-p $standby_port $settings" start >/dev/null || return 1

  export DOCSTORE_POSTGRES="Host=$POSTGRES_ROOT;Port=$primary_port;Username=postgres;Database=postgres"
  export DOCSTORE_POSTGRES_STANDBY="Host=$POSTGRES_ROOT;Port=$standby_port;Username=postgres;Database=postgres"
  echo "PostgreSQL primary on port $primary_port, standby on port $standby_port ($POSTGRES_ROOT)"
}

postgres_stop() {
  [ -n "${POSTGRES_ROOT:-}" ] && [ -d "$POSTGRES_ROOT" ] || return 0
  local node
  for node in standby primary; do
    if [ -f "$POSTGRES_ROOT/$node/postmaster.pid" ]; then
      postgres_as_owner "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_ROOT/$node" -m fast -w stop >/dev/null || true
    fi
  done
  rm -rf "$POSTGRES_ROOT"
  POSTGRES_ROOT=
}
