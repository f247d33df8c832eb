import { randomBytes } from 'node:crypto';

/**
 * Guard for everything that creates, truncates or drops: a database whose name does not contain
 * "test" is never touched, so a mistyped URL cannot wipe a real database.
 */
export const assertTestDatabaseName = (name: string): void => {
  if (!/test/i.test(name)) {
    throw new Error(`refusing to touch database "${name}": its name does not contain "test"`);
  }
  if (!/^[a-z0-9_]{1,63}$/.test(name)) {
    throw new Error(`invalid test database name "${name}" (lowercase letters, digits and _ only)`);
  }
};

/** `test_<pid>_<random>`: the pid lets a later run drop what a killed run left behind. */
export const newTestDatabaseName = (): string => `test_${process.pid}_${randomBytes(4).toString('hex')}`;

/** The pid encoded by newTestDatabaseName, if the name has that shape. */
export const pidOfTestDatabase = (name: string): number | undefined => {
  const m = /^test_(\d+)_[0-9a-f]{8}$/.exec(name);
  return m ? Number(m[1]) : undefined;
};

export const databaseNameOf = (url: string): string => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

export const withDatabaseName = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
