import { assertTestDatabaseName, newTestDatabaseName, pidOfTestDatabase, withDatabaseName } from './test-database-name';

describe(assertTestDatabaseName.name, () => {
  it('should refuse a name without "test"', () => {
    expect(() => assertTestDatabaseName('postgres')).toThrow(/does not contain "test"/);
  });

  it('should refuse a name that would need quoting', () => {
    expect(() => assertTestDatabaseName('test"; DROP DATABASE x; --')).toThrow(/invalid test database name/);
  });

  it('should accept the names it generates', () => {
    expect(() => assertTestDatabaseName(newTestDatabaseName())).not.toThrow();
  });
});

describe(pidOfTestDatabase.name, () => {
  it('should read back the pid of a generated name', () => {
    expect(pidOfTestDatabase(newTestDatabaseName())).toBe(process.pid);
  });

  it('should not claim a pid for a name it did not generate', () => {
    expect(pidOfTestDatabase('test_app')).toBeUndefined();
  });
});

describe(withDatabaseName.name, () => {
  it('should replace only the database of a URL', () => {
    expect(withDatabaseName('postgres://u:p@h:5433/postgres?sslmode=disable', 'test_x')).toBe(
      'postgres://u:p@h:5433/test_x?sslmode=disable',
    );
  });
});
