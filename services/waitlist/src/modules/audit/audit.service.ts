import { STAFF_READ_ACTIONS } from '@mmdm/contracts/waitlist-admin';
import { requestId } from '@mmdm/shared/request-id';
import { currentClaims } from '@mmdm/shared/tokens';
import type { Request } from 'express';
import type pg from 'pg';
import { listAudit, writeAudit, writeAuditUnlessRecent, type AuditRecord } from './audit.repository.js';

export type { AuditRecord } from './audit.repository.js';

export type AuditAction = AuditRecord['action'];
/** Staff reading personal data: one row per request, never the rows read. */
export type StaffReadAction = Extract<AuditAction, (typeof STAFF_READ_ACTIONS)[number]>;
/** Everything else: something changed, and its row commits with the change. */
export type ChangeAction = Exclude<AuditAction, StaffReadAction>;

/**
 * Who did it and from where: a staff member through a request (`staffActorOf`), the person on the "Your data" page,
 * the retention run, an operator's command.
 */
export type AuditActor = Pick<AuditRecord, 'actorSub' | 'actorEmail' | 'actorRole' | 'ip' | 'requestId'>;

/** A staff member's request (requireStaff has run): who, from where, in which request. */
export function staffActorOf(req: Request): AuditActor & { requestId: string } {
  const staff = currentClaims(req);
  return {
    actorSub: staff.sub,
    actorEmail: staff.email ?? null,
    actorRole: staff.role,
    ip: req.ip ?? null,
    requestId: requestId(req),
  };
}

/** How long a repeated read (same staff member, same action, same entries shown) adds no second row. */
export const REPEATED_READ_WINDOW_SECONDS = 10 * 60;

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

export interface AuditServiceDeps {
  pool: pg.Pool;
}

/**
 * The audit log (waitlist.audit_log): its one writer and reader. Services record here, never routes:
 * - a change (`change`) writes its row with the transaction's client, so the change and its row commit or roll back
 *   together;
 * - a read of personal data (`read`, `repeatedRead`) writes its row beside the read, which fails if the row cannot be
 *   written (a read changes nothing, so there is no transaction to share);
 * - work done in many transactions of its own (a retention run) records its summary once done (`summary`).
 */
export function createAuditService({ pool }: AuditServiceDeps) {
  return {
    /** The change's row, inside the change's transaction (`client` is that transaction's). */
    async change(
      client: pg.PoolClient,
      actor: AuditActor,
      action: ChangeAction,
      target: string | null,
      details: Record<string, unknown> = {},
    ): Promise<void> {
      await writeAudit(client, { ...actor, action, target, details });
    },

    /**
     * Staff reading personal data leaves a trail: who, when, from where and with what filter (its unset fields left
     * out), never the rows read. One insert per request whatever the page size.
     */
    async read(
      actor: AuditActor,
      action: StaffReadAction,
      filter: Record<string, unknown>,
      target: string | null = null,
    ): Promise<void> {
      const details = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
      await writeAudit(pool, { ...actor, action, target, details });
    },

    /**
     * A read a page repeats by itself (the dashboard refreshes every 10 s): audited like any read, but the same staff
     * member seeing the same entries again within ten minutes writes no second row, so an open dashboard writes at
     * most six rows an hour instead of 360. A new entry shown is a new read and writes a row at once.
     */
    async repeatedRead(actor: AuditActor, action: StaffReadAction, shown: Record<string, unknown>): Promise<void> {
      await writeAuditUnlessRecent(
        pool,
        { ...actor, action, target: null, details: shown },
        REPEATED_READ_WINDOW_SECONDS,
      );
    },

    /** What a run of many transactions did, once it is done (counts only). */
    async summary(actor: AuditActor, action: ChangeAction, details: Record<string, unknown>): Promise<void> {
      await writeAudit(pool, { ...actor, action, target: null, details });
    },

    /** Newest first; `reads` is the trail of staff reading personal data, `changes` everything else. */
    async page(cursor: string | undefined, limit: number, kind?: 'reads' | 'changes') {
      const filter = kind ? { actions: STAFF_READ_ACTIONS, exclude: kind === 'changes' } : undefined;
      const { items, nextCursor } = await listAudit(pool, cursor, limit, filter);
      return { items: items.map((item) => ({ ...item, id: Number(item.id), at: item.at.toISOString() })), nextCursor };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
