// Child processes of the bench (baseline relay, product services). Kept here rather than @app/testing's
// spawnNode because that one preloads .js files the SWC build does not copy into dist/. Every child is
// killed when the bench exits, however it exits.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { LineLog } from '@app/testing';

export interface Child {
  name: string;
  pid: number;
  /** The last lines printed (stdout and stderr), for error messages. */
  tail(): string;
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  waitForHttp(url: string, timeoutMs: number): Promise<void>;
  /** Every whole line printed from now on (stdout and stderr), as it arrives. */
  onLine(listener: (line: string) => void): void;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => live.forEach((c) => c.kill('SIGKILL')));

export function spawnChild(name: string, script: string, env: Record<string, string>, execArgv: string[] = []): Child {
  const child = spawn(process.execPath, [...execArgv, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const log = new LineLog();
  log.follow(child.stdout);
  log.follow(child.stderr);
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      log.close(`${name} exited`);
      resolve();
    }),
  );
  const tail = (): string => log.text().split('\n').slice(-40).join('\n');
  return {
    name,
    pid: child.pid ?? -1,
    tail,
    waitForLine: (pattern, timeoutMs) => log.waitFor(pattern, timeoutMs),
    waitForHttp: async (url, timeoutMs) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (exited) {
          throw new Error(`${name} exited before ${url} answered\n${tail()}`);
        }
        const ok = await fetch(url).then(
          (r) => r.status < 500,
          () => false,
        );
        if (ok) {
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${name}: ${url} did not answer within ${timeoutMs} ms\n${tail()}`);
    },
    onLine: (listener) => log.onLine(listener),
    stop: async () => {
      if (exited) {
        return;
      }
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    },
  };
}
