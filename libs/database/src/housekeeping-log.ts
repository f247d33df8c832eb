import type { HousekeepingPass } from './embedded-database';

/** The part of a pino logger the housekeeping log needs. */
export interface FieldLogger {
  info(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

const MB = 1024 * 1024;

/**
 * Logs what a housekeeping pass of the embedded database did, as Postgres logs its checkpoints
 * (`log_checkpoints`): a checkpoint at info, with how long it held the database's one session (every
 * statement, the webhooks' included, waits for it), a vacuum alone at debug.
 */
export function logHousekeeping(log: FieldLogger, pass: HousekeepingPass): void {
  const fields = {
    passMs: pass.ms,
    vacuumed: pass.vacuumed,
    ...(pass.checkpoint && { checkpointMs: pass.checkpoint.ms, walBytes: pass.checkpoint.walBytes }),
  };
  const vacuumed = pass.vacuumed.length > 0 ? `vacuumed ${pass.vacuumed.join(', ')}` : '';
  if (pass.checkpoint) {
    const wal = (pass.checkpoint.walBytes / MB).toFixed(1);
    log.info(
      fields,
      `checkpoint: ${wal} MB of write-ahead log written out in ${pass.checkpoint.ms} ms${vacuumed ? `; ${vacuumed}` : ''} (the pass held the database ${pass.ms} ms)`,
    );
  } else if (vacuumed) {
    log.debug(fields, `${vacuumed} in ${pass.ms} ms`);
  }
}
