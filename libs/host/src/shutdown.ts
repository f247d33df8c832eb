import type { INestApplicationContext } from '@nestjs/common';
import type { AppLogger } from '@app/common';
import { readiness } from './readiness';

export interface ShutdownHooks {
  /** After close(): what Nest does not own (the bus client, given to the module as a value). */
  afterClose?: () => Promise<void>;
}

/**
 * Graceful stop on SIGTERM/SIGINT: report not-ready, let Nest close the app (the Kafka consumer stops
 * fetching, waits for the handler in flight and leaves its group), close the bus client, then exit;
 * a stuck stop is cut off after the timeout.
 */
export function installShutdown(
  app: INestApplicationContext,
  logger: AppLogger,
  timeoutMs: number,
  hooks: ShutdownHooks = {},
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    readiness.shuttingDown = true;
    logger.log(`${signal} received, shutting down`, 'Host');
    const timer = setTimeout(() => {
      logger.error(`shutdown took longer than ${timeoutMs} ms, exiting`, undefined, 'Host');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    const close = async () => {
      await app.close();
      await hooks.afterClose?.().catch((err: unknown) => logger.warn(`after close: ${String(err)}`, 'Host'));
    };
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error(err, undefined, 'Host');
        process.exit(1);
      },
    );
  };
  // Subscribed for good, not once: a second signal while stopping (Ctrl-C reaches `npm start` and the product, and
  // `npm start` passes its own on) is ignored instead of killing the process in the middle of its close.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
