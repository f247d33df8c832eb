import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { LineLog } from './line-log';
import { waitForHttp as pollHttp } from './wait-for-http';

export interface SpawnNodeOptions {
  /** Added to (and overriding) the test process's environment. */
  env?: Record<string, string | undefined>;
  /** Shown in errors and log dumps; defaults to the script's file name. */
  name?: string;
  args?: string[];
  cwd?: string;
  /** Flags for node itself, before the script (the product's: `spawnService`). */
  nodeFlags?: readonly string[];
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcess {
  name: string;
  pid: number;
  /** Resolves with the first stdout/stderr line matching (lines already printed count). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Polls `url` until it answers with a status below 500; fails early if the process exits. */
  waitForHttp(url: string, timeoutMs?: number): Promise<void>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit; SIGKILL after `graceMs`. */
  kill(signal?: NodeJS.Signals, graceMs?: number): Promise<ProcessExit>;
  exited: Promise<ProcessExit>;
  /** The exit if it comes within `ms`, else 'still running after N s' (an assertion then shows which). */
  exitWithin(ms: number): Promise<ProcessExit | string>;
  /** Everything printed so far, stderr lines prefixed with [stderr]: print it when a test fails. */
  output(): string;
}

const preload = (file: string): string[] => ['-r', path.join(__dirname, file)];

/**
 * Starts `node scriptPath` (.js, or .ts compiled on the fly with the @app/* aliases resolved). The
 * child's stdin is a pipe from this process and a preload makes it exit on EOF, so it never
 * outlives the test process, even one killed with SIGKILL.
 */
export const spawnNode = (scriptPath: string, options: SpawnNodeOptions = {}): NodeProcess => {
  const name = options.name ?? path.basename(scriptPath);
  const execArgv = ['--enable-source-maps', ...(options.nodeFlags ?? []), ...preload('die-with-parent.js')];
  if (scriptPath.endsWith('.ts')) {
    execArgv.push(...preload('register-ts.js'));
  }
  const child = spawn(process.execPath, [...execArgv, scriptPath, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const log = new LineLog();
  log.follow(child.stdout);
  log.follow(child.stderr, '[stderr] ');
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => {
      log.close(`${name} exited (code ${code}, signal ${signal})`);
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      log.close(`${name} failed to start: ${err.message}`);
      resolve({ code: null, signal: null });
    });
  });
  let exit: ProcessExit | undefined;
  void exited.then((e) => (exit = e));

  return {
    name,
    pid: child.pid ?? -1,
    exited,
    exitWithin: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`still running after ${ms / 1000} s`), ms);
      });
      try {
        return await Promise.race([exited, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    output: () => log.text(),
    waitForLine: (pattern, timeoutMs = 15_000) => log.waitFor(pattern, timeoutMs),
    waitForHttp: async (url, timeoutMs = 15_000) => {
      const stillRunning = exited.then((e) => {
        throw new Error(`${name} exited (code ${e.code}, signal ${e.signal}) before ${url} answered\n${log.text()}`);
      });
      stillRunning.catch(() => undefined);
      try {
        await Promise.race([pollHttp(url, timeoutMs, () => exit !== undefined), stillRunning]);
      } catch (err) {
        throw exit ? err : new Error(`${(err as Error).message}\n${name} output:\n${log.text()}`);
      }
    },
    kill: async (signal = 'SIGTERM', graceMs = 5000) => {
      if (exit) {
        return exit;
      }
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
};
