import { InFlight } from './in-flight';

type Start = (transport: unknown, context: unknown, done: () => Promise<unknown>) => unknown;
type End = (transport: unknown, context: unknown) => void;

const contextOf = (headers: Record<string, unknown>) => ({ getMessage: () => ({ headers }) });
const request = contextOf({ kafka_replyTopic: 'x.reply', kafka_correlationId: '1' });
const event = contextOf({});

function server() {
  const hooks: { start?: Start; end?: End } = {};
  return {
    hooks,
    setOnProcessingStartHook: (h: Start) => (hooks.start = h),
    setOnProcessingEndHook: (h: End) => (hooks.end = h),
  };
}

describe(InFlight.name, () => {
  describe('drained', () => {
    it('should resolve at once when nothing is in flight', async () => {
      const sut = new InFlight();

      await expect(sut.drained()).resolves.toBeUndefined();
    });

    it('should wait for a request until its reply is produced, not just its handler', async () => {
      const sut = new InFlight();
      const s = server();
      sut.track(s);
      let drained = false;

      await s.hooks.start?.('kafka', request, () => Promise.resolve('reply'));
      const wait = sut.drained().then(() => (drained = true));
      await Promise.resolve();
      expect(drained).toBe(false);
      s.hooks.end?.('kafka', request);
      await wait;

      expect(sut.size).toBe(0);
    });

    it('should count an event until its handler settles, even when it fails', async () => {
      const sut = new InFlight();
      const s = server();
      sut.track(s);

      const running = s.hooks.start?.('kafka', event, () => Promise.reject(new Error('boom'))) as Promise<unknown>;
      expect(sut.size).toBe(1);
      await expect(running).rejects.toThrow('boom');

      expect(sut.size).toBe(0);
    });
  });
});
