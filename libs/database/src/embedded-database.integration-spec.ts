import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from './embedded-database';

describe('EmbeddedDatabase (PGlite on its own thread)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-db-'));
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    db = await EmbeddedDatabase.open(dataDir);
    await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, tags jsonb); CREATE UNIQUE INDEX uq_notes_body ON notes (body);');
  });

  afterAll(async () => {
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should run a parameterised statement and answer its rows as objects', async () => {
    const inserted = await db.query<{ id: number; tags: string[] }>('INSERT INTO notes (body, tags) VALUES ($1, $2::jsonb) RETURNING id, tags', ['first', JSON.stringify(['a', 'b'])]);

    expect(inserted.rows).toEqual([{ id: 1, tags: ['a', 'b'] }]);
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.fields.map((f) => f.name)).toEqual(['id', 'tags']);
  });

  it("should answer the last statement's result when given several", async () => {
    const last = await db.exec("INSERT INTO notes (body) VALUES ('second'); SELECT count(*)::int AS n FROM notes");

    expect(last?.rows).toEqual([{ n: 2 }]);
  });

  it("should reject with Postgres' error fields, which callers match on", async () => {
    const err = (await db.query('INSERT INTO notes (body) VALUES ($1)', ['first']).catch((e: unknown) => e)) as Record<string, unknown>;

    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'uq_notes_body', message: expect.stringContaining('duplicate key') as unknown });
  });

  it('should keep working after a failed statement', async () => {
    await expect(db.query('SELECT body FROM notes WHERE id = $1', [1])).resolves.toMatchObject({ rows: [{ body: 'first' }] });
  });

  it('should keep what was written once closed and opened again, and refuse calls while closed', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('the embedded database stopped');

    db = await EmbeddedDatabase.open(dataDir);
    await expect(db.query('SELECT body FROM notes ORDER BY id')).resolves.toMatchObject({ rows: [{ body: 'first' }, { body: 'second' }] });
  });
});
