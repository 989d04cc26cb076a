#!/usr/bin/env bash
# Builds a PostgreSQL 17 image from Debian's packages, for machines that cannot pull the public
# postgres:17 that deploy/compose.yaml names (CI here): Debian trixie's minimal system (the same
# mmdebstrap options as build-base.sh) with its postgresql-17 package and deploy/postgres/entrypoint.sh,
# which reads the official image's POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB. Data is in
# /var/lib/postgresql/data, owned by the postgres user the image runs as. Prints the image name; one
# already built from the same inputs is kept (the tag carries a hash of them). Use it with
#   POSTGRES_IMAGE=$(deploy/scripts/build-postgres.sh) docker compose -f deploy/compose.yaml up -d
set -euo pipefail
cd "$(dirname "$0")/../.."

# PostgreSQL 17 is trixie's (bookworm has 15).
SUITE=${POSTGRES_DEBIAN_SUITE:-trixie}
MAJOR=17
# shellcheck source=deploy/scripts/debian-rootfs.sh
source deploy/scripts/debian-rootfs.sh
log() { echo "build-postgres: $*" >&2; }
command -v mmdebstrap >/dev/null || { log "mmdebstrap is missing (apt-get install mmdebstrap)"; exit 1; }

options=(
  "${mmdebstrap_options[@]}"
  --include="postgresql-$MAJOR"
  # The package's postinst creates a cluster "main" under /var/lib/postgresql/$MAJOR; the image makes
  # its own in PGDATA on first start instead. /run/postgresql holds the local socket.
  --customize-hook="rm -rf \"\$1\"/var/lib/postgresql/$MAJOR \"\$1\"/etc/postgresql/$MAJOR"
  --customize-hook='chroot "$1" install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data'
  --customize-hook='chroot "$1" install -d -o postgres -g postgres -m 2775 /run/postgresql'
  # mmdebstrap empties /run last; the socket's folder must stay (the server runs as postgres, which
  # cannot make it).
  --skip=cleanup/run
)
# The root file system is named by the mmdebstrap inputs, the image by those and deploy/postgres/, so
# a change to the entrypoint builds one layer again, not the system.
rootfs_key=$(printf '%s\n' "$SUITE" "$MIRROR" "${options[@]}" | sha256sum | cut -c1-12)
rootfs="portico-base/postgres-rootfs:$MAJOR-$SUITE-$rootfs_key"
key=$({ echo "$rootfs"; cat deploy/postgres/Dockerfile deploy/postgres/entrypoint.sh; } | sha256sum | cut -c1-12)
image="portico-base/postgres:$MAJOR-$SUITE-$key"

if docker image inspect "$image" >/dev/null 2>&1; then
  log "$image exists"
  echo "$image"
  exit 0
fi
if docker image inspect "$rootfs" >/dev/null 2>&1; then
  log "$rootfs exists"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  log "mmdebstrap $SUITE with postgresql-$MAJOR from $MIRROR"
  mmdebstrap "${options[@]}" "$SUITE" "$work/rootfs.tar" "$MIRROR"
  docker import "$work/rootfs.tar" "$rootfs" >/dev/null
fi
docker build --quiet -f deploy/postgres/Dockerfile --build-arg ROOTFS="$rootfs" -t "$image" deploy/postgres >/dev/null
echo "$image"
