import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { LineLog } from '../process/line-log';
import { waitForProcessExit } from '../process/process-alive';
import { ensureKafkaMockBuilt } from './kafka-mock-binary';
import { formatTopicSpec, type TopicSpec } from './topic-spec';

export interface KafkaMockOptions {
  topics: TopicSpec[];
  /** Bind the broker to 127.0.0.1:port instead of a kernel-chosen port. */
  port?: number;
  startTimeoutMs?: number;
}

export interface KafkaMock {
  brokers: string[];
  /** The launcher's process id (to check it is gone). */
  pid: number;
  /** Creates topics on the running broker (kafkajs admin.createTopics does not work against the mock). */
  createTopics(topics: TopicSpec[]): Promise<void>;
  stop(): Promise<void>;
}

const ARGV_TOPIC_LIMIT = 200;

/**
 * Starts librdkafka's mock cluster (one broker) in a child process. Its stdin stays a pipe from this
 * process: when this process dies, however it dies, the launcher reads EOF and exits. After it is
 * ready the child is unref'd, so it never keeps a test process alive on its own.
 */
export const startKafkaMock = async (options: KafkaMockOptions): Promise<KafkaMock> => {
  const binary = await ensureKafkaMockBuilt();
  const specs = options.topics.map(formatTopicSpec);
  const args: string[] = options.port ? ['--port', String(options.port)] : [];
  let topicsDir: string | undefined;
  if (specs.length > ARGV_TOPIC_LIMIT) {
    topicsDir = await mkdtemp(path.join(os.tmpdir(), 'kafka-mock-'));
    const file = path.join(topicsDir, 'topics.txt');
    await writeFile(file, specs.join('\n') + '\n');
    args.push('--topics-file', file);
  } else {
    args.push(...specs);
  }

  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const log = new LineLog();
  log.follow(child.stdout);
  log.follow(child.stderr, '[stderr] ');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => log.close(`kafka-mock exited (code ${code}, signal ${signal})`));
  child.once('error', (err) => log.close(`kafka-mock failed to start: ${err.message}`));

  try {
    const [, bootstrap] = await log.waitFor(/^BOOTSTRAP (\S+)/, options.startTimeoutMs ?? 10_000);
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      // Pipes are net.Sockets at runtime; the stream types do not declare unref.
      (stream as unknown as { unref?: () => void }).unref?.();
    }
    let commands = Promise.resolve();
    return {
      brokers: bootstrap.split(','),
      pid: child.pid ?? -1,
      createTopics: (topics) => {
        commands = commands
          .catch(() => undefined)
          .then(async () => {
            for (const spec of topics.map(formatTopicSpec)) {
              child.stdin.write(`TOPIC ${spec}\n`);
              const name = spec.slice(0, spec.lastIndexOf(':'));
              const [, verdict, reason] = await log.waitFor(
                new RegExp(`^(CREATED|ERROR) ${escape(name)}(?: (.*))?$`),
                5000,
                true,
              );
              if (verdict === 'ERROR') {
                throw new Error(`kafka-mock could not create ${name}: ${reason}`);
              }
            }
          });
        return commands;
      },
      stop: async () => {
        child.ref(); // keep this process alive until the launcher has really exited
        child.stdin.end();
        if (!(await Promise.race([exited.then(() => true), sleep(3000).then(() => false)]))) {
          child.kill('SIGKILL');
          await exited;
        }
        if (child.pid) {
          await waitForProcessExit(child.pid, 1000);
        }
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    if (topicsDir) {
      await rm(topicsDir, { recursive: true, force: true });
    }
  }
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());
