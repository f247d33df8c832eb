// How much of two CPUs this VM gives two busy threads at once. Steal (cpu-steal.ts) counts the time the hypervisor
// gave to other tenants; it does not count a virtual CPU that runs, but slower, because its sibling hyperthread or a
// neighbour is busy. On this project's VMs, idle but for the probe, two threads hashing at once did 1.47–1.65 times
// what one did alone (fifty-third session). At its ceiling the standalone product's threads need more than one CPU
// beside the bench's own process, the relay's one: a VM that gives less of its second CPU may lower the product's
// ceiling more than the relay's, and the figure at the start and end of each run lets the results say whether it did.
import { Worker } from 'node:worker_threads';
import { percentile } from './stats';

/** Busy work for `ms`: SHA-256 of 1 KB, counted. Runs in a worker; posts the count for each request. */
const SPINNER = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const block = Buffer.alloc(1024);
parentPort.on('message', (ms) => {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    createHash('sha256').update(block).digest();
    n += 1;
  }
  parentPort.postMessage(n);
});
`;

/** Work two threads did at once, as a multiple of what one did alone (2 = two whole CPUs), to 0.01. */
export function parallelRatio(alone: number, together: readonly [number, number]): number {
  if (alone <= 0) {
    throw new Error('the thread alone did no work');
  }
  return Math.round(((together[0] + together[1]) / alone) * 100) / 100;
}

/**
 * The median ratio over `rounds` rounds: one thread for `ms`, then two at once for `ms`. About 2 × rounds × ms of
 * wall time, with both CPUs busy for half of it: run it when the systems under test are idle.
 */
export async function parallelCapacity(rounds = 3, ms = 500): Promise<number> {
  const workers = [new Worker(SPINNER, { eval: true }), new Worker(SPINNER, { eval: true })] as const;
  const spin = (w: Worker, forMs: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const done = (n: number): void => {
        w.off('error', failed);
        resolve(n);
      };
      const failed = (err: Error): void => {
        w.off('message', done);
        reject(err);
      };
      w.once('message', done);
      w.once('error', failed);
      w.postMessage(forMs);
    });
  try {
    // The first calls compile the loop and the hash's bindings in each worker.
    await Promise.all(workers.map((w) => spin(w, 100)));
    const ratios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const alone = await spin(workers[0], ms);
      const together = await Promise.all([spin(workers[0], ms), spin(workers[1], ms)]);
      ratios.push(parallelRatio(alone, [together[0], together[1]]));
    }
    return percentile(
      ratios.sort((a, b) => a - b),
      50,
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
