import { readFileSync } from 'node:fs';

/**
 * Whether a process still runs. A zombie counts as gone: an orphan whose new parent (PID 1 of a
 * container may not reap) never collects it still answers `kill(pid, 0)`.
 */
export const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no procfs (not Linux): trust kill(0)
  }
};

/** Polls until the process is gone; false if it still runs after `timeoutMs`. */
export const waitForProcessExit = async (pid: number, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isProcessAlive(pid);
};
