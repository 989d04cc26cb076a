#!/usr/bin/env bash
# Prints a command that runs Docker Compose v2 (the one that reads deploy/compose.yaml: v1, Debian
# bookworm's docker-compose 1.29, refuses its top-level `name`). In order: `docker compose` when the
# plugin is installed; a docker-compose on PATH that is v2; else Debian trixie's docker-compose
# package (v2, a static Go program needing only libc6 >= 2.34, which bookworm has), fetched with apt
# under a private apt state, so the host's sources and packages stay as they are, and unpacked into
# $STATE/compose. Later runs find it there.
set -euo pipefail
STATE=${PORTICO_DOCKER_STATE:-/var/lib/portico-docker}
SUITE=${COMPOSE_DEBIAN_SUITE:-trixie}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
log() { echo "compose-v2: $*" >&2; }
is_v2() { "$@" version --short 2>/dev/null | grep -Eq '^v?2\.'; }

if is_v2 docker compose; then echo "docker compose"; exit 0; fi
if command -v docker-compose >/dev/null && is_v2 docker-compose; then command -v docker-compose; exit 0; fi
binary=$STATE/compose/usr/libexec/docker/cli-plugins/docker-compose
if [ -x "$binary" ] && is_v2 "$binary"; then echo "$binary"; exit 0; fi

log "fetching docker-compose from Debian $SUITE"
apt_dir=$STATE/compose-apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$STATE/compose"
echo "deb $MIRROR $SUITE main" >"$apt_dir/sources.list"
apt_options=(
  -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
  # The download lands in a root-only folder; apt's _apt user could not write there.
  -o APT::Sandbox::User=root
)
apt-get "${apt_options[@]}" update -q >&2
(cd "$apt_dir" && apt-get "${apt_options[@]}" download docker-compose >&2)
dpkg-deb -x "$(ls -t "$apt_dir"/docker-compose_*.deb | head -1)" "$STATE/compose"
rm -f "$apt_dir"/docker-compose_*.deb
is_v2 "$binary" || { log "$binary is not Compose v2"; exit 1; }
echo "$binary"
