import type { KafkaOptions } from '@nestjs/microservices';
import { AssignerProtocol } from 'kafkajs';

/** kafkajs' assigner as Nest's Kafka options declare it (Nest ships its own copy of kafkajs' types). */
type PartitionAssigner = NonNullable<
  NonNullable<NonNullable<KafkaOptions['options']>['consumer']>['partitionAssigners']
>[number];
type Assigner = ReturnType<PartitionAssigner>;

/**
 * Assigns a reply consumer one partition of each reply topic, the one its requests name, and no others.
 *
 * ClientKafka stamps every request with the lowest reply partition its consumer owns, and the answering
 * service replies there. Nest's own assigner also hands the member every other partition of the topic,
 * which suits replicas sharing one reply group; ours each read their replies in a group of their own
 * (`replyGroupOf`), so every partition but the lowest carried nothing and was fetched all the same: the
 * gateway's consumer listed 468 partitions (39 reply topics of 12) in each fetch where 39 carry replies.
 * Should a group ever have several members, each gets a partition of its own per topic while there are
 * enough (member i the i-th lowest), so no two members read each other's replies.
 */
export const replyPartitionAssigner: PartitionAssigner = ({ cluster }) => {
  const assigner: Assigner = {
    name: 'ReplyPartitionAssigner',
    version: 0,
    assign({ members, topics }) {
      const memberIds = members.map((m) => m.memberId).sort();
      const partitionsOf = new Map(
        topics.map((topic) => [
          topic,
          cluster
            .findTopicPartitionMetadata(topic)
            .map((p) => p.partitionId)
            .sort((a, b) => a - b),
        ]),
      );
      return Promise.resolve(
        memberIds.map((memberId, i) => {
          const assignment: Record<string, number[]> = {};
          for (const [topic, partitions] of partitionsOf) {
            if (partitions.length > 0) {
              assignment[topic] = [partitions[i % partitions.length]];
            }
          }
          return {
            memberId,
            memberAssignment: AssignerProtocol.MemberAssignment.encode({
              version: assigner.version,
              assignment,
              userData: Buffer.alloc(0),
            }),
          };
        }),
      );
    },
    protocol({ topics }) {
      return {
        name: assigner.name,
        metadata: AssignerProtocol.MemberMetadata.encode({
          version: assigner.version,
          topics,
          userData: Buffer.alloc(0),
        }),
      };
    },
  };
  return assigner;
};
