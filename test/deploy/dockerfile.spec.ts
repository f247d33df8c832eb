import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NODE_FLAGS } from '@app/host/node-flags';
import { ROOT } from './compose-file';
import { SERVICES } from './config-schemas';
import { dockerfile, dockerfileStages, stageCommand } from './dockerfile';

describe('Dockerfile', () => {
  const sut = dockerfileStages();

  it('should copy the manifest of every workspace before npm ci (npm ci fails on a missing one)', () => {
    const copied = (sut.get('deps') ?? []).filter((l) => l.startsWith('COPY')).map((l) => l.split(/\s+/)[1]);
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { link?: boolean }>;
    };
    const linked = Object.entries(lock.packages)
      .filter(([name, p]) => p.link !== true && name !== '' && !name.includes('node_modules'))
      .map(([name]) => `${name}/package.json`);

    expect(linked).toContain('web/package.json');
    expect(linked.filter((m) => !copied.includes(m))).toEqual([]);
  });

  it.each([...SERVICES, 'simulator'])(
    'should have a %s target that runs its compiled main as the node user',
    (name) => {
      const main = name === 'simulator' ? 'dist/simulator/src/main.js' : `dist/services/${name}/src/main.js`;

      expect(sut.get(name)?.[0]).toMatch(new RegExp(`^FROM runtime AS ${name}$`));
      // The services with the product's node flags (libs/host/src/node-flags.ts); the simulator is not the product.
      expect(stageCommand(sut.get(name))).toEqual(['node', ...(name === 'simulator' ? [] : PRODUCT_NODE_FLAGS), main]);
    },
  );

  it('should run every image as the unprivileged node user on a slim Node 20 base', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(sut.get('runtime')).toContain('USER node');
    expect(dockerfile.match(/^USER .*/gm)).toEqual(['USER node']);
  });

  it('should ship the built web client in the gateway image only', () => {
    const withWeb = [...sut]
      .filter(([, lines]) => lines.some((l) => l.includes('/app/web/dist')))
      .map(([name]) => name);

    expect(withWeb).toEqual(['gateway']);
  });
});
