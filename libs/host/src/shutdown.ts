import type { INestApplicationContext } from '@nestjs/common';
import type { AppLogger } from '@app/common';
import { readiness } from './readiness';

/**
 * Graceful stop on SIGTERM/SIGINT: report not-ready, let Nest close the transport (the consumer
 * leaves its group, in-flight handlers finish), then exit; a stuck close is cut off after the timeout.
 */
export function installShutdown(app: INestApplicationContext, logger: AppLogger, timeoutMs: number): void {
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
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error(err, undefined, 'Host');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
