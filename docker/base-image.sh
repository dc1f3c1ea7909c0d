#!/usr/bin/env bash
# Builds the Debian base image that the server's and the cache's images start from, out of
# Debian's packages, for machines that reach Debian's archive but no image registry (as CI does).
# Where a registry is reachable nothing of this is needed: the Dockerfiles default to debian:bookworm-slim.
#
#   docker/base-image.sh                # makes ldf-debian:bookworm unless the image exists
#   LDF_BASE_IMAGE=ldf-debian:bookworm docker-compose up -d --build
#
# The image holds Debian bookworm (minbase) with the Java 17 runtime, nginx with brotli, curl and
# envsubst, so that neither image build needs the network. Needs root, debootstrap and a Docker
# engine. Settings: LDF_DEBIAN_MIRROR (default http://deb.debian.org/debian); --force rebuilds.
set -euo pipefail

tag="ldf-debian:bookworm"
force=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "error: unknown option $arg (options: --force, a tag)" >&2; exit 2 ;;
    *) tag="$arg" ;;
  esac
done

if [ "$force" = 0 ] && docker image inspect "$tag" >/dev/null 2>&1; then
  echo "$tag exists (--force rebuilds it)"
  exit 0
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  echo "error: debootstrap is not installed (apt-get install -y debootstrap)" >&2
  exit 2
fi

mirror="${LDF_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
packages=openjdk-17-jre-headless,nginx,libnginx-mod-http-brotli-filter,gettext-base,curl,ca-certificates
root="$(mktemp -d /tmp/ldf-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT

started=$SECONDS
echo "progress: debootstrap bookworm with $packages (a few minutes)"
debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" \
  | grep --line-buffered -E '^I: (Retrieving|Installing|Configuring|Base system)' \
  | awk '{ if (NR % 40 == 1 || /Base system/) { print "progress: " $0; fflush() } }'

# Later package installs (the Dockerfiles' fallback) see the security updates too; nothing
# downloaded stays in the image.
cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/tmp/* "$root"/var/log/*.log
# Nginx's default site and its stock configuration stay; the cache image replaces the site.

tar --numeric-owner -C "$root" -c . | docker import \
  --change 'ENV LANG=C.UTF-8' --change 'CMD ["bash"]' \
  --message "Debian bookworm minbase with $packages, by docker/base-image.sh" - "$tag" >/dev/null
echo "$tag built in $((SECONDS - started)) s: $(docker image inspect -f '{{.Size}}' "$tag" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
