import { DomainError } from '@app/contracts';
import type { AlertRouteChangedV1 } from '@app/contracts';
import type { MessageBus } from '@app/messaging';
import type { ReadModelRepository } from '../read-model/read-model.repository';
import { RouteLookup } from './route-lookup';

const ALERT = '00000000-0000-4000-8000-0000000000a1';
const ctx = { correlationId: 'req-1', userId: '00000000-0000-4000-8000-0000000000b1' };
const route: AlertRouteChangedV1 = {
  alertId: ALERT,
  userId: ctx.userId,
  name: 'a',
  status: 'active',
  symbol: null,
  symbolId: 1,
  groupIds: [],
  targets: [],
};

const lookupWith = (reply: unknown) => {
  const bus = { request: jest.fn().mockResolvedValue(reply) };
  const readModel = { saveRoute: jest.fn().mockResolvedValue(undefined) };
  return { sut: new RouteLookup(bus as unknown as MessageBus, readModel as unknown as ReadModelRepository), readModel };
};

describe(RouteLookup.name, () => {
  describe('askTrading', () => {
    it("should give trading's route and keep it in the read model", async () => {
      const { sut, readModel } = lookupWith({ ok: true, data: route });

      await expect(sut.askTrading(ALERT, ctx)).resolves.toEqual(route);
      expect(readModel.saveRoute).toHaveBeenCalledWith(route);
    });

    it('should give null when trading knows no such alert of the user', async () => {
      const { sut } = lookupWith({ ok: false, error: { code: 'NOT_FOUND', message: 'Alert not found' } });

      await expect(sut.askTrading(ALERT, ctx)).resolves.toBeNull();
    });

    it.each(['TIMEOUT', 'SERVICE_UNAVAILABLE'])(
      'should not call an alert missing when trading answers %s',
      async (code) => {
        const { sut, readModel } = lookupWith({ ok: false, error: { code, message: 'no answer' } });

        const err = await sut.askTrading(ALERT, ctx).catch((e: unknown) => e);

        expect(err).toBeInstanceOf(DomainError);
        expect(err).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          message: expect.stringContaining('nothing was placed') as string,
        });
        expect(readModel.saveRoute).not.toHaveBeenCalled();
      },
    );
  });
});
