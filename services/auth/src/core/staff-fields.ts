import { STAFF_ROLES } from '@mmdm/shared';
import { z } from 'zod';

/**
 * Staff e-mail addresses: deliberately loose (one @, no spaces) because internal addresses such as admin@localhost
 * are legitimate here; nothing is ever mailed to them.
 */
export const staffEmail = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');

/** NIST SP 800-63B: length over composition rules; the upper bound keeps hashing cost bounded. */
export const newPassword = z
  .string()
  .min(12, 'must be at least 12 characters')
  .max(256, 'must be at most 256 characters');

export const staffRole = z.enum(STAFF_ROLES);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
