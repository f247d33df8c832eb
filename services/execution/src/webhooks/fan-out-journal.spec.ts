import type { DatabaseRuntime } from '@app/database';
import type { DataSource } from 'typeorm';
import { FINISH_LINGER_MS, FanOutJournal, finishLingerFor } from './fan-out-journal';
import type { FanOutEnd } from './fan-out-journal';

const end: FanOutEnd = {
  status: 'completed',
  response: {
    message: 'Orders placed on 0 account(s)',
    successful: 0,
    failed: 0,
    total: 0,
    results: [],
    request_id: 'r',
    processed_orders: 0,
    failed_orders: 0,
  },
  events: [],
};

/** The journal as execution wires it for `database`, over a database that records which webhooks each statement wrote. */
function setup(database: DatabaseRuntime['kind'] = 'pglite') {
  const statements: string[][] = [];
  const db = {
    query: jest.fn((_sql: string, params: unknown[]) => {
      statements.push(params[1] as string[]);
      return Promise.resolve([]);
    }),
  };
  return { journal: new FanOutJournal(db as unknown as DataSource, finishLingerFor(database)), statements };
}

describe('FanOutJournal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should hold a closing write on the embedded database for the linger and write the fan-outs that end meanwhile with it, in one statement', async () => {
    const { journal, statements } = setup();

    const a = journal.finish('a', [], end);
    await jest.advanceTimersByTimeAsync(FINISH_LINGER_MS / 2);
    const b = journal.finish('b', [], end);
    await jest.advanceTimersByTimeAsync(FINISH_LINGER_MS / 2 - 1);
    expect(statements).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);

    expect(statements).toEqual([['a', 'b']]);
    await Promise.all([a, b]);
  });

  it('should start a new linger for a fan-out that ends after the last write', async () => {
    const { journal, statements } = setup();

    const a = journal.finish('a', [], end);
    await jest.advanceTimersByTimeAsync(FINISH_LINGER_MS + 2);
    const c = journal.finish('c', [], end);
    await jest.advanceTimersByTimeAsync(FINISH_LINGER_MS);

    expect(statements).toEqual([['a'], ['c']]);
    await Promise.all([a, c]);
  });

  it('should write at once without a linger, as on a shared Postgres, where Kafka hands it one webhook of an alert at a time', async () => {
    const { journal, statements } = setup('postgres');

    const a = journal.finish('a', [], end);
    await jest.advanceTimersByTimeAsync(0);

    expect(statements).toEqual([['a']]);
    await a;
  });
});
