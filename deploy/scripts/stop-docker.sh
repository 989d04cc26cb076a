#!/usr/bin/env bash
# Stops the dockerd that start-docker.sh started (by its pid file), if any.
set -euo pipefail
STATE=${PORTICO_DOCKER_STATE:-/var/lib/portico-docker}
[ -f "$STATE/dockerd.pid" ] || exit 0
pid=$(cat "$STATE/dockerd.pid")
kill "$pid" 2>/dev/null || exit 0
for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || exit 0; sleep 1; done
echo "stop-docker: dockerd $pid still running after 30 s" >&2
exit 1
