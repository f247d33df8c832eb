import { z } from 'zod';
import { event, request } from './contract';
import { DEFAULT_PARTITIONS, MAX_REPLICAS, kafkaTopicPlan } from './topic-plan';
import { Topic } from './topics';

const anyRequest = (partitions?: number) =>
  request({ owner: 'execution', version: 1, request: z.object({}), reply: z.object({}), partitions });

describe(kafkaTopicPlan.name, () => {
  it('should give every request topic a reply topic with room for every replica', () => {
    const sut = kafkaTopicPlan({ 'trading.groups.list': anyRequest() });

    expect(sut).toEqual([
      { name: 'trading.groups.list', partitions: DEFAULT_PARTITIONS, compacted: false },
      { name: 'trading.groups.list.reply', partitions: MAX_REPLICAS, compacted: false },
    ]);
  });

  it('should keep a contract partition count above the floor', () => {
    const sut = kafkaTopicPlan({ 'trading.groups.list': anyRequest(24) });

    expect(sut.map((t) => t.partitions)).toEqual([24, 24]);
  });

  it('should give the webhook topic room for every execution replica even when its contract asks for fewer', () => {
    const sut = kafkaTopicPlan({ [Topic.WebhookReceived]: anyRequest(3) });

    expect(sut.find((t) => t.name === String(Topic.WebhookReceived))?.partitions).toBe(MAX_REPLICAS);
  });

  it('should compact only the events whose contract says so', () => {
    const sut = kafkaTopicPlan({
      [Topic.ConnectionChanged]: event({ owner: 'connections', version: 1, payload: z.object({}), compacted: true }),
      [Topic.UserDeleted]: event({ owner: 'auth', version: 1, payload: z.object({}) }),
    });

    expect(sut).toEqual([
      { name: Topic.ConnectionChanged, partitions: DEFAULT_PARTITIONS, compacted: true },
      { name: Topic.UserDeleted, partitions: DEFAULT_PARTITIONS, compacted: false },
    ]);
  });

  it('should plan every topic of the registry by default', () => {
    const names = kafkaTopicPlan().map((t) => t.name);

    expect(names).toContain(Topic.AuthHealth);
    expect(names).toContain(`${Topic.AuthHealth}.reply`);
    expect(names).toContain(Topic.AlertRouteChanged);
  });
});
