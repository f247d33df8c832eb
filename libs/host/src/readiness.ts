/** Process-wide readiness flags, flipped by the host as the transport connects, fails and shuts down. */
export const readiness: {
  transportUp: boolean;
  shuttingDown: boolean;
  /** Asks the broker whether it answers (set by the host when the transport is Kafka). */
  brokerReachable?: () => Promise<boolean>;
} = {
  transportUp: false,
  shuttingDown: false,
};
