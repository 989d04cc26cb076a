#!/usr/bin/env bash
# Makes sure a Docker daemon answers, for CI on a machine with the docker client and no daemon:
# installs Debian's docker.io when dockerd is missing, and starts one that touches neither the host's
# firewall nor its bridges (--iptables=false --bridge=none: containers use the host's network, which
# is how the tests reach the local PostgreSQL). Prints the DOCKER_HOST to use; with a daemon already
# answering, prints the current one and starts nothing. The started daemon's pid is in
# $STATE/dockerd.pid (stop it with deploy/scripts/stop-docker.sh).
set -euo pipefail

STATE=${PORTICO_DOCKER_STATE:-/var/lib/portico-docker}
SOCKET="unix://$STATE/docker.sock"
log() { echo "start-docker: $*" >&2; }

if docker info >/dev/null 2>&1; then
  echo "${DOCKER_HOST:-unix:///var/run/docker.sock}"
  exit 0
fi
if DOCKER_HOST=$SOCKET docker info >/dev/null 2>&1; then
  echo "$SOCKET"
  exit 0
fi
if ! command -v dockerd >/dev/null; then
  log "installing docker.io"
  apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q docker.io >&2
fi
mkdir -p "$STATE"
log "starting dockerd (data in $STATE)"
setsid dockerd --data-root "$STATE/data" --exec-root "$STATE/exec" --pidfile "$STATE/dockerd.pid" \
  --host "$SOCKET" --iptables=false --ip-masq=false --bridge=none \
  >"$STATE/dockerd.log" 2>&1 </dev/null &
for _ in $(seq 1 60); do
  if DOCKER_HOST=$SOCKET docker info >/dev/null 2>&1; then
    echo "$SOCKET"
    exit 0
  fi
  sleep 1
done
log "dockerd did not answer within 60 s; its log:"
tail -n 30 "$STATE/dockerd.log" >&2
exit 1
