import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { kafkaTopicPlan } from '@app/contracts';
import { durationSeconds, readCompose } from './compose-file';
import type { ComposeFile } from './compose-file';
import { SERVICES } from './config-schemas';

// The Compose Specification's JSON schema as the docker-compose npm package ships it
// (node_modules/docker-compose/schema/compose-spec.json, from github.com/compose-spec/compose-spec).
const composeSpec = JSON.parse(
  readFileSync(require.resolve('docker-compose/schema/compose-spec.json'), 'utf8'),
) as Record<string, unknown>;

const validateCompose = (file: unknown) => {
  const { $schema: _ignored, ...schema } = composeSpec;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
  return validate(file) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
};

describe('docker-compose.yml', () => {
  const sut: ComposeFile = readCompose();

  describe('the Compose Specification', () => {
    it('should accept the file', () => {
      expect(validateCompose(sut)).toEqual([]);
    });

    it('should reject a file that breaks it (the check can fail)', () => {
      expect(validateCompose({ ...sut, services: { broken: { ports: 'not-a-list', nonsense: true } } })).not.toEqual(
        [],
      );
    });
  });

  describe('services', () => {
    it.each(SERVICES)('should build %s from its Dockerfile target and check its readiness', (name) => {
      const service = sut.services[name];

      expect(service.build).toEqual({ context: '.', target: name });
      expect(service.healthcheck?.test).toEqual(['CMD', 'node', '/app/healthcheck.js', '/readyz']);
      expect(service.depends_on?.['kafka-init']).toEqual({ condition: 'service_completed_successfully' });
    });

    it.each(SERVICES.filter((s) => s !== 'gateway'))('should start %s after Postgres is healthy', (name) => {
      expect(sut.services[name].depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    });

    it.each(SERVICES)('should give %s longer to stop than its own shutdown timeout', (name) => {
      const service = sut.services[name];
      const shutdownMs = Number(service.environment?.SHUTDOWN_TIMEOUT_MS ?? 15000);

      expect(durationSeconds(service.stop_grace_period ?? '10s') * 1000).toBeGreaterThan(shutdownMs);
    });

    it('should run Kafka in KRaft mode from the official image, without topic auto-creation', () => {
      const kafka = sut.services.kafka;

      expect(kafka.image).toMatch(/^apache\/kafka:\d/);
      expect(kafka.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
      expect(kafka.environment?.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    });

    it('should create the topics once Kafka is healthy, from the generated list', () => {
      const init = sut.services['kafka-init'];

      expect(init.depends_on?.kafka).toEqual({ condition: 'service_healthy' });
      expect(init.volumes).toContain('./deploy/kafka:/topics:ro');
      expect(init.entrypoint).toEqual(['bash', '/topics/create-topics.sh', '/topics/topics.txt']);
      expect(kafkaTopicPlan().length).toBeGreaterThan(0);
    });

    it('should run the simulator only under the sandbox profile', () => {
      const withProfile = Object.entries(sut.services).filter(([, s]) => s.profiles !== undefined);

      expect(withProfile.map(([name, s]) => [name, s.profiles])).toEqual([['simulator', ['sandbox']]]);
    });

    it('should keep Kafka and Postgres data in named volumes', () => {
      expect(sut.services.kafka.volumes).toContain('kafka-data:/var/lib/kafka/data');
      expect(sut.services.postgres.volumes).toContain('postgres-data:/var/lib/postgresql/data');
      expect(Object.keys(sut.volumes ?? {})).toEqual(['kafka-data', 'postgres-data']);
    });
  });
});

describe(durationSeconds.name, () => {
  it('should read Compose durations', () => {
    expect(durationSeconds('20s')).toBe(20);
    expect(durationSeconds('1m30s')).toBe(90);
    expect(durationSeconds('500ms')).toBe(0.5);
  });

  it('should reject what is not a duration', () => {
    expect(() => durationSeconds('20 seconds')).toThrow('not a Compose duration');
  });
});
