import { Logger } from '@nestjs/common';
import { AppLogger, createRootLogger } from './logger';

/** The JSON lines an AppLogger writes, through Nest's Logger as the services use it. */
function capture(): { lines: Record<string, unknown>[]; app: AppLogger } {
  const lines: Record<string, unknown>[] = [];
  const root = createRootLogger(
    { level: 'debug', service: 'test' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { lines, app: new AppLogger(root) };
}

describe('AppLogger', () => {
  let lines: Record<string, unknown>[];
  let app: AppLogger;
  beforeEach(() => {
    const captured = capture();
    lines = captured.lines;
    app = captured.app;
    Logger.overrideLogger(app);
  });
  afterEach(() => {
    Logger.overrideLogger(false);
  });

  it("should keep a class logger's fields, its message and its class name (pino-style calls through Nest's Logger)", () => {
    new Logger('FanOutService').warn({ clOrdId: 'q-1', attempt: 2 }, 'broker call failed');

    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        service: 'test',
        context: 'FanOutService',
        clOrdId: 'q-1',
        attempt: 2,
        msg: 'broker call failed',
      }),
    ]);
  });

  it('should log an error object with its message and class name', () => {
    new Logger('ResumeService').error({ err: new Error('database unavailable') }, 'resume failed');

    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        context: 'ResumeService',
        msg: 'resume failed',
        err: expect.objectContaining({ message: 'database unavailable', type: 'Error' }),
      }),
    ]);
  });

  it('should log a plain message with its context', () => {
    new Logger('EmbeddedDatabase').debug('vacuumed execution.webhooks in 7 ms');
    app.log('standalone: data in /tmp/x', 'Host');

    expect(lines).toEqual([
      expect.objectContaining({ level: 20, context: 'EmbeddedDatabase', msg: 'vacuumed execution.webhooks in 7 ms' }),
      expect.objectContaining({ level: 30, context: 'Host', msg: 'standalone: data in /tmp/x' }),
    ]);
  });

  it("should keep the stack Nest's exception handler passes, and an undefined one out", () => {
    const err = new Error('boom');
    new Logger('ExceptionsHandler').error(err.message, err.stack);
    app.error('shutdown took longer than 5000 ms, exiting', undefined, 'Host');

    expect(lines).toEqual([
      expect.objectContaining({ level: 50, context: 'ExceptionsHandler', msg: 'boom', stack: err.stack }),
      expect.not.objectContaining({ stack: expect.anything() }),
    ]);
    expect(lines[1]).toEqual(
      expect.objectContaining({ context: 'Host', msg: 'shutdown took longer than 5000 ms, exiting' }),
    );
  });

  it('should log an Error passed as the message with its own message', () => {
    app.error(new Error('consumer crashed'), undefined, 'Host');

    expect(lines).toEqual([
      expect.objectContaining({
        context: 'Host',
        msg: 'consumer crashed',
        err: expect.objectContaining({ message: 'consumer crashed' }),
      }),
    ]);
  });

  it('should redact secrets in the fields, whatever the call', () => {
    new Logger('AuthService').warn({ password: 'hunter2', user: { accessToken: 'abc' } }, 'login failed');

    expect(lines[0]).toEqual(
      expect.objectContaining({ password: '[redacted]', user: { accessToken: '[redacted]' }, msg: 'login failed' }),
    );
  });
});
