import { ConnectionChangedV1 } from '@app/contracts';
import { BrokerAccountEntity } from './entities/broker-account.entity';
import { ConnectionEntity } from './entities/connection.entity';
import { toConnectionChanged } from './connection.view';

const OWNER = '11111111-1111-4111-8111-111111111111';
const CONNECTION = '22222222-2222-4222-8222-222222222222';

function makeConnection(fields: Partial<ConnectionEntity> = {}): ConnectionEntity {
  return Object.assign(new ConnectionEntity(), {
    id: CONNECTION,
    userId: OWNER,
    nickname: 'Alice Demo',
    username: 'demo',
    environment: 'demo',
    authType: 'credentials',
    status: 'active',
    passwordEnc: 'sealed-password',
    secEnc: 'sealed-sec',
    accessTokenEnc: 'sealed-access-token',
    tokenExpiresAt: new Date('2030-01-01T00:00:00.000Z'),
    refreshTokenEnc: 'sealed-refresh-token',
    ...fields,
  });
}

function makeAccount(): BrokerAccountEntity {
  return Object.assign(new BrokerAccountEntity(), {
    id: '33333333-3333-4333-8333-333333333333',
    connectionId: CONNECTION,
    brokerAccountId: 1001,
    name: 'DEMO100001',
    accountType: 'Customer',
    environment: 'demo',
  });
}

describe('toConnectionChanged', () => {
  it('should carry the broker username beside the nickname, for the group cards', () => {
    const sut = toConnectionChanged(makeConnection(), [makeAccount()]);

    expect(sut).toEqual({
      connectionId: CONNECTION,
      userId: OWNER,
      nickname: 'Alice Demo',
      username: 'demo',
      environment: 'demo',
      status: 'active',
      accounts: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          brokerAccountId: 1001,
          name: 'DEMO100001',
          accountType: 'Customer',
          environment: 'demo',
        },
      ],
      session: { accessTokenEncrypted: 'sealed-access-token', expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(ConnectionChangedV1.parse(sut)).toEqual(sut);
  });

  it('should leave the username out when the connection has none, so consumers fall back to the nickname', () => {
    const sut = toConnectionChanged(makeConnection({ username: null }), []);

    expect(sut).not.toHaveProperty('username');
    expect(ConnectionChangedV1.safeParse(sut).success).toBe(true);
  });

  it('should never carry the password, the API secret or the refresh token', () => {
    const text = JSON.stringify(toConnectionChanged(makeConnection(), [makeAccount()]));

    for (const secret of ['sealed-password', 'sealed-sec', 'sealed-refresh-token']) {
      expect(text).not.toContain(secret);
    }
  });
});
