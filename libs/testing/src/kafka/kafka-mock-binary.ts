import { execFile } from 'node:child_process';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../testing-config';

const run = promisify(execFile);

export const kafkaMockSourcePath = (): string => path.join(repoRoot(), 'libs', 'testing', 'kafka-mock', 'kafka-mock.c');
export const kafkaMockBinaryPath = (): string => path.join(repoRoot(), '.cache', 'kafka-mock', 'kafka-mock');

const mtimeOf = async (file: string): Promise<number | undefined> => {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * Compiles the launcher into `.cache/kafka-mock/kafka-mock` unless the binary is newer than its source.
 * Parallel jest workers may all get here: each compiles to its own temporary file and renames it into
 * place, so nobody ever executes a half-written binary. Returns the binary's path.
 */
export const ensureKafkaMockBuilt = async (): Promise<string> => {
  const source = kafkaMockSourcePath();
  const binary = kafkaMockBinaryPath();
  const [sourceTime, binaryTime] = await Promise.all([mtimeOf(source), mtimeOf(binary)]);
  if (sourceTime === undefined) {
    throw new Error(`kafka-mock source not found at ${source}`);
  }
  if (binaryTime !== undefined && binaryTime >= sourceTime) {
    return binary;
  }
  await mkdir(path.dirname(binary), { recursive: true });
  const tmp = `${binary}.${process.pid}.${Date.now()}.tmp`;
  try {
    await run('gcc', ['-O2', '-Wall', '-rdynamic', source, '-o', tmp, '-lrdkafka', '-ldl', '-lpthread']);
    await rename(tmp, binary);
  } catch (err) {
    await rm(tmp, { force: true });
    const detail = (err as { stderr?: string }).stderr ?? String(err);
    throw new Error(
      `could not compile the kafka mock (needs gcc and librdkafka-dev: apt-get install gcc librdkafka-dev):\n${detail}`,
    );
  }
  return binary;
};
