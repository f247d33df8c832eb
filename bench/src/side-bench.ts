// What the benches apart from `npm run bench` share (`bench:retention`, `bench:closing-write`): the machine named in
// their markdown, their results written as JSON and markdown, and a failure reported with its stack.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MachineInfo } from './machine';

/** The markdown's line naming the machine and how loaded it was when the run started. */
export const machineLine = (m: MachineInfo): string =>
  `${m.date} · ${m.nproc} CPUs (${m.cpuModel}) · Node ${m.node} · load average at start ${m.loadAvgAtStart.join(' / ')}`;

/** Writes `latest.json` and `latest.md` into `outDir` (made if missing); returns the markdown's path. */
export async function writeResults(outDir: string, json: unknown, markdown: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  const md = path.join(outDir, 'latest.md');
  await writeFile(md, markdown);
  return md;
}

/** Runs a bench's `main` as the process: exit 0 when it ends (the embedded database's thread would hold it), 1 with the stack when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
