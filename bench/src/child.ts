// Child processes of the bench (baseline relay, product services). Kept here rather than @app/testing's
// spawnNode because that one preloads .js files the SWC build does not copy into dist/. Every child is
// killed when the bench exits, however it exits.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

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
  const child = spawn(process.execPath, [...execArgv, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const listeners: ((line: string) => void)[] = [];
  // A chunk may end inside a line: each stream keeps its unfinished line until the rest comes.
  const reader = (): ((chunk: Buffer) => void) => {
    let partial = '';
    return (chunk) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      const whole = parts.filter(Boolean);
      lines.push(...whole);
      lines.splice(0, Math.max(0, lines.length - 200));
      listeners.forEach((l) => whole.forEach(l));
      waiters.forEach((w) => w());
    };
  };
  child.stdout?.on('data', reader());
  child.stderr?.on('data', reader());
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      resolve();
    }),
  );
  const tail = (): string => lines.slice(-40).join('\n');
  return {
    name,
    pid: child.pid ?? -1,
    tail,
    waitForLine: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const hit = lines.map((l) => pattern.exec(l)).find(Boolean);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          } else if (exited) {
            waiters.delete(check);
            reject(new Error(`${name} exited before printing ${pattern}\n${tail()}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${name}: no ${pattern} within ${timeoutMs} ms\n${tail()}`));
        }, timeoutMs);
        waiters.add(check);
        void done.then(check);
        check();
      }),
    waitForHttp: async (url, timeoutMs) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (exited) {
          throw new Error(`${name} exited before ${url} answered\n${tail()}`);
        }
        const ok = await fetch(url).then((r) => r.status < 500, () => false);
        if (ok) {
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${name}: ${url} did not answer within ${timeoutMs} ms\n${tail()}`);
    },
    onLine: (listener) => void listeners.push(listener),
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
