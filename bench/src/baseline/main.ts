// Child-process entry of the baseline relay, so its CPU and memory are measured like the product's.
// Options arrive as JSON in BENCH_RELAY (the bench harness sets it); prints "relay listening <port>".
import { startRelay } from './relay';
import type { RelayOptions } from './relay';

async function main(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_RELAY ?? '{}') as RelayOptions;
  const { port } = await startRelay(options);
  process.stdout.write(`relay listening ${port}\n`);
}

void main();
