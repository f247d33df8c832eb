import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTestingConfig } from './testing-config';

const PROBE_TIMEOUT_MS = 5000;
let cached: Promise<boolean> | undefined;

const knownSockets = (): string[] => [
  '/var/run/docker.sock',
  path.join(os.homedir(), '.docker', 'run', 'docker.sock'),
  path.join(os.homedir(), '.docker', 'desktop', 'docker.sock'),
  ...(process.getuid
    ? [`/run/user/${process.getuid()}/docker.sock`, `/run/user/${process.getuid()}/podman/podman.sock`]
    : []),
];

/**
 * Whether a container engine answers, decided once per process. Without DOCKER_HOST and without any
 * known socket file we answer "no" at once: loading testcontainers and letting it try every
 * strategy costs about a second even when nothing is there.
 */
export const isDockerAvailable = (): Promise<boolean> => {
  cached ??= probe();
  return cached;
};

const probe = async (): Promise<boolean> => {
  const { infra, dockerHost } = loadTestingConfig();
  if (infra === 'local') {
    return false;
  }
  if (infra === 'auto' && !dockerHost && !knownSockets().some((s) => existsSync(s))) {
    return false;
  }
  const { getContainerRuntimeClient } = await import('testcontainers');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([getContainerRuntimeClient().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

/** Like isDockerAvailable, but TEST_INFRA=docker turns "no engine" into an error instead of a fallback. */
export const useDocker = async (): Promise<boolean> => {
  const available = await isDockerAvailable();
  if (!available && loadTestingConfig().infra === 'docker') {
    throw new Error('TEST_INFRA=docker but no container engine answers');
  }
  return available;
};
