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

# PostgreSQL 17 is trixie's (bookworm has 15); the postgres user's id is the official image's.
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
  --customize-hook='copy-in deploy/postgres/entrypoint.sh /usr/local/bin'
)
changes=(
  --change "ENV PATH=/usr/lib/postgresql/$MAJOR/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
  --change 'ENV PGDATA=/var/lib/postgresql/data'
  --change 'ENV LANG=C.UTF-8'
  --change 'VOLUME /var/lib/postgresql/data'
  --change 'USER postgres'
  --change 'EXPOSE 5432'
  --change 'ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]'
  --change 'CMD ["postgres"]'
)
key=$({ printf '%s\n' "$SUITE" "$MIRROR" "${options[@]}" "${changes[@]}"; cat deploy/postgres/entrypoint.sh; } |
  sha256sum | cut -c1-12)
image="portico-base/postgres:$MAJOR-$SUITE-$key"

if docker image inspect "$image" >/dev/null 2>&1; then
  log "$image exists"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  log "mmdebstrap $SUITE with postgresql-$MAJOR from $MIRROR"
  mmdebstrap "${options[@]}" "$SUITE" "$work/rootfs.tar" "$MIRROR"
  docker import "${changes[@]}" "$work/rootfs.tar" "$image" >/dev/null
fi
echo "$image"
