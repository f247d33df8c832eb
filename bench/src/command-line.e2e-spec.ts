import path from 'node:path';
import { buildServer, repoRoot, spawnNode } from '@app/testing';

/**
 * The three benches as a person starts them. Until 2026-12-07 an option they did not know, `--help` among them, was
 * ignored and the default run began: fourteen minutes of measurement nobody asked for.
 */
describe('the benches’ command lines', () => {
  beforeAll(() => buildServer());

  const run = async (script: string, ...args: string[]) => {
    const bench = spawnNode(path.join(repoRoot(), `dist/bench/src/${script}.js`), { args });
    const exit = await bench.exitWithin(30_000);
    await bench.kill('SIGKILL');
    return { exit, output: bench.output() };
  };

  it.each(['main', 'retention-pass', 'closing-write'])(
    '%s: should print its usage for --help and exit 0',
    async (script) => {
      const { exit, output } = await run(script, '--help');

      expect(exit).toEqual({ code: 0, signal: null });
      expect(output).toMatch(/^usage: npm run bench\S* -- \[options\]$/m);
      expect(output).toContain('--out=DIR');
      expect(output).not.toContain('[stderr]');
    },
  );

  it('should refuse a mistyped option with its name and the usage, exit 2, and measure nothing', async () => {
    const { exit, output } = await run('main', '--soak', '--soak-rte=200', '--out=/nonexistent/never-made');

    expect(exit).toEqual({ code: 2, signal: null });
    expect(output).toContain("[stderr] Unknown option '--soak-rte'");
    expect(output).toContain('[stderr] usage: npm run bench -- [options]');
    expect(output).not.toContain('bench: ');
  });

  it('should refuse a value that is not a number before starting the product', async () => {
    const { exit, output } = await run('closing-write', '--rounds=three');

    expect(exit).toEqual({ code: 2, signal: null });
    expect(output).toContain('[stderr] --rounds=three: expected a whole number of at least 1');
  });
});
