import { isDatabaseUnavailable } from './database-unavailable';

describe(isDatabaseUnavailable.name, () => {
  it('should say unavailable for a refused connection, a terminated one and a server shutting down', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('query failed'), {
      driverError: new Error('Connection terminated unexpectedly'),
    });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect([refused, wrapped, shutdown].map(isDatabaseUnavailable)).toEqual([true, true, true]);
  });

  it('should not say unavailable for a statement error or a non-error', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect([unique, new Error('boom'), undefined, 'ECONNREFUSED'].map(isDatabaseUnavailable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
