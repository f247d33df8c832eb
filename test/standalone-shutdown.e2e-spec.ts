import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_NODE_FLAGS } from '@app/host/node-flags';
import {
  LineLog,
  buildServer,
  freePort,
  repoRoot,
  spawnStandalone,
  standaloneOn,
  waitForHttp,
  waitUntil,
} from '@app/testing';
import type { NodeProcess } from '@app/testing';
import { ensureWebBuild } from './browser/support/web-build';

/**
 * `npm start` stopped as a user stops it (Ctrl-C) or as an orchestrator does (SIGTERM): the product closes HTTP, the
 * services and then its embedded database, and exits 0. Until 2026-11-27 Nest's own signal handler raced the
 * product's and raised the signal again once its hooks had run: the process died by it (exit 143) in the middle of
 * the close, and the embedded database was left to recover as after a crash.
 */
describe('standalone process stopped by a signal', () => {
  const dataDirs: string[] = [];
  let product: NodeProcess | undefined;

  beforeAll(buildServer);

  afterEach(async () => {
    await product?.kill('SIGKILL');
  });

  afterAll(() => {
    dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  const start = async (): Promise<NodeProcess> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ql-shutdown-'));
    dataDirs.push(dataDir);
    product = (await spawnStandalone(dataDir)).product;
    return product;
  };

  it('should close everything and exit 0 on SIGTERM', async () => {
    const sut = await start();

    const exit = await sut.kill('SIGTERM', 15_000);

    expect({ exit, output: sut.output() }).toEqual({
      exit: { code: 0, signal: null },
      output: expect.stringContaining('SIGTERM received, shutting down'),
    });
  });

  it('should ignore a second Ctrl-C while it stops, and still exit 0', async () => {
    const sut = await start();

    // A terminal's Ctrl-C reaches `npm start` and the product, and `npm start` passes its own on: the second comes
    // while the product is stopping (sent at once, the two would merge into one pending signal).
    process.kill(sut.pid, 'SIGINT');
    await sut.waitForLine(/SIGINT received, shutting down/);
    process.kill(sut.pid, 'SIGINT');
    const exit = await sut.exitWithin(15_000);

    expect({ exit, output: sut.output() }).toEqual({
      exit: { code: 0, signal: null },
      output: expect.stringContaining('SIGINT received, shutting down'),
    });
  });

  it('should stop the product when only `npm start` itself is signalled', async () => {
    // A supervisor or `timeout` signals the one process it started, not its group as a terminal's Ctrl-C does. npm
    // passes the signal to the shell that runs the script; the shell used to die of it and leave the product running,
    // still holding its port and its database, with no parent.
    ensureWebBuild(); // so that `npm start` finds the client built and only starts the product
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ql-shutdown-'));
    dataDirs.push(dataDir);
    const { env, url } = standaloneOn(dataDir, await freePort());
    // In a process group of its own: whatever `npm start` started is in it, orphaned or not.
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const group = npm.pid!;
    const log = new LineLog();
    log.follow(npm.stdout);
    log.follow(npm.stderr, '[stderr] ');
    try {
      await waitForHttp(`${url}/readyz`, 60_000);
      // Started with the product's node flags (libs/host/src/node-flags.ts), after the source maps `npm start` adds.
      const product = groupMembers(group).filter((c) => c.endsWith(' dist/services/standalone/src/main.js'));
      expect(product.map((c) => c.split(' ').slice(1))).toEqual([
        ['--enable-source-maps', ...PRODUCT_NODE_FLAGS, 'dist/services/standalone/src/main.js'],
      ]);

      npm.kill('SIGTERM');
      const stopped = await waitUntil(
        () => groupMembers(group).length === 0,
        20_000,
        'every process of `npm start` to exit',
      ).then(
        () => true,
        () => false,
      );

      expect({ stopped, left: groupMembers(group), output: log.text() }).toEqual({
        stopped: true,
        left: [],
        output: expect.stringContaining('SIGTERM received, shutting down'),
      });
    } finally {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // the group is gone: everything in it stopped
      }
    }
  }, 120_000);
});

/** The command lines of the live processes (zombies left out) in process group `pgid`, from /proc. */
function groupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's name in parentheses: state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') {
        members.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
      }
    } catch {
      // the process ended while being read
    }
  }
  return members;
}
