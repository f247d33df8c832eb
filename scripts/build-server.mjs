// Compiles the server side (services, libs, simulator, bench) to dist/ with SWC, rewriting the
// @app/* path aliases to relative imports, and copies plain .cjs files (worker entries) beside them.
// Type checking is `npm run check`'s job; this stays fast (about a second) so `npm start` can always
// build before it runs.
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { swcOptions } = require('./swc-options.js');
const { buildInfo } = require('./build-info.js');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = ['services', 'libs', 'simulator', 'bench'];
const isTest = (f) => /\.(spec|integration-spec|e2e-spec)\.ts$/.test(f) || f.endsWith('.d.ts');

const tsconfig = JSON.parse(await readFile(path.join(root, 'tsconfig.json'), 'utf8'));
const paths = tsconfig.compilerOptions.paths;

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if ((e.name.endsWith('.ts') && !isTest(e.name)) || e.name.endsWith('.cjs')) yield full;
  }
}

async function compile(file) {
  const rel = path.relative(root, file);
  const out = path.join(root, 'dist', rel.replace(/\.ts$/, '.js'));
  const [src, dst] = await Promise.all([stat(file), stat(out).catch(() => null)]);
  if (dst && dst.mtimeMs >= src.mtimeMs) return false;
  if (file.endsWith('.cjs')) {
    // Plain CommonJS loaded by path at run time (a worker thread's entry): copied as is.
    await mkdir(path.dirname(out), { recursive: true });
    await copyFile(file, out);
    return true;
  }
  const { code, map } = await transformFile(file, {
    ...swcOptions,
    swcrc: false,
    sourceMaps: true,
    jsc: { ...swcOptions.jsc, baseUrl: root, paths },
  });
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, code + `\n//# sourceMappingURL=${path.basename(out)}.map`);
  await writeFile(out + '.map', map ?? '');
  return true;
}

const started = Date.now();
const files = [];
for (const r of roots) for await (const f of walk(path.join(root, r))) files.push(f);
const results = await Promise.all(files.map(compile));
const built = results.filter(Boolean).length;
await writeFile(path.join(root, 'dist', 'build-info.json'), JSON.stringify(buildInfo(root), null, 2) + '\n');
console.log(`build: ${built} of ${files.length} files compiled in ${Date.now() - started} ms`);
