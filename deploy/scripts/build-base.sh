#!/usr/bin/env bash
# Builds deploy/Dockerfile's two base images from Debian's packages, for machines that cannot pull
# from a public image registry:
#   portico-base/debian:<suite>-slim   Debian's minimal system (mmdebstrap --variant=minbase, without
#                                      documentation, manuals and translations), like debian:<suite>-slim
#   portico-base/node:22-<suite>       that plus Node.js 22 and npm, like node:22-<suite>-slim
# Node.js is the project's own (node_modules/node, the `node` npm package pinned in package.json), so
# run `npm ci` first; npm is the npm registry's package of NPM_VERSION. Prints the two image names.
# An image already built from the same inputs is kept (the tag carries a hash of them).
set -euo pipefail
cd "$(dirname "$0")/../.."

SUITE=${DEBIAN_SUITE:-bookworm}
NPM_VERSION=${NPM_VERSION:-10.9.4}
NODE_BIN=node_modules/node/bin/node
# shellcheck source=deploy/scripts/debian-rootfs.sh
source deploy/scripts/debian-rootfs.sh

log() { echo "build-base: $*" >&2; }

[ -x "$NODE_BIN" ] || { log "$NODE_BIN is missing: run npm ci first"; exit 1; }
command -v mmdebstrap >/dev/null || { log "mmdebstrap is missing (apt-get install mmdebstrap)"; exit 1; }
node_version=$("$NODE_BIN" --version)
case $node_version in v22.*) ;; *) log "node_modules holds Node.js $node_version, not 22"; exit 1 ;; esac

# Images are named by what goes into them, so a change to this script's comments rebuilds nothing.
key=$({ printf '%s\n' "$SUITE" "$MIRROR" "${mmdebstrap_options[@]}"; cat deploy/base/node.Dockerfile; } |
  sha256sum | cut -c1-12)
debian_image="portico-base/debian:${SUITE}-slim-${key}"
node_image="portico-base/node:22-${SUITE}-${node_version#v}-npm${NPM_VERSION}-${key}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if docker image inspect "$debian_image" >/dev/null 2>&1; then
  log "$debian_image exists"
else
  log "mmdebstrap $SUITE from $MIRROR"
  mmdebstrap "${mmdebstrap_options[@]}" "$SUITE" "$work/rootfs.tar" "$MIRROR"
  docker import --change 'CMD ["bash"]' "$work/rootfs.tar" "$debian_image" >/dev/null
  rm -f "$work/rootfs.tar"
fi

if docker image inspect "$node_image" >/dev/null 2>&1; then
  log "$node_image exists"
else
  log "adding Node.js $node_version and npm $NPM_VERSION"
  mkdir -p "$work/node-context/npm"
  cp "$NODE_BIN" "$work/node-context/node"
  # As build-image.sh: the host's trust store, in case npm's registry is reached through a TLS proxy.
  if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
  fi
  tarball=$(npm pack --silent --pack-destination "$work" "npm@$NPM_VERSION")
  tar -xzf "$work/$tarball" -C "$work/node-context/npm" --strip-components=1
  docker build --quiet --network host -f deploy/base/node.Dockerfile \
    --build-arg RUNTIME_BASE="$debian_image" -t "$node_image" "$work/node-context" >/dev/null
fi

echo "$debian_image"
echo "$node_image"
