import { z } from 'zod';

/** A staff account as the auth service describes it (GET /api/admin/me, /api/admin/staff). */
export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  disabled: z.boolean().optional().default(false),
  createdAt: z.string().nullish(),
  lastLoginAt: z.string().nullish(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/**
 * One audit record (who, what, when, from where). Both services keep the same columns; the panel accepts them in
 * camelCase and, defensively, as the raw snake_case column names.
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

export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  nextCursor: z.string().nullish(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
