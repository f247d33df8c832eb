import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { listenFailure, probeListen } from './listen-failure';

/** The error the system gives a server listening on `host`:`port`, or null when it listens. */
const refusal = (host: string, port: number): Promise<unknown> =>
  probeListen({ host, port }).then(
    () => null,
    (err: unknown) => err,
  );

describe('listenFailure', () => {
  let taken: Server;

  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
  });

  it('should name the port another program holds and the way out', async () => {
    const { port } = taken.address() as { port: number };
    const err = await refusal('127.0.0.1', port);

    expect(listenFailure(err, { host: '127.0.0.1', port })).toBe(
      `port ${port} is already in use: another program, or the product already running, listens there. Stop it, or choose a free port with PORT.`,
    );
  });

  it('should name a HOST address that is not this machine', async () => {
    // TEST-NET-1 (RFC 5737): documentation only, never an address of this machine.
    const err = await refusal('192.0.2.1', 0);

    expect(listenFailure(err, { host: '192.0.2.1', port: 3000 })).toMatch(
      /^cannot listen on 192\.0\.2\.1: no network interface/,
    );
  });

  it('should probe a free port and leave it free', async () => {
    const port = await probeListen({ host: '127.0.0.1', port: 0 });

    expect(await refusal('127.0.0.1', port)).toBeNull();
    // The probe closed its socket: the port can be listened on again.
    expect(await refusal('127.0.0.1', port)).toBeNull();
  });

  it('should leave any other error to be thrown on', () => {
    expect(listenFailure(new Error('boom'), { host: '0.0.0.0', port: 3000 })).toBeUndefined();
    expect(listenFailure(null, { host: '0.0.0.0', port: 3000 })).toBeUndefined();
  });
});
