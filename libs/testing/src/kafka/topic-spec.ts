/** A topic to create before the test clients start. */
export interface TopicSpec {
  name: string;
  partitions: number;
}

/** The launcher's `name:partitions` argument form (Kafka topic names cannot contain ':'). */
export const formatTopicSpec = ({ name, partitions }: TopicSpec): string => {
  if (!/^[A-Za-z0-9._-]{1,249}$/.test(name)) {
    throw new Error(`invalid Kafka topic name "${name}"`);
  }
  if (!Number.isInteger(partitions) || partitions < 1) {
    throw new Error(`invalid partition count ${partitions} for topic "${name}"`);
  }
  return `${name}:${partitions}`;
};
