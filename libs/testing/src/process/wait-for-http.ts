/**
 * Polls `url` until it answers with a status below 500 (a 4xx still proves the server is up).
 * `abort` is checked between attempts so a caller can stop early (the server process died).
 */
export const waitForHttp = async (
  url: string,
  timeoutMs = 15_000,
  abort: () => boolean = () => false,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let last = 'no attempt';
  while (Date.now() < deadline && !abort()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.min(2000, timeoutMs)) });
      await res.arrayBuffer();
      if (res.status < 500) {
        return;
      }
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (last: ${last})`);
};
