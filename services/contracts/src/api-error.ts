// The one shape of every error answer of every service and the gateway, as the OpenAPI document describes it.
import { z } from 'zod';

/**
 * `{success:false, code, message}`: clients branch on `code` (stable), people read `message`. Validation errors add
 * `issues` naming each field; 429s of the sign-in add `retryAfterSeconds`; some errors carry `data` (a 409
 * `token_used` of the confirmation still holds the entry, so the page can show the code).
 */
export const apiErrorSchema = z.looseObject({
  success: z.literal(false),
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  message: z.string().min(1),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
  data: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
