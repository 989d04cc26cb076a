#!/bin/sh
# The entrypoint of the PostgreSQL image that deploy/scripts/build-postgres.sh makes from Debian's
# packages: the subset of the official postgres image's that deploy/compose.yaml uses. On an empty
# PGDATA it creates the cluster with POSTGRES_USER (superuser, password POSTGRES_PASSWORD, required)
# and the database POSTGRES_DB; connections over TCP need the password (scram-sha-256), local ones
# are trusted (as in the official image, for `docker compose exec postgres pg_dump …`). Then it runs
# the command (postgres) as PID 1. PGPORT, when set, is the port (libpq and the server both read it).
# Another command (a shell, psql) runs as it is, without creating anything.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}

if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres: POSTGRES_PASSWORD is required to create the database" >&2
    exit 1
  fi
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --pgdata="$PGDATA" --username="$user" --pwfile="$password_file" --encoding=UTF8 \
    --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    # Single-user mode: nothing listens before the database exists, so the health check (pg_isready
    # -d "$POSTGRES_DB") cannot pass early.
    echo "CREATE DATABASE \"$database\" OWNER \"$user\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "postgres: created the cluster in $PGDATA, database $database, user $user"
fi
exec "$@"
