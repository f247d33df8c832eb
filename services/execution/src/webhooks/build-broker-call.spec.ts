import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { clOrdIdOf } from './build-broker-call';

describe('clOrdIdOf', () => {
  const account = randomUUID();

  it('should give one request, account and leg the same id every time, and any other a different one', () => {
    const request = uuidv7();

    const id = clOrdIdOf(request, account, 'entry');

    expect(clOrdIdOf(request, account, 'entry')).toBe(id);
    expect(new Set([id, clOrdIdOf(request, account, 'tp'), clOrdIdOf(request, randomUUID(), 'entry'), clOrdIdOf(uuidv7(), account, 'entry')]).size).toBe(4);
    expect(id).toMatch(/^tv[0-9a-f]{40}$/); // Tradovate takes up to 64 characters
  });

  it("should begin with the millisecond of the gateway's request id, so that later requests' ids sort after earlier ones", async () => {
    const earlier = uuidv7();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = uuidv7();

    const last = clOrdIdOf(later, randomUUID(), 'entry');
    const ids = [last, clOrdIdOf(earlier, randomUUID(), 'sl'), clOrdIdOf(earlier, randomUUID(), 'entry')];

    expect(ids.sort().at(-1)).toBe(last);
    expect(last.slice(2, 14)).toBe(later.replace('-', '').slice(0, 12));
  });

  it("should still be stable and well formed for a caller's own X-Request-Id", () => {
    const id = clOrdIdOf('tradingview.alert-42', account, 'entry');

    expect(id).toBe(clOrdIdOf('tradingview.alert-42', account, 'entry'));
    expect(id).toMatch(/^tv[0-9a-f]{40}$/);
  });
});
