// First: jest's moduleNameMapper does not apply here, and system-topics imports @app/contracts.
import '../process/register-aliases.js';
import { startKafka } from '../kafka/start-kafka';
import { systemTopics } from '../kafka/system-topics';
import { startPostgres } from '../postgres/start-postgres';
import { infraHandles, stopInfra } from './test-infra-handles';

/**
 * Jest globalSetup for the integration and e2e projects: one database and one Kafka per run.
 * Workers are forked after this returns and inherit process.env:
 * - TEST_DATABASE_URL: a fresh, empty `test_*` database (each service creates its own schema);
 * - TEST_KAFKA_BROKERS: comma-separated bootstrap list, every system topic already created.
 * Leaks: the Kafka launcher exits when this process dies (stdin EOF), and a database left by a
 * killed run is dropped by the next run (its name carries the dead pid).
 */
export default async function globalSetup(): Promise<void> {
  const handles = infraHandles();
  try {
    // Each handle is kept as soon as it exists, so a failure of the other one still cleans it up.
    const [database, kafka] = await Promise.all([
      startPostgres().then((d) => (handles.database = d)),
      startKafka(systemTopics()).then((k) => (handles.kafka = k)),
    ]);
    process.env.TEST_DATABASE_URL = database.url;
    process.env.TEST_KAFKA_BROKERS = kafka.brokers.join(',');
  } catch (err) {
    await stopInfra().catch(() => undefined);
    throw err;
  }
}
