#!/bin/sh
# `npm start`'s server, after scripts/build-if-stale.mjs (decision 0048). V8's young generation is a process-wide
# flag read once at start, so it is chosen here: 4 MB on the embedded database, whose WebAssembly shares the
# process's 300 MB (decision 0046), 16 MB on a PostgreSQL server, where the smaller one costs every request about
# a third more CPU. `exec` keeps one process: signals and the pid are the server's own.
if [ -n "$DATABASE_URL" ]; then young=16; else young=4; fi
exec "${npm_node_execpath:-node}" --max-semi-space-size="$young" --max-old-space-size=256 dist/server/main.mjs
