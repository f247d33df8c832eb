// `npm test`: every tier, in order: server unit, integration (real Postgres + Kafka), e2e (through
// HTTP), then the web client's component tests and its browser e2e suite. PGlite loads its WASM with
// a dynamic import, which jest's VM only allows with --experimental-vm-modules.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
};
const steps = [
  ['npx', ['jest', '--selectProjects', 'unit']],
  ['npx', ['jest', '--selectProjects', 'integration', '--runInBand', '--forceExit']],
  ['npx', ['jest', '--selectProjects', 'e2e', '--runInBand', '--forceExit']],
  ['npm', ['test', '-w', 'web']],
];
for (const [cmd, args] of steps) {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
