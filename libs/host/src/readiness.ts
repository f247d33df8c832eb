/** Process-wide readiness flags, flipped by the host as the transport connects and shuts down. */
export const readiness = {
  transportUp: false,
  shuttingDown: false,
};
