import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './compose-file';

export const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

/** The instructions of each stage of the Dockerfile, by stage name. */
export function dockerfileStages(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of dockerfile.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) {
      current = [];
      out.set(from[1], current);
    }
    current.push(line);
  }
  return out;
}

/** A stage's CMD in exec form, as the argument list the container runs; undefined when it has none. */
export function stageCommand(stage: string[] | undefined): string[] | undefined {
  const cmd = stage?.find((l) => l.startsWith('CMD '));
  return cmd === undefined ? undefined : (JSON.parse(cmd.slice('CMD '.length)) as string[]);
}
