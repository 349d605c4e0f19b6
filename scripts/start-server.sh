#!/bin/sh
# `npm start`'s server, after scripts/build-if-stale.mjs (decision 0048). V8's young generation is a process-wide
# flag read once at start: 16 MB, as a smaller one costs every request about a third more CPU (decision 0046).
# The database, embedded or not, is a PostgreSQL server in processes of its own. `exec` keeps one process:
# signals and the pid are the server's own.
exec "${npm_node_execpath:-node}" --max-semi-space-size=16 --max-old-space-size=256 dist/server/main.mjs
