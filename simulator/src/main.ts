// Runs the simulator alone: `npm run simulator` (port from SIM_PORT, default 4100).
import { startSimulator } from './index';

async function main(): Promise<void> {
  const port = Number(process.env.SIM_PORT ?? 4100);
  const host = process.env.SIM_HOST ?? '127.0.0.1';
  const sim = await startSimulator({ port, host });
  const lines = [
    `Tradovate simulator listening on ${sim.url}`,
    `  demo REST:   ${sim.demoUrl}`,
    `  live REST:   ${sim.liveUrl}`,
    `  OAuth page:  ${sim.oauthUrl}`,
    `  OAuth token: ${sim.oauthTokenUrl}`,
    `  control:     ${sim.url}/__control/<method>`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = (): void => void sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Simulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
