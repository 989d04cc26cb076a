# Sourced by build-base.sh and build-postgres.sh: the mmdebstrap options both bases are made with.
# The same trims as Docker's debian:*-slim: no documentation, manuals or translations.
# shellcheck shell=bash disable=SC2034 # the array is the sourcing script's
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mmdebstrap_options=(
  --quiet --variant=minbase
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias'
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/log/*.log'
)
