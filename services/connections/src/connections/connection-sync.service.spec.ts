import { randomBytes } from 'node:crypto';
import { SecretBox } from '@app/common';
import { DomainError } from '@app/contracts';
import type { TradovateClient } from '@app/tradovate';
import type { BrokerTokens } from '../broker/broker-tokens';
import type { ConnectionEvents } from './connection.events';
import { ConnectionSyncService } from './connection-sync.service';
import type { ConnectionsRepository } from './connections.repository';
import { ConnectionEntity } from './entities/connection.entity';

const OWNER = '11111111-1111-4111-8111-111111111111';
const ctx = { correlationId: 'test', userId: OWNER };

function makeConnection(box: SecretBox, fields: Partial<ConnectionEntity> = {}): ConnectionEntity {
  return Object.assign(new ConnectionEntity(), {
    id: '22222222-2222-4222-8222-222222222222',
    userId: OWNER,
    environment: 'demo',
    authType: 'credentials',
    status: 'active',
    accessTokenEnc: box.encrypt('old-token'),
    tokenExpiresAt: new Date(Date.now() + 60 * 60_000),
    ...fields,
  });
}

describe(ConnectionSyncService.name, () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));
  let connection: ConnectionEntity;
  let renew: jest.Mock;
  let changed: jest.Mock;
  let sut: ConnectionSyncService;

  beforeEach(() => {
    connection = makeConnection(box);
    renew = jest.fn().mockResolvedValue({ accessToken: 'new-token', expiresAt: Date.now() + 80 * 60_000 });
    changed = jest.fn().mockResolvedValue(undefined);
    const repo = {
      findOwned: jest.fn((userId: string, id: string) =>
        Promise.resolve(userId === connection.userId && id === connection.id ? connection : null),
      ),
      save: jest.fn((c: ConnectionEntity) => Promise.resolve(c)),
    } as unknown as ConnectionsRepository;
    const tokens = { renew } as unknown as BrokerTokens;
    sut = new ConnectionSyncService(repo, tokens, {} as TradovateClient, box, {
      changed,
    } as unknown as ConnectionEvents);
  });

  describe('session', () => {
    it('should answer the stored sealed token while it is far from expiry', async () => {
      const res = await sut.session(OWNER, connection.id, false, ctx);

      expect(box.decrypt(res.accessTokenEncrypted)).toBe('old-token');
      expect(renew).not.toHaveBeenCalled();
    });

    it('should renew, store and announce a token close to expiry', async () => {
      connection.tokenExpiresAt = new Date(Date.now() + 60_000);

      const res = await sut.session(OWNER, connection.id, false, ctx);

      expect(box.decrypt(res.accessTokenEncrypted)).toBe('new-token');
      expect(res.accessTokenEncrypted).not.toContain('new-token');
      expect(changed).toHaveBeenCalledWith(connection, ctx);
    });

    it('should renew when asked even if the token is fresh', async () => {
      const res = await sut.session(OWNER, connection.id, true, ctx);

      expect(box.decrypt(res.accessTokenEncrypted)).toBe('new-token');
    });

    it('should mark the connection error and pass the broker failure on', async () => {
      renew.mockRejectedValue(new DomainError('BROKER_AUTH_FAILED', 'Incorrect username or password.'));

      await expect(sut.session(OWNER, connection.id, true, ctx)).rejects.toMatchObject({ code: 'BROKER_AUTH_FAILED' });
      expect(connection.status).toBe('error');
    });

    it("should answer NOT_FOUND for another user's connection", async () => {
      await expect(
        sut.session('33333333-3333-4333-8333-333333333333', connection.id, false, ctx),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Connection not found' });
    });
  });
});
