import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NODE_FLAGS } from '@app/host/node-flags';
import { ROOT, readCompose } from './compose-file';
import { SERVICES } from './config-schemas';
import { renderKustomization } from './kustomize';

/**
 * The product's node flags (libs/host/src/node-flags.ts) where a launcher cannot import the list and holds a copy:
 * `npm run start:service` here, and the Dockerfile's service images (dockerfile.spec.ts). `npm start` reads the list
 * itself (checked on the running process in standalone-shutdown.e2e-spec.ts), as do the test helpers and the bench.
 */
describe("the product's node flags", () => {
  it('should be a list of node flags at all', () => {
    expect(PRODUCT_NODE_FLAGS).toContain('--no-memory-reducer');
    expect(PRODUCT_NODE_FLAGS.filter((f) => !/^--[a-z][a-z0-9-]*(=\S+)?$/.test(f))).toEqual([]);
  });

  it('should start `npm run start:service` with them', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };

    expect(pkg.scripts['start:service']).toBe(
      `node ${PRODUCT_NODE_FLAGS.join(' ')} dist/services/$SERVICE/src/main.js`,
    );
  });

  it("should not be bypassed: neither Compose nor Kubernetes replaces a service image's command", () => {
    const compose = readCompose();
    const overridden = SERVICES.filter(
      (s) => compose.services[s].entrypoint ?? (compose.services[s] as { command?: unknown }).command,
    );
    const containers = ['dev', 'prod'].flatMap((overlay) =>
      renderKustomization(path.join(ROOT, 'k8s/overlays', overlay))
        .filter((m) => m.kind === 'Deployment')
        .flatMap((m) => {
          const spec = (m.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec;
          return spec.containers.map((c) => ({ at: `${overlay}/${m.metadata.name}/${String(c.name)}`, ...c }));
        }),
    );

    expect(containers.length).toBeGreaterThanOrEqual(SERVICES.length * 2);
    expect(overridden).toEqual([]);
    expect(containers.filter((c) => 'command' in c || 'args' in c).map((c) => c.at)).toEqual([]);
  });
});
