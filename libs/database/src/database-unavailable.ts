/** SQLSTATE classes/codes that mean "the server is not there", not "this statement is wrong". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SYSCALLS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * True when `err` (a pg or TypeORM error, possibly wrapped) says the database could not be reached
 * or went away mid-query: worth retrying later, unlike a constraint or syntax error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const x = e as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (
      typeof x.code === 'string' &&
      (UNAVAILABLE_STATES.has(x.code) || x.code.startsWith('08') || UNAVAILABLE_SYSCALLS.has(x.code))
    ) {
      return true;
    }
    if (typeof x.message === 'string' && UNAVAILABLE_TEXT.test(x.message)) {
      return true;
    }
    e = x.driverError ?? x.cause;
  }
  return false;
}
