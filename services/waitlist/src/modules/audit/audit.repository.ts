import type { Queryable } from '../../lib/db.js';

export interface AuditRecord {
  actorSub: string;
  /** The staff member's address from their token: the audit log shows people, not account ids. */
  actorEmail?: string | null | undefined;
  actorRole: string;
  action:
    | 'entry.delete'
    | 'entry.resend'
    | 'entries.export'
    | 'wave.invite'
    | 'city.create'
    | 'city.delete'
    // A city's opening: its settings, its threshold reached (the system), and its opening (the system or an admin).
    | 'city.opening_set'
    | 'city.threshold_reached'
    | 'city.open'
    | 'credit.revoke'
    // Staff reading personal data: one row per request, never the rows read.
    | 'entries.list'
    | 'entries.search'
    | 'messages.list'
    | 'message.read'
    // Reads whose answers show addresses outside the Users list: the dashboard, the review queue, launch figures.
    | 'stats.read'
    | 'review_queue.read'
    | 'launch_stats.read'
    // Tickets for friends: the staff list shows members' and friends' addresses; an admin withdraws one.
    | 'tickets.read'
    | 'ticket.revoke'
    | 'ticket.approve'
    // Contact-form messages: marked handled, opened again, erased by staff.
    | 'message.handle'
    | 'message.reopen'
    | 'message.delete'
    // The person's own erasure from the "Your data" page (no address: only the entry's number).
    | 'entry.self_erase'
    // A retention run that erased something: counts only.
    | 'retention.purge'
    | 'review.entry_approve'
    | 'review.entry_reject'
    | 'review.credit_approve'
    | 'review.credit_reject'
    | 'domain_rule.set'
    | 'domain_rule.delete'
    // Operators' mail commands (npm run mail:replay / mail:unsuppress): counts or the address's hash prefix only.
    | 'mail.replay'
    | 'suppression.lift'
    // Webhook endpoints: added, rotated, disabled (by staff, or by the worker after 3 days of failures), enabled,
    // deleted, a message sent again. The URL and events only, never a secret.
    | 'webhook.create'
    | 'webhook.rotate'
    | 'webhook.disable'
    | 'webhook.enable'
    | 'webhook.delete'
    | 'webhook.redeliver';
  target: string | null;
  ip: string | null;
  requestId: string | null;
  details?: Record<string, unknown>;
}

/** A record's columns as $1 to $8, in the order of the inserts below. */
function auditValues(record: AuditRecord): unknown[] {
  return [
    record.actorSub,
    record.actorRole,
    record.action,
    record.target,
    record.ip,
    record.requestId,
    JSON.stringify(record.details ?? {}),
    record.actorEmail ?? null,
  ];
}

export async function writeAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query(
    `insert into waitlist.audit_log (actor_sub, actor_role, action, target, ip, request_id, details, actor_email)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    auditValues(record),
  );
}

/**
 * The row, unless the same actor wrote the same action with the same details within `withinSeconds` (then nothing):
 * for reads a page repeats by itself, such as the dashboard refreshing every 10 s. One statement, read by the `at`
 * index; two reads racing may both write, which only repeats a row. True when a row was written.
 */
export async function writeAuditUnlessRecent(
  db: Queryable,
  record: AuditRecord,
  withinSeconds: number,
): Promise<boolean> {
  const result = await db.query(
    `insert into waitlist.audit_log (actor_sub, actor_role, action, target, ip, request_id, details, actor_email)
     select $1, $2, $3, $4, $5, $6, $7::jsonb, $8
      where not exists (
        select 1 from waitlist.audit_log
         where at > now() - make_interval(secs => $9)
           and actor_sub = $1 and action = $3 and details = $7::jsonb)`,
    [...auditValues(record), withinSeconds],
  );
  return (result.rowCount ?? 0) > 0;
}

export interface AuditItem {
  id: string;
  at: Date;
  actorSub: string;
  actorEmail: string | null;
  actorRole: string;
  action: string;
  target: string | null;
  ip: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
}

/**
 * Newest first; `filter` keeps only the given actions (index audit_log_action_idx), e.g. the staff reads, or
 * (`exclude`) every other action.
 */
export async function listAudit(
  db: Queryable,
  cursor: string | undefined,
  limit: number,
  filter?: { actions: readonly string[]; exclude: boolean },
): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
  const { rows } = await db.query<AuditItem>(
    `select id, at, actor_sub as "actorSub", actor_email as "actorEmail", actor_role as "actorRole", action, target,
            ip, request_id as "requestId", details
       from waitlist.audit_log
      where ($1::bigint is null or id < $1::bigint)
        and ($3::text[] is null or (action = any($3::text[])) <> $4::boolean)
      order by id desc
      limit $2`,
    [cursor ?? null, limit + 1, filter?.actions ?? null, filter?.exclude ?? false],
  );
  const more = rows.length > limit;
  if (more) rows.pop();
  return { items: rows, nextCursor: more ? (rows.at(-1)?.id ?? null) : null };
}
