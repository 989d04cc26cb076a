#!/usr/bin/env bash
# Builds Portico's image (deploy/Dockerfile) as IMAGE (default portico:local) on bases made from
# Debian's packages (build-base.sh), for machines that cannot pull from an image registry. Elsewhere
# `docker build -f deploy/Dockerfile .` uses the public bases. Prints the image name.
set -euo pipefail
cd "$(dirname "$0")/../.."
IMAGE=${IMAGE:-portico:local}

mapfile -t bases < <(deploy/scripts/build-base.sh)

# npm here may reach its registry through a TLS-inspecting proxy whose CA only the host trusts
# (NODE_EXTRA_CA_CERTS, npm's cafile or the system's trust store): the build stage gets the same bundle as a build secret
# (BUILD_CA_BUNDLE overrides), and no layer keeps it.
ca=${BUILD_CA_BUNDLE:-${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}}
# npm run by the project's Node reads no system-wide npmrc; the system's trust store then stands in.
if { [ -z "$ca" ] || [ "$ca" = null ]; } && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  ca=/etc/ssl/certs/ca-certificates.crt
fi
secret=()
if [ -n "$ca" ] && [ "$ca" != null ] && [ -f "$ca" ]; then secret=(--secret "id=build_ca,src=$ca"); fi
# BuildKit is needed (cache and secret mounts): the buildx plugin when there is one, else a client
# with BuildKit built in (Debian's docker.io, 20.10).
if docker buildx version >/dev/null 2>&1; then build=(docker buildx build --load)
elif [ -x /usr/bin/docker ]; then build=(env DOCKER_BUILDKIT=1 /usr/bin/docker build)
else build=(env DOCKER_BUILDKIT=1 docker build); fi
# --network host: the build's npm ci reaches the npm registry the way this machine does.
"${build[@]}" --progress=plain --network host "${secret[@]}" -f deploy/Dockerfile \
  --build-arg RUNTIME_BASE="${bases[0]}" --build-arg BUILD_BASE="${bases[1]}" \
  -t "$IMAGE" . >&2
echo "$IMAGE"
