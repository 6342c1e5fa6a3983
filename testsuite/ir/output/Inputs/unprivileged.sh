#!/bin/sh
# unprivileged.sh COMMAND [ARGS...]: runs COMMAND as user nobody when run as
# root (root may write into a read-only directory), as is otherwise.
if [ "$(id -u)" = 0 ]; then
  exec setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
fi
exec "$@"
