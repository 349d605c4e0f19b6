#!/bin/sh
# `npm start`: on a Node.js LocalReach supports (scripts/node-runtime.mjs fetches one once where the machine's is
# older), build what is stale, then run the server (scripts/start-server.sh, which `exec` makes this process).
node_bin=$("${npm_node_execpath:-node}" scripts/node-runtime.mjs) || exit 1
"$node_bin" scripts/build-if-stale.mjs || exit 1
npm_node_execpath="$node_bin" exec sh scripts/start-server.sh
