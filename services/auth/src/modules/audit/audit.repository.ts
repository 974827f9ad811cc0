import type { Queryable } from '@mmdm/shared/db';

export type AuditAction =
  | 'login.succeeded'
  | 'login.failed'
  | 'logout'
  | 'staff.bootstrapped'
  | 'staff.created'
  | 'staff.updated'
  | 'password.changed'
  | 'login.password_accepted'
  | 'login.second_factor_failed'
  | 'mfa.totp_enrolled'
  | 'mfa.totp_removed'
  | 'mfa.passkey_registered'
  | 'mfa.passkey_removed'
  | 'mfa.recovery_codes_renewed'
  | 'reauth.succeeded'
  | 'reauth.failed'
  | 'mfa.policy_changed'
  | 'mfa.reset';

/** Who did it and from where: the request's context, or the command line for CLI scripts. */
export interface AuditContext {
  actorSub?: string | undefined;
  actorEmail?: string | undefined;
  ip?: string | undefined;
  requestId?: string | undefined;
}

export interface AuditEntry extends AuditContext {
  action: AuditAction;
  target?: string | undefined;
  details?: Record<string, unknown>;
}

export interface AuditItem {
  id: string;
  at: string;
  actorSub: string | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
}

interface AuditRow {
  id: string;
  at: Date;
  actor_sub: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  request_id: string | null;
  details: Record<string, unknown>;
}

export async function insertAuditEvent(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `insert into auth.audit_log (actor_sub, actor_email, action, target, ip, request_id, details)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.actorSub ?? null,
      entry.actorEmail ?? null,
      entry.action,
      entry.target ?? null,
      entry.ip ?? null,
      entry.requestId ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}

/**
 * Newest first, keyset-paged by id: `before` is the last id of the previous page. The order names the table's
 * column: a bare `id` would be the text alias of the select list, and "99" sorts after "172".
 */
export async function selectAuditPage(
  db: Queryable,
  before: bigint | undefined,
  limit: number,
): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
  const { rows } = await db.query<AuditRow>(
    `select audit_log.id::text as id, at, actor_sub, actor_email, action, target, ip, request_id, details
     from auth.audit_log where ($1::bigint is null or audit_log.id < $1::bigint) order by audit_log.id desc limit $2`,
    [before === undefined ? null : before.toString(), limit + 1],
  );
  const page = rows.slice(0, limit);
  const items = page.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorSub: row.actor_sub,
    actorEmail: row.actor_email,
    action: row.action,
    target: row.target,
    ip: row.ip,
    requestId: row.request_id,
    details: row.details,
  }));
  return { items, nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/**
 * Retention: erases up to `limit` rows older than `days` (walked by id, which follows their time), answering how many
 * went. One short statement per batch: sign-ins write this table.
 */
export async function deleteAuditOlderThan(db: Queryable, days: number, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from auth.audit_log
      where id in (select id from auth.audit_log
                    where at < now() - make_interval(days => $1::int)
                    order by id
                    limit $2)`,
    [days, limit],
  );
  return rowCount ?? 0;
}
