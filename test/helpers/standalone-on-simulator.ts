import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, spawnStandalone } from '@app/testing';
import type { NodeProcess } from '@app/testing';
import { startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { brokerEnvOf } from '../../services/standalone/src/sandbox';

export interface StandaloneOnSimulator {
  /** The broker, in the test's process: it outlives every product the suite starts. */
  sim(): Simulator;
  /** The product last started (killed with SIGKILL after the suite if still running). */
  product(): NodeProcess;
  /** Starts the built product on the suite's data folder, its broker the simulator; resolves with its URL. */
  start(): Promise<string>;
}

/**
 * For a suite that stops or kills the product and starts it again on the same data folder: builds the server, starts
 * the simulator and makes the folder before the suite (`beforeAll`), and removes all three after it (`afterAll`).
 */
export function standaloneOnSimulator(folderPrefix: string, env: Record<string, string>): StandaloneOnSimulator {
  let sim: Simulator | undefined;
  let product: NodeProcess | undefined;
  let dataDir = '';

  beforeAll(async () => {
    buildServer();
    sim = await startSimulator();
    dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
  });

  afterAll(async () => {
    await product?.kill('SIGKILL');
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    sim: () => sim!,
    product: () => product!,
    start: async () => {
      const started = await spawnStandalone(dataDir, {
        env: { TRADOVATE_SANDBOX: 'false', ...env, ...brokerEnvOf(sim!) },
      });
      product = started.product;
      return started.url;
    },
  };
}
