// A parent process for the kafka mock, killed with SIGKILL by kafka-mock.integration-spec.ts to prove
// the launcher does not outlive whoever started it.
import { startKafkaMock } from '../kafka-mock';

void startKafkaMock({ topics: [{ name: 'orphan-check', partitions: 1 }] }).then((mock) => {
  console.log(`MOCK_PID ${mock.pid}`);
  setInterval(() => undefined, 60_000);
});
