import { stopInfra } from './test-infra-handles';

/** Jest globalTeardown: stops the Kafka launcher and drops the run's database. */
export default async function globalTeardown(): Promise<void> {
  await stopInfra();
}
