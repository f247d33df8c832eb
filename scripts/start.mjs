// `npm start`: builds what is missing or stale (server with SWC, web client with Vite), then runs
// the standalone product: one process, embedded database under ./data, in-process transport.
// package.json runs it with `exec`, so that a signal npm passes on reaches this script rather than the shell
// between them, which would die of it and leave the product running (test/standalone-shutdown.e2e-spec.ts).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

if (!existsSync(path.join(root, 'node_modules'))) run('npm', ['ci', '--no-audit', '--no-fund']);
run('node', ['scripts/build-server.mjs']);
const webIndex = path.join(root, 'web/dist/index.html');
if (existsSync(path.join(root, 'web/index.html'))) {
  if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < newest(path.join(root, 'web/src'))) {
    run('npm', ['run', 'build', '-w', 'web']);
  }
}
// The product's node flags (libs/host/src/node-flags.ts), from the build just made.
const { PRODUCT_NODE_FLAGS } = createRequire(import.meta.url)(path.join(root, 'dist/libs/host/src/node-flags.js'));
const args = ['--enable-source-maps', ...PRODUCT_NODE_FLAGS, 'dist/services/standalone/src/main.js'];
const child = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
