import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A mail token as it travels in a link: 32 random bytes, base64url (43 characters). */
export { TOKEN_PATTERN } from '@mmdm/contracts/waitlist';

export type TokenPurpose = 'confirm' | 'unsubscribe' | 'invite' | 'data_access' | 'data_session';

export interface IssuedToken {
  /** Goes into the mail only; never stored, never logged. */
  raw: string;
  /** What the database keeps: a leaked table cannot be turned into working links. */
  hash: Buffer;
}

export function issueToken(): IssuedToken {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: hashToken(raw) };
}

export function hashToken(raw: string): Buffer {
  return createHash('sha256').update(raw, 'utf8').digest();
}

/**
 * The code of a member's ticket number `slot` (decision 036): an HMAC-SHA256 keyed with the member's invitation token
 * (32 random bytes only the member holds; the database keeps its hash), base64url like a mail token. As random as that
 * token to anyone without it, and the same on every view of the invitation page, so the database keeps only the
 * code's hash (hashToken) and never a code it could leak. A code does not lead back to the token (HMAC is one-way).
 */
export function ticketCode(rawInviteToken: string, slot: number): string {
  return createHmac('sha256', rawInviteToken).update(`mmdm ticket ${slot}`, 'utf8').digest('base64url');
}

// Crockford's base32 alphabet: no I, L, O, U, so a code read aloud or retyped is not mistaken.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 8 characters of base32 = 40 random bits: short enough to type, far too many to guess someone else's. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte & 31];
  return code;
}
