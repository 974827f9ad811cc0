import type pg from 'pg';
import { insertAuditEvent, selectAuditPage, type AuditEntry } from './audit.repository.js';

export type { AuditAction, AuditContext, AuditEntry, AuditItem } from './audit.repository.js';

/** The staff audit log: every staff action is recorded here, and admins page through it newest first. */
export function createAuditService(pool: pg.Pool) {
  return {
    record: (entry: AuditEntry) => insertAuditEvent(pool, entry),
    page: (before: bigint | undefined, limit: number) => selectAuditPage(pool, before, limit),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
