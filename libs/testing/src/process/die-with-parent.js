// Preloaded (node -r) into processes started by spawnNode: their stdin is a pipe from the test
// process, so EOF means the test process is gone (even after SIGKILL) and this one must go too.
// The stdin handle is unref'd so a script that finishes on its own still exits normally.
// Worker threads inherit the preload; a worker's stdin is its own (empty) stream, whose end would stop the
// worker alone, so only the main thread watches.
'use strict';
const { isMainThread } = require('node:worker_threads');
if (isMainThread && process.stdin && !process.stdin.isTTY) {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('error', () => process.exit(0));
  process.stdin.resume();
  if (typeof process.stdin.unref === 'function') {
    process.stdin.unref();
  }
}
