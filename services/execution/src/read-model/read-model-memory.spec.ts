import type { AlertRouteChangedV1 } from '@app/contracts';
import type { BrokerConnectionEntity } from '../entities/read-model.entities';
import { ReadModelMemory } from './read-model-memory';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

const routeOf = (alertId: string, userId: string, patch: Partial<AlertRouteChangedV1> = {}): AlertRouteChangedV1 => ({
  alertId,
  userId,
  name: `alert ${alertId}`,
  status: 'active',
  symbol: 'MNQ1!',
  symbolId: 1,
  groupIds: [],
  targets: [],
  ...patch,
});

const connectionOf = (connectionId: string, userId: string): BrokerConnectionEntity => ({
  connectionId,
  userId,
  environment: 'demo',
  accounts: [],
  accessTokenEncrypted: 'sealed-1',
  expiresAt: new Date(0),
});

describe(ReadModelMemory.name, () => {
  describe('intake', () => {
    it("should name the secret's owner, whether they are inactive, and the alert's route", () => {
      const sut = new ReadModelMemory(true);
      sut.load({
        endpoints: [{ userId: ALICE, secretHash: 'hash-a' }],
        inactiveUsers: [],
        routes: [routeOf('alert-1', ALICE)],
        connections: [],
      });

      expect(sut.intake('hash-a', 'alert-1')).toEqual({
        userId: ALICE,
        inactive: false,
        route: routeOf('alert-1', ALICE),
      });
      expect(sut.intake('hash-a', 'alert-2')).toEqual({ userId: ALICE, inactive: false, route: null });
      expect(sut.intake('hash-a', null)).toEqual({ userId: ALICE, inactive: false, route: null });
      expect(sut.intake('unknown', 'alert-1')).toEqual({
        userId: null,
        inactive: false,
        route: routeOf('alert-1', ALICE),
      });
    });

    it('should stop knowing the old secret once a user has a new one', () => {
      const sut = new ReadModelMemory(true);
      sut.setEndpoint(ALICE, 'hash-old');

      sut.setEndpoint(ALICE, 'hash-new');

      expect(sut.intake('hash-old', null).userId).toBeNull();
      expect(sut.intake('hash-new', null).userId).toBe(ALICE);
    });

    it('should follow an administrator deactivating and approving a user', () => {
      const sut = new ReadModelMemory(true);
      sut.setEndpoint(BOB, 'hash-b');

      sut.setUserStatus(BOB, false);
      const deactivated = sut.intake('hash-b', null).inactive;
      sut.setUserStatus(BOB, true);

      expect([deactivated, sut.intake('hash-b', null).inactive]).toEqual([true, false]);
    });

    it('should forget a route removed by its owner, and keep one another user names', () => {
      const sut = new ReadModelMemory(true);
      sut.setRoute(routeOf('alert-1', ALICE));
      sut.setRoute(routeOf('alert-2', ALICE));

      sut.removeRoute('alert-1', ALICE);
      sut.removeRoute('alert-2', BOB);

      expect([sut.route('alert-1'), sut.route('alert-2')]).toEqual([null, routeOf('alert-2', ALICE)]);
    });

    it('should keep the latest state of a route', () => {
      const sut = new ReadModelMemory(true);
      sut.setRoute(routeOf('alert-1', ALICE));

      sut.setRoute(routeOf('alert-1', ALICE, { status: 'inactive' }));

      expect(sut.route('alert-1')?.status).toBe('inactive');
    });
  });

  describe('connectionsOf', () => {
    it("should give only the user's own connections among those asked for", () => {
      const sut = new ReadModelMemory(true);
      sut.load({
        endpoints: [],
        inactiveUsers: [],
        routes: [],
        connections: [connectionOf('c-a', ALICE), connectionOf('c-b', BOB)],
      });

      expect([...sut.connectionsOf(['c-a', 'c-b', 'c-x'], ALICE).keys()]).toEqual(['c-a']);
    });

    it('should give a renewed token as a new entry, leaving the one a fan-out already holds as it was', () => {
      const sut = new ReadModelMemory(true);
      sut.setConnection(connectionOf('c-a', ALICE));
      const held = sut.connectionsOf(['c-a'], ALICE).get('c-a');

      sut.setToken('c-a', 'sealed-2', new Date(1000));

      expect(held?.accessTokenEncrypted).toBe('sealed-1');
      expect(sut.connectionsOf(['c-a'], ALICE).get('c-a')).toMatchObject({
        accessTokenEncrypted: 'sealed-2',
        expiresAt: new Date(1000),
      });
    });

    it('should forget a removed connection, but not on the word of another user', () => {
      const sut = new ReadModelMemory(true);
      sut.setConnection(connectionOf('c-a', ALICE));
      sut.setConnection(connectionOf('c-a2', ALICE));

      sut.removeConnection('c-a', ALICE);
      sut.removeConnection('c-a2', BOB);

      expect([...sut.connectionsOf(['c-a', 'c-a2'], ALICE).keys()]).toEqual(['c-a2']);
    });
  });

  describe('deleteUser', () => {
    it("should drop the user's routes, connections and status, and nobody else's", () => {
      const sut = new ReadModelMemory(true);
      sut.load({
        endpoints: [],
        inactiveUsers: [ALICE],
        routes: [routeOf('alert-a', ALICE), routeOf('alert-b', BOB)],
        connections: [connectionOf('c-a', ALICE), connectionOf('c-b', BOB)],
      });
      sut.setEndpoint(ALICE, 'hash-a');

      sut.deleteUser(ALICE);
      sut.removeEndpoint(ALICE);

      expect(sut.intake('hash-a', 'alert-a')).toEqual({ userId: null, inactive: false, route: null });
      expect(sut.route('alert-b')).not.toBeNull();
      expect(sut.connectionsOf(['c-a'], ALICE).size + sut.connectionsOf(['c-b'], BOB).size).toBe(1);
    });
  });

  describe('when not active', () => {
    it('should hold nothing, so that nobody reads a copy another replica would leave stale', () => {
      const sut = new ReadModelMemory(false);
      sut.load({
        endpoints: [{ userId: ALICE, secretHash: 'hash-a' }],
        inactiveUsers: [ALICE],
        routes: [routeOf('alert-1', ALICE)],
        connections: [connectionOf('c-a', ALICE)],
      });
      sut.setEndpoint(BOB, 'hash-b');

      expect(sut.intake('hash-a', 'alert-1')).toEqual({ userId: null, inactive: false, route: null });
      expect(sut.intake('hash-b', null).userId).toBeNull();
      expect(sut.connectionsOf(['c-a'], ALICE).size).toBe(0);
    });
  });
});
