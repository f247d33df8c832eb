import { recordingLog } from './__fixtures__/recording-log';
import { logHousekeeping } from './housekeeping-log';

describe('logHousekeeping', () => {
  let log: ReturnType<typeof recordingLog>;
  beforeEach(() => {
    log = recordingLog();
  });

  it('should log a checkpoint at info with its time, the log it wrote out and how long the database was held', () => {
    logHousekeeping(log, {
      vacuumed: ['execution.webhooks'],
      checkpointed: true,
      ms: 131.5,
      checkpoint: { ms: 112.3, walBytes: 67_200_000 },
    });

    expect(log.lines).toEqual([
      {
        level: 'info',
        fields: { passMs: 131.5, vacuumed: ['execution.webhooks'], checkpointMs: 112.3, walBytes: 67_200_000 },
        message:
          'checkpoint: 64.1 MB of write-ahead log written out in 112.3 ms; vacuumed execution.webhooks (the pass held the database 131.5 ms)',
      },
    ]);
  });

  it('should log a pass that only vacuumed at debug', () => {
    logHousekeeping(log, { vacuumed: ['execution.webhooks', 'execution.attempts'], checkpointed: false, ms: 21 });

    expect(log.lines).toEqual([
      {
        level: 'debug',
        fields: { passMs: 21, vacuumed: ['execution.webhooks', 'execution.attempts'] },
        message: 'vacuumed execution.webhooks, execution.attempts in 21 ms',
      },
    ]);
  });

  it('should log nothing for a pass that did nothing', () => {
    logHousekeeping(log, { vacuumed: [], checkpointed: false, ms: 0.4 });

    expect(log.lines).toEqual([]);
  });
});
