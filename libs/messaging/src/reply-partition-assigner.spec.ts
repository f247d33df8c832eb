import { AssignerProtocol } from 'kafkajs';
import type { Cluster, Logger } from 'kafkajs';
import { replyPartitionAssigner } from './reply-partition-assigner';

/** A cluster that knows only the partitions of some topics, listed out of order as a broker may. */
const clusterWith = (partitions: Record<string, number[]>): Cluster =>
  ({
    findTopicPartitionMetadata: (topic: string) => (partitions[topic] ?? []).map((partitionId) => ({ partitionId })),
  }) as unknown as Cluster;

const assign = async (
  partitions: Record<string, number[]>,
  memberIds: string[],
): Promise<Record<string, Record<string, number[]>>> => {
  const sut = replyPartitionAssigner({
    cluster: clusterWith(partitions),
    groupId: 'gateway-replies-host-1',
    logger: {} as Logger,
  });
  const members = memberIds.map((memberId) => ({
    memberId,
    memberMetadata: sut.protocol({ topics: Object.keys(partitions) }).metadata,
  }));
  const result = await sut.assign({ members, topics: Object.keys(partitions) });
  return Object.fromEntries(
    result.map((r) => [r.memberId, AssignerProtocol.MemberAssignment.decode(r.memberAssignment)?.assignment ?? {}]),
  );
};

describe('replyPartitionAssigner', () => {
  it('should give the one member of a reply group only the lowest partition of each topic', async () => {
    const assigned = await assign(
      { 'alerts.route.reply': [3, 0, 11, 1, 2, 4, 5, 6, 7, 8, 9, 10], 'connections.list.reply': [1, 0] },
      ['m-1'],
    );

    expect(assigned).toEqual({ 'm-1': { 'alerts.route.reply': [0], 'connections.list.reply': [0] } });
  });

  it('should give several members distinct partitions while there are enough, in member order', async () => {
    const assigned = await assign({ 'alerts.route.reply': [0, 1, 2] }, ['m-b', 'm-a']);

    expect(assigned).toEqual({ 'm-a': { 'alerts.route.reply': [0] }, 'm-b': { 'alerts.route.reply': [1] } });
  });

  it('should leave out a topic whose partitions the cluster does not know yet', async () => {
    const assigned = await assign({ 'alerts.route.reply': [0, 1], 'not.created.reply': [] }, ['m-1']);

    expect(assigned).toEqual({ 'm-1': { 'alerts.route.reply': [0] } });
  });

  it('should declare the topics it consumes in the group protocol', () => {
    const sut = replyPartitionAssigner({ cluster: clusterWith({}), groupId: 'g', logger: {} as Logger });

    const { name, metadata } = sut.protocol({ topics: ['a.reply', 'b.reply'] });

    expect([name, AssignerProtocol.MemberMetadata.decode(metadata)?.topics]).toEqual([
      'ReplyPartitionAssigner',
      ['a.reply', 'b.reply'],
    ]);
  });
});
