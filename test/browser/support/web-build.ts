import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const web = path.join(root, 'web');
export const WEB_DIST_DIR = path.join(web, 'dist');

function newestMtime(entry: string): number {
  const st = statSync(entry);
  if (!st.isDirectory()) {
    return st.mtimeMs;
  }
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/**
 * The browser tests run against the built client as users get it (served by the gateway). Builds it
 * when missing or older than its sources, so a fresh checkout and an edited one both test what is there.
 */
export function ensureWebBuild(): string {
  const index = path.join(WEB_DIST_DIR, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((f) => path.join(web, f));
  const fresh = existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestMtime));
  if (!fresh) {
    // jest sets NODE_ENV=test, which would make Vite bundle React's development build (StrictMode double effects).
    const env = { ...process.env, NODE_ENV: 'production' };
    const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, encoding: 'utf8', env });
    if (r.status !== 0) {
      throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
    }
  }
  return WEB_DIST_DIR;
}
