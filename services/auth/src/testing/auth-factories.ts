import type { Queryable } from '@mmdm/shared/db';

/*
 * Test data, one row at a time, as services/waitlist/src/testing/waitlist-factories.ts makes it for the waitlist:
 * each factory inserts one row with the columns a test names and the table's defaults elsewhere, and answers its id.
 * Staff accounts come from createStaff (auth-harness.ts), which also hashes their password.
 */

/** A moment `days` days (of 24 hours) before now. */
export const daysAgo = (days: number): Date => new Date(Date.now() - days * 86_400_000);

/** A row of auth.audit_log: by default a failed sign-in of an unknown address, made now. */
export async function buildAuditRow(
  db: Queryable,
  overrides: { at?: Date; action?: string; actorEmail?: string; ip?: string; details?: Record<string, unknown> } = {},
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.audit_log (at, action, actor_email, ip, details) values (coalesce($1, now()), $2, $3, $4, $5)
     returning id`,
    [
      overrides.at ?? null,
      overrides.action ?? 'login.failed',
      overrides.actorEmail ?? 'nobody@example.com',
      overrides.ip ?? null,
      overrides.details ?? {},
    ],
  );
  return { id: rows[0]!.id };
}
