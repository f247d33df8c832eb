// The dependency rule (STYLE.md, after domain-driven-hexagon's dependency-cruiser): a service never
// imports another service, and libs never import services. Only the standalone host (the composition
// root) and tests may reach into several services.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const services = ['gateway', 'auth', 'connections', 'trading', 'execution'];
const isTest = (f) => /\.(spec|integration-spec|e2e-spec)\.ts$/.test(f);
const violations = [];

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (p.endsWith('.ts') && !isTest(p)) yield p;
  }
}

const importsOf = (file) => [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
const targetService = (file, spec) => {
  const alias = /^@app\/(gateway|auth|connections|trading|execution)(\/|$)/.exec(spec);
  if (alias) return alias[1];
  if (!spec.startsWith('.')) return null;
  const rel = path.relative(root, path.resolve(path.dirname(file), spec));
  const m = /^services\/([^/]+)\//.exec(rel + '/');
  return m ? m[1] : null;
};

for (const area of ['services', 'libs']) {
  const base = path.join(root, area);
  if (!statSync(base, { throwIfNoEntry: false })) continue;
  for (const file of files(base)) {
    const rel = path.relative(root, file);
    const own = /^services\/([^/]+)\//.exec(rel)?.[1] ?? null;
    if (own === 'standalone' || rel.startsWith('libs/testing/')) continue;
    for (const spec of importsOf(file)) {
      const target = targetService(file, spec);
      if (target && services.includes(target) && target !== own) violations.push(`${rel} imports ${spec}`);
    }
  }
}

if (violations.length > 0) {
  console.error(
    `Dependency rule broken (services must not import each other; libs must not import services):\n  ${violations.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('dependency rule: ok');
