#!/usr/bin/env bash
# Runs scripts/package.sh with its arguments and with the stand-ins of
# package-stubs/ for cmake, ninja, cpack, dpkg-shlibdeps and git first on
# PATH (package-script.test): the script's own logic, in a second, without
# a build.
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/package-stubs:$PATH exec bash "$here/../../../scripts/package.sh" "$@"
