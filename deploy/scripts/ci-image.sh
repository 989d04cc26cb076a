#!/usr/bin/env bash
# CI's container step: builds the image on bases made from Debian's packages, then runs
# test/deploy/replicas.test.ts (two containers on the local PostgreSQL behind a load balancer).
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

PORTICO_IMAGE=$IMAGE DATABASE_URL=$PG_URL node_modules/.bin/vitest run --maxWorkers=1 test/deploy/replicas.test.ts "$@"
