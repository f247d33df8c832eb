import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, freePort, spawnService, standaloneOn } from '@app/testing';

/**
 * `npm start` where it cannot listen: most often a second copy started while the first still runs. Until 2026-12-02
 * Node's uncaught EADDRINUSE ended it with a stack trace that named neither the port's owner nor the way out, and
 * a first start created the administrator and printed its password before it found the port taken.
 */
describe('standalone process started on a port already taken', () => {
  let holder: Server;
  let dataDir = '';

  beforeAll(async () => {
    buildServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ql-start-'));
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should say which port is taken and how to choose another, and exit 1', async () => {
    const { port } = holder.address() as { port: number };
    const { env } = standaloneOn(dataDir, port);
    const product = spawnService('standalone', { env });

    const exit = await product.exitWithin(60_000);
    await product.kill('SIGKILL');

    expect({ exit, output: product.output() }).toEqual({
      exit: { code: 1, signal: null },
      output: expect.stringContaining(
        `[stderr] standalone: port ${port} is already in use: another program, or the product already running, listens there. Stop it, or choose a free port with PORT.`,
      ),
    });
    expect(product.output()).not.toMatch(/at Server\.setupListenHandle|UVExceptionWithHostPort/);
    // Refused before the first start made its administrator: the password is shown once, when the product runs.
    expect(product.output()).not.toContain('An administrator account was created');
  }, 90_000);

  it("should say so in one line when the sandbox broker's SIMULATOR_PORT is the one taken", async () => {
    const { port: taken } = holder.address() as { port: number };
    const { env } = standaloneOn(dataDir, await freePort());
    const product = spawnService('standalone', { env: { ...env, SIMULATOR_PORT: String(taken) } });

    const exit = await product.exitWithin(60_000);
    await product.kill('SIGKILL');

    expect({ exit, output: product.output() }).toEqual({
      exit: { code: 1, signal: null },
      output: expect.stringContaining(
        `SIMULATOR_PORT: port ${taken} is already in use: another program, or the product already running, listens there. Stop it, or choose a free port with SIMULATOR_PORT.`,
      ),
    });
    expect(product.output()).not.toMatch(/at Server\.setupListenHandle|UVExceptionWithHostPort/);
  }, 90_000);
});
