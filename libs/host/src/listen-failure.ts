import { createServer } from 'node:net';

/** Where a process was told to listen. */
export interface ListenAddress {
  host: string;
  port: number;
  /** The variable that chooses the port, named in the way out (PORT when not given). */
  variable?: string;
}

/**
 * What to tell the person who started the process when the system refused its listening socket, or undefined for any
 * other error. The usual case is a second `npm start` (or anything else) already on the port, which Node reports as an
 * uncaught `EADDRINUSE` with a stack trace that names neither the port's owner nor the way out.
 */
export function listenFailure(err: unknown, { host, port, variable = 'PORT' }: ListenAddress): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${port} is already in use: another program, or the product already running, listens there. Stop it, or choose a free port with ${variable}.`;
  }
  if (code === 'EACCES') {
    return `port ${port} needs privileges this user does not have (ports below 1024 do). Choose another with ${variable}.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `cannot listen on ${host}: no network interface of this machine has that address. Set HOST to one of its addresses, or to 0.0.0.0 for all of them.`;
  }
  return undefined;
}

/**
 * Listens on `address` and closes again at once, answering the port it had (port 0: the one the kernel picked): the
 * refusal a later listen there would meet, found before a process opens or writes anything (standalone's first start
 * creates its administrator and prints the password), or a port free right now.
 */
export function probeListen({ host, port }: ListenAddress): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (bound ? resolve(bound) : reject(new Error('no port assigned'))));
    });
  });
}

/**
 * Runs `start` (which closes what it opened when it fails); when the system refused its listening socket
 * (listenFailure), prints one line naming `name` instead of the error's stack and exits 1. Any other error is thrown on.
 */
export async function exitOnListenFailure<T>(
  name: string,
  address: ListenAddress,
  start: () => Promise<T>,
): Promise<T> {
  try {
    return await start();
  } catch (err) {
    const words = listenFailure(err, address);
    if (words === undefined) {
      throw err;
    }
    process.stderr.write(`${name}: ${words}\n`);
    process.exit(1);
  }
}
