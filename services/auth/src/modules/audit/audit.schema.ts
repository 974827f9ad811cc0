import { z } from 'zod';

/** `GET /api/admin/audit`: a cursor from the previous page's `nextCursor`, and a page size. */
export const auditQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'is not a cursor from a previous page')
    .transform((value) => BigInt(value))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
