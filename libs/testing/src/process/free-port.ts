import { probeListen } from '@app/host/listen-failure';

/** A TCP port free on 127.0.0.1 right now (the kernel picks it; someone could still take it before you). */
export const freePort = (): Promise<number> => probeListen({ host: '127.0.0.1', port: 0 });
