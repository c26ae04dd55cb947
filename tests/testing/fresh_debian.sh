# A fresh Debian 12 for the tests that play a new machine (deb_in_fresh_debian, demo_in_fresh_debian): the
# minimal base made once by debootstrap and kept as a tarball in BUILD/deb-test-cache with apt's downloads, so
# a rerun costs an unpack, not a debootstrap. Sourced.

skip() {
  echo "SKIPPED: $*"
  exit 77
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Skips (exit 77, through the caller's skip) where a chroot with mounts cannot be made here.
fresh_debian_preflight() {
  [[ $(id -u) == 0 ]] || skip "debootstrap and chroot need root"
  command -v debootstrap >/dev/null || skip "debootstrap is not installed (scripts/install-deps.sh installs it)"
  unshare --mount --fork true 2>/dev/null ||
    skip "this machine refuses a mount namespace (a container without CAP_SYS_ADMIN)"
}

# fresh_debian_unpack CACHE WORK ROOT: ROOT becomes a Debian 12 minimal base (the cached tarball, made on the
# first call; WORK holds debootstrap's log).
fresh_debian_unpack() {
  local cache=$1 work=$2 root=$3
  local base=$cache/debian12-minbase.tar
  mkdir -p "$cache/archives/partial" "$work"
  if [[ ! -s $base ]]; then
    echo "making the Debian 12 base with debootstrap (once; cached in $cache)"
    rm -rf "$work/bootstrap"
    if ! debootstrap --variant=minbase bookworm "$work/bootstrap" http://deb.debian.org/debian > "$work/debootstrap.log" 2>&1; then
      rm -rf "$work/bootstrap"
      skip "debootstrap could not make Debian 12 here (no network to deb.debian.org?): $(tail -n 1 "$work/debootstrap.log")"
    fi
    tar -C "$work/bootstrap" -cf "$base.partial" . && mv "$base.partial" "$base"
    rm -rf "$work/bootstrap"
  fi
  mkdir -p "$root"
  tar -C "$root" -xf "$base"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # The host's own certificate authorities, for pip inside (a network that inspects TLS has its own): the
  # machine's network as the host has it, not a package of the project's.
  mkdir -p "$root/etc/ssl"
  [[ ! -s /etc/ssl/certs/ca-certificates.crt ]] || cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/host-ca.crt"
}

# fresh_debian_remove ROOT: never removes a tree that still has something mounted in it (its /dev is the host's).
fresh_debian_remove() {
  local root=$1
  [[ -d $root ]] || return 0
  if findmnt -rn -o TARGET | grep -q "^$root/"; then
    fail "$root still has mounts; not removing it"
  fi
  rm -rf "$root"
}

# fresh_debian_run CACHE ROOT BIND SCRIPT [ARGUMENT...]: runs SCRIPT (a path inside ROOT) as root in the chroot,
# in a mount namespace of its own, so its mounts end with it; apt's downloads are the cache's. BIND is empty,
# or HOST_DIR:ROOT_DIR, a host folder mounted read-only at ROOT_DIR inside (the CUDA toolkit, say).
fresh_debian_run() {
  local cache=$1 root=$2 bind=$3
  shift 3
  # shellcheck disable=SC2016  # expanded by the inner bash, from its arguments
  unshare --mount --fork -- bash -c '
    set -e
    root=$1 archives=$2 bind=$3
    shift 3
    mount --make-rprivate /
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount --bind "$archives" "$root/var/cache/apt/archives"
    if [[ -n $bind ]]; then
      mkdir -p "$root${bind#*:}"
      mount --bind "${bind%%:*}" "$root${bind#*:}"
      mount -o remount,bind,ro "$root${bind#*:}"
    fi
    certificates=()
    [[ ! -s $root/etc/ssl/host-ca.crt ]] || certificates=(PIP_CERT=/etc/ssl/host-ca.crt)
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "${certificates[@]}" \
      /bin/bash "$@"
  ' inside "$root" "$cache/archives" "$bind" "$@"
}
