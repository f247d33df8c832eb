import type { TestKafka } from '../kafka/start-kafka';
import type { TestDatabase } from '../postgres/start-postgres';

/** What global-setup started, kept on globalThis (setup and teardown run in jest's parent process). */
export interface TestInfraHandles {
  kafka?: TestKafka;
  database?: TestDatabase;
}

const KEY = Symbol.for('@app/testing:infra');

export const infraHandles = (): TestInfraHandles => {
  const g = globalThis as unknown as Record<symbol, TestInfraHandles | undefined>;
  g[KEY] ??= {};
  return g[KEY];
};

/** Stops everything started; safe to call twice, and one failure does not keep the rest running. */
export const stopInfra = async (): Promise<void> => {
  const handles = infraHandles();
  const { kafka, database } = handles;
  handles.kafka = undefined;
  handles.database = undefined;
  const results = await Promise.allSettled([kafka?.stop(), database?.drop()]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((f): unknown => f.reason),
      'test infrastructure teardown failed',
    );
  }
};
