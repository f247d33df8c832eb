import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  CreateAlertV1,
  CreateConnectionV1,
  CreateGroupV1,
  DomainError,
  ForgotPasswordV1,
  LoginV1,
  LogsListV1,
  RegisterV1,
  ResetPasswordV1,
  SetUserStatusBodyV1,
  SymbolSearchV1,
  UpdateAlertBodyV1,
  UpdateConnectionBodyV1,
  UpdateGroupBodyV1,
  ValidateResetTokenV1,
} from '@app/contracts';
import type { z } from 'zod';
import { ZodPipe } from '../../services/gateway/src/http/zod-body.pipe';
import { hostileBodyText, prototypePolluted } from '../helpers/hostile-json';

/** Every REST body the gateway validates, with one valid example to mutate. */
const REST_BODIES: [string, z.ZodType, Record<string, unknown>][] = [
  ['POST /api/auth/register', RegisterV1, { email: 'a@example.com', password: 'password-1' }],
  ['POST /api/auth/login', LoginV1, { email: 'a@example.com', password: 'password-1' }],
  ['POST /api/auth/forgot-password', ForgotPasswordV1, { email: 'a@example.com' }],
  ['POST /api/auth/validate-reset-token', ValidateResetTokenV1, { token: 'abc' }],
  ['POST /api/auth/reset-password', ResetPasswordV1, { token: 'abc', new_password: 'password-2' }],
  ['PUT /api/users/:id/status', SetUserStatusBodyV1, { is_active: true }],
  [
    'POST /api/connections',
    CreateConnectionV1,
    { nickname: 'n', environment: 'demo', username: 'u', password: 'p', cid: '8', sec: 's', connectedAccounts: 'a,b' },
  ],
  ['PUT /api/connections/:id', UpdateConnectionBodyV1, { nickname: 'n', cid: 8, status: 'active' }],
  ['POST /api/symbols/search', SymbolSearchV1, { symbol: 'MNQ' }],
  ['POST /api/groups', CreateGroupV1, { name: 'g' }],
  ['PUT /api/groups/:id', UpdateGroupBodyV1, { name: 'g', connection_ids: [randomUUID()] }],
  [
    'POST /api/alerts',
    CreateAlertV1,
    {
      name: 'a',
      symbol: 'MNQ',
      symbolId: '42',
      status: 'active',
      source: 'external',
      groupIds: [randomUUID()],
      accountIds: [],
      atmEnabled: false,
    },
  ],
  ['PUT /api/alerts/:id', UpdateAlertBodyV1, { name: 'a', symbolId: 42, status: 'inactive' }],
  ['GET /api/logs (query)', LogsListV1, { page: '1', page_size: '10', q: 'x' }],
];

const OWN_DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Keys of the result that came from the input rather than the schema (a stripped key must stay stripped). */
function dangerousKeysOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) {
    return [];
  }
  const own = Object.keys(value).filter((k) => OWN_DANGEROUS_KEYS.includes(k));
  return [...own, ...Object.values(value).flatMap(dangerousKeysOf)];
}

describe('REST body validation under fuzzing', () => {
  describe.each(REST_BODIES)('%s', (_route, schema, valid) => {
    const sut = new ZodPipe(schema);

    it('should accept the valid example (so mutations start from a passing body)', () => {
      expect(() => sut.transform(valid)).not.toThrow();
    });

    it('should answer every hostile body with a value or a VALIDATION_FAILED, never another error or a pollution', () => {
      fc.assert(
        fc.property(hostileBodyText(valid), (text) => {
          let out: unknown;
          try {
            out = sut.transform(JSON.parse(text));
          } catch (err) {
            expect(err).toBeInstanceOf(DomainError);
            expect((err as DomainError).code).toBe('VALIDATION_FAILED');
            expect(JSON.stringify((err as DomainError).details).length).toBeLessThan(20_000);
            return;
          }
          expect(dangerousKeysOf(out)).toEqual([]);
          expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
          expect(prototypePolluted()).toBe(false);
        }),
        { numRuns: 400, verbose: 1 },
      );
    });
  });
});
