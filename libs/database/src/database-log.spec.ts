import { Logger } from '@nestjs/common';
import { DatabaseLog } from './database-log';

describe(DatabaseLog.name, () => {
  const sut = new DatabaseLog();
  const statement = `INSERT INTO "auth"."users" ("email", "password_hash")
       VALUES ($1, $2)`;
  const parameters = ['trader@example.com', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g'];
  let warn: jest.SpyInstance;
  let debug: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  const logged = (spy: jest.SpyInstance) => JSON.stringify(spy.mock.calls);

  it("should log a failed statement's error, code and text on one line, and none of its parameters", () => {
    sut.logQueryError(
      Object.assign(new Error('relation "auth.users" does not exist'), { code: '42P01' }),
      statement,
      parameters,
    );

    expect(warn).toHaveBeenCalledWith(
      {
        code: '42P01',
        constraint: undefined,
        statement: 'INSERT INTO "auth"."users" ("email", "password_hash") VALUES ($1, $2)',
        error: 'relation "auth.users" does not exist',
      },
      'statement failed',
    );
    expect(logged(warn)).not.toContain('argon2id');
    expect(logged(warn)).not.toContain('trader@example.com');
  });

  it('should log a row refused by a unique index at debug, which its caller expects and handles', () => {
    sut.logQueryError(
      Object.assign(new Error('duplicate key value violates unique constraint "uq_webhooks_request_executes"'), {
        code: '23505',
        constraint: 'uq_webhooks_request_executes',
      }),
      statement,
      parameters,
    );

    expect(warn).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith(
      expect.objectContaining({ code: '23505', constraint: 'uq_webhooks_request_executes' }),
      'statement refused by a unique index',
    );
    expect(logged(debug)).not.toContain('argon2id');
  });

  it('should cut a long statement short', () => {
    sut.logQueryError('boom', `SELECT ${'x, '.repeat(400)}1`);

    const [[fields]] = warn.mock.calls as [[{ statement: string; error: string }]];
    expect([fields.statement.length, fields.statement.endsWith('…'), fields.error]).toEqual([301, true, 'boom']);
  });

  it('should log nothing for a statement that succeeded', () => {
    sut.logQuery(statement, parameters);

    expect([warn.mock.calls, debug.mock.calls]).toEqual([[], []]);
  });
});
