import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../process/free-port';

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth). */
  url: string;
  port: number;
  /** Stops the server (`pg_ctl stop`); `mode` 'immediate' is a crash, 'fast' a clean shutdown. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and data directory (the data survives). */
  start(): void;
  /** Stops it and deletes the data directory. */
  destroy(): void;
}

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** Runs a Postgres tool as the `postgres` user (initdb and postgres refuse to run as root). */
const asPostgres = (tool: string, args: string[]): void => {
  const cmd = path.join(BIN, tool);
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
    stdio: 'pipe',
    timeout: 30_000,
  });
};

/**
 * A Postgres cluster of its own (initdb into a temp dir, `pg_ctl start` on a free port, < 1 s) that
 * a fault test may stop and start at will: the machine's shared server is never touched. Stopped
 * (immediate mode) when this process exits, whatever happens to the test.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-throwaway-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync=off only risks data on an OS crash. synchronous_commit stays on: with it off, a commit returns
  // before its WAL is written, and the fault tests' immediate stop would silently drop transactions the
  // product had already acknowledged (a 200 whose trade log then never existed).
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=on -c full_page_writes=off -c max_connections=100`;
  let running = false;
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    if (running) {
      running = false;
      asPostgres('pg_ctl', ['stop', '-D', data, '-m', mode, '-w']);
    }
  };
  const start = () => {
    asPostgres('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-o', options]);
    running = true;
  };
  const onExit = () => {
    try {
      stop('immediate');
    } catch {
      // Exiting anyway.
    }
  };
  process.once('exit', onExit);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    destroy: () => {
      process.removeListener('exit', onExit);
      stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
