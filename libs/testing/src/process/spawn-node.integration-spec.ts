import * as path from 'node:path';
import { freePort } from './free-port';
import { isProcessAlive } from './process-alive';
import { spawnNode, type NodeProcess } from './spawn-node';

const fixture = path.join(__dirname, '__fixtures__', 'http-server.fixture.ts');

describe(spawnNode.name, () => {
  let sut: NodeProcess | undefined;

  afterEach(async () => {
    await sut?.kill('SIGKILL');
  });

  it('should run a TypeScript entry point and report its ready line and HTTP endpoint', async () => {
    const port = await freePort();
    sut = spawnNode(fixture, { env: { PORT: String(port) }, name: 'http-fixture' });

    const [, announced] = await sut.waitForLine(/^READY on (\d+)/, 10_000);
    await sut.waitForHttp(`http://127.0.0.1:${port}/`, 5000);

    expect(Number(announced)).toBe(port);
    expect(sut.output()).toContain('[stderr] warming up');
  });

  it('should stop the process with the requested signal', async () => {
    sut = spawnNode(fixture, { env: { PORT: String(await freePort()) } });
    await sut.waitForLine(/^READY/, 10_000);

    const exit = await sut.kill('SIGTERM');

    expect(exit.signal).toBe('SIGTERM');
    expect(isProcessAlive(sut.pid)).toBe(false);
  });

  it('should fail a wait early, with the output, when the process exits first', async () => {
    sut = spawnNode(path.join(__dirname, '__fixtures__', 'missing.fixture.js'), { name: 'missing' });

    await expect(sut.waitForLine(/^READY/, 10_000)).rejects.toThrow(/missing exited \(code 1/);
  });
});
