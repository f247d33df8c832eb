/** Postgres' unique_violation, as node-postgres and PGlite both report it (on the error or its driverError). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.driverError?.code === '23505';
}
