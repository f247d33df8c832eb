import { z } from 'zod';
import { ConfigError, bool, csv, kafkaConfigShape, loadConfig } from './config';

describe(loadConfig.name, () => {
  const schema = z.object({ ...kafkaConfigShape, FLAG: bool(false), LIST: csv().default([]) });

  it('should type and default the variables', () => {
    const sut = loadConfig(schema, { KAFKA_BROKERS: 'a:9092, b:9093', FLAG: 'true', LIST: 'x,,y' });

    expect(sut.KAFKA_BROKERS).toEqual(['a:9092', 'b:9093']);
    expect(sut.KAFKA_MAX_WAIT_MS).toBe(100);
    expect(sut.FLAG).toBe(true);
    expect(sut.LIST).toEqual(['x', 'y']);
  });

  it('should name every missing or malformed variable', () => {
    const run = () => loadConfig(schema, { KAFKA_MAX_WAIT_MS: 'soon' });

    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/KAFKA_BROKERS/);
    expect(run).toThrow(/KAFKA_MAX_WAIT_MS/);
  });

  it('should treat an empty variable as unset', () => {
    expect(() => loadConfig(schema, { KAFKA_BROKERS: '' })).toThrow(/KAFKA_BROKERS/);
  });
});
