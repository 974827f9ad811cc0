import { z } from 'zod';

/**
 * One audit record (who, what, when, from where), as both services' audit logs answer it. The panel accepts the
 * fields in camelCase and, defensively, as the raw snake_case column names.
 */
export const auditRecordSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const record = raw as Record<string, unknown>;
    return {
      ...record,
      actorSub: record.actorSub ?? record.actor_sub,
      actorEmail: record.actorEmail ?? record.actor_email,
      requestId: record.requestId ?? record.request_id,
    };
  },
  z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    at: z.string(),
    actorSub: z.string().nullish(),
    actorEmail: z.string().nullish(),
    action: z.string(),
    target: z.string().nullish(),
    ip: z.string().nullish(),
    requestId: z.string().nullish(),
    details: z.record(z.string(), z.unknown()).nullish(),
  }),
);
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** GET /api/admin/audit and /api/admin/waitlist/audit: newest first, keyset-paged. */
export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  nextCursor: z.string().nullish(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
