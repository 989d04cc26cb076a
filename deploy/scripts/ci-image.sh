#!/usr/bin/env bash
# CI's container step: builds the image on bases made from Debian's packages, then runs
# test/deploy/replicas.test.ts (two containers on the local PostgreSQL behind a load balancer) and
# test/deploy/compose.test.ts (`docker compose up` of deploy/compose.yaml with the same image, on a
# PostgreSQL 17 image from Debian's packages, build-postgres.sh; Compose v2 from compose-v2.sh).
# Installs what it needs from Debian's packages (mmdebstrap, docker.io), starts a Docker daemon when
# none answers, and stops the one it started. Usage: ci-image.sh [vitest arguments…]
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=$PWD/node_modules/.bin:$PATH
PG_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}

if ! command -v mmdebstrap >/dev/null; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q mmdebstrap
fi
state=${PORTICO_DOCKER_STATE:-/var/lib/portico-docker}
had_pid_file=$([ -f "$state/dockerd.pid" ] && kill -0 "$(cat "$state/dockerd.pid")" 2>/dev/null && echo yes || echo no)
DOCKER_HOST=$(deploy/scripts/start-docker.sh)
export DOCKER_HOST
if [ "$had_pid_file" = no ] && [ -f "$state/dockerd.pid" ]; then trap 'deploy/scripts/stop-docker.sh' EXIT; fi

t0=$(date +%s)
IMAGE=$(IMAGE=portico:ci deploy/scripts/build-image.sh)
echo "Image $IMAGE built in $(($(date +%s) - t0)) s: $(docker image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1 / 1e6}')"

t0=$(date +%s)
POSTGRES_IMAGE=$(deploy/scripts/build-postgres.sh)
COMPOSE=$(deploy/scripts/compose-v2.sh)
echo "$POSTGRES_IMAGE and Compose v2 ($COMPOSE) in $(($(date +%s) - t0)) s"

# Compose's own network works on start-docker.sh's daemon (--bridge=none leaves out only the default
# bridge, not the networks compose creates); COMPOSE_HOST_NETWORK=1 tests the host-network override.
PORTICO_IMAGE=$IMAGE DATABASE_URL=$PG_URL POSTGRES_IMAGE=$POSTGRES_IMAGE COMPOSE=$COMPOSE \
  node_modules/.bin/vitest run --maxWorkers=1 test/deploy/replicas.test.ts test/deploy/compose.test.ts "$@"
