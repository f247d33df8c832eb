import * as path from 'node:path';
import { PRODUCT_NODE_FLAGS } from '@app/host/node-flags';
import { repoRoot } from '../testing-config';
import { spawnNode } from './spawn-node';
import type { NodeProcess, SpawnNodeOptions } from './spawn-node';

/**
 * A built product process (`dist/services/<name>/src/main.js`; build it first with `buildServer()`) started as the
 * product's launchers start it: with its node flags.
 */
export const spawnService = (name: string, options: Omit<SpawnNodeOptions, 'nodeFlags'> = {}): NodeProcess =>
  spawnNode(path.join(repoRoot(), `dist/services/${name}/src/main.js`), {
    name,
    ...options,
    nodeFlags: PRODUCT_NODE_FLAGS,
  });
