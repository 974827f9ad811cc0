// One definition of these, in shared; the service's own Postgres helpers sit beside them.
export { inTransaction, statementName, type Queryable } from '@mmdm/shared/db';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/** Postgres broke a deadlock by failing this statement (SQLSTATE 40P01): running it again may well succeed. */
export function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40P01';
}
