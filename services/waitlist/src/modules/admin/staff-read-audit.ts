import type { Request } from 'express';
import type { Queryable } from '../../lib/db.js';
import { STAFF_READ_ACTIONS } from '@mmdm/contracts/waitlist-admin';
import { requestId } from '@mmdm/shared/request-id';
import { writeAudit, writeAuditUnlessRecent, type AuditRecord } from './audit.repository.js';

/**
 * One staff action done through `req` (requireStaff has run: req.staff is set): who, from where, in which request.
 * In the caller's transaction when it passes its client.
 */
export function auditStaffAction(
  db: Queryable,
  req: Request,
  action: AuditRecord['action'],
  target: string | null,
  details: Record<string, unknown>,
): Promise<void> {
  const staff = req.staff!;
  return writeAudit(db, {
    actorSub: staff.sub,
    actorEmail: staff.email,
    actorRole: staff.role,
    action,
    target,
    ip: req.ip ?? null,
    requestId: requestId(req),
    details,
  });
}

export type StaffReadAction = Extract<AuditRecord['action'], (typeof STAFF_READ_ACTIONS)[number]>;

/**
 * Staff reading personal data leaves a trail: who, when, from where and with what filter, never the rows read. One
 * insert per request whatever the page size, run beside the read (the list does not wait for it longer than for its
 * own query); a read whose audit row cannot be written fails with it.
 */
export function auditStaffRead(
  db: Queryable,
  req: Request,
  action: StaffReadAction,
  filter: Record<string, unknown>,
  target: string | null = null,
): Promise<void> {
  const details = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  return auditStaffAction(db, req, action, target, details);
}

/** How long a repeated read (same staff member, same action, same entries shown) adds no second row. */
export const REPEATED_READ_WINDOW_SECONDS = 10 * 60;

/**
 * A read a page repeats by itself (the dashboard refreshes every 10 s): audited like any read, but the same staff
 * member seeing the same entries again within ten minutes writes no second row, so an open dashboard writes at most
 * six rows an hour instead of 360. A new entry shown is a new read and writes a row at once.
 */
export async function auditRepeatedStaffRead(
  db: Queryable,
  req: Request,
  action: StaffReadAction,
  shown: Record<string, unknown>,
): Promise<void> {
  const staff = req.staff!;
  await writeAuditUnlessRecent(
    db,
    {
      actorSub: staff.sub,
      actorEmail: staff.email,
      actorRole: staff.role,
      action,
      target: null,
      ip: req.ip ?? null,
      requestId: requestId(req),
      details: shown,
    },
    REPEATED_READ_WINDOW_SECONDS,
  );
}

/** The list's filter as the audit row keeps it (the cursor only as "a later page": it says nothing more). */
export function listFilterOf(query: {
  status?: string | undefined;
  q?: string | undefined;
  order?: string | undefined;
  city?: unknown;
  limit?: number | undefined;
  cursor?: unknown;
}): Record<string, unknown> {
  return {
    status: query.status,
    q: query.q,
    order: query.order,
    city: query.city,
    limit: query.limit,
    laterPage: query.cursor !== undefined,
  };
}

/**
 * What a read that shows addresses outside the Users list showed (the dashboard's recent activity, the review queue,
 * the launch figures' top referrers): how many people and their entry numbers, never the addresses themselves. A
 * person's entry number in the trail answers "which staff saw my address, and when".
 */
export function entriesReadOf(ids: Iterable<string | number>): { people: number; entries: string[] } {
  // Sorted: the same entries make the same details, which is how a repeated read is recognised.
  const entries = [...new Set([...ids].map(String))].sort();
  return { people: entries.length, entries };
}
